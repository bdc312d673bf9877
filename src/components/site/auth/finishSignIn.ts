import { saveToken } from '../../../lib/auth';
import { navigateTo } from '../../../lib/pageNavigation';
import { rememberSignInAlert } from '../../../lib/signInAlert';
import { destinationAfterSignIn } from '../../../../schema/rules/token';

/**
 * Store the token (which tells the header) and go where the visitor was heading; a report of
 * wrong passwords tried since the last sign-in (`report`, the sign-in answer) is shown there.
 */
export function finishSignIn(accessToken: string, redirect: string | undefined, report: { failedSignIns?: number; lastFailedSignInAt?: string } = {}): void {
  rememberSignInAlert(report);
  saveToken(accessToken);
  navigateTo(destinationAfterSignIn(accessToken, redirect));
}

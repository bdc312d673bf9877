import { authState, saveToken } from '../../../lib/auth';
import { navigateTo } from '../../../lib/pageNavigation';
import { safeRedirect } from './redirect';

/** Store the token (which tells the header) and go where the visitor was heading. */
export function finishSignIn(accessToken: string, redirect: string | undefined): void {
  saveToken(accessToken);
  navigateTo(safeRedirect(redirect) ?? (authState(accessToken).kind === 'admin' ? '/admin' : '/dashboard'));
}

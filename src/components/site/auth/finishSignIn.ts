import { authState, saveToken } from '../../../lib/auth';
import { navigateTo } from '../../../lib/pageNavigation';
import { rememberSignInAlert } from '../../../lib/signInAlert';
import { safeRedirect } from '../../../../schema/rules/forms/redirect';

/** Where a signed-in visitor goes: the page they were heading to, when it is theirs to see. */
export function destinationAfterSignIn(accessToken: string, redirect: string | undefined): string {
  const isAdmin = authState(accessToken).kind === 'admin';
  const home = isAdmin ? '/admin' : '/dashboard';
  const target = safeRedirect(redirect);
  if (!target) return home;
  // An admin page for a learner would only bounce back to sign-in.
  if ((target === '/admin' || target.startsWith('/admin/') || target.startsWith('/admin?')) && !isAdmin) return home;
  return target;
}

/**
 * Store the token (which tells the header) and go where the visitor was heading; a report of
 * wrong passwords tried since the last sign-in (`report`, the sign-in answer) is shown there.
 */
export function finishSignIn(accessToken: string, redirect: string | undefined, report: { failedSignIns?: number; lastFailedSignInAt?: string } = {}): void {
  rememberSignInAlert(report);
  saveToken(accessToken);
  navigateTo(destinationAfterSignIn(accessToken, redirect));
}

import { useNavigate, useRouter } from '@tanstack/react-router';
import { authState, saveToken } from '../../../lib/auth';
import { safeRedirect } from './redirect';

/** Store the token (which tells the header) and go where the visitor was heading. */
export function useFinishSignIn(redirect: string | undefined) {
  const router = useRouter();
  const navigate = useNavigate();
  return (accessToken: string) => {
    saveToken(accessToken);
    const back = safeRedirect(redirect);
    if (back) {
      router.history.push(back);
    } else if (authState(accessToken).kind === 'admin') {
      // The admin tree is another team's; a history push avoids typing against it.
      router.history.push('/admin');
    } else {
      void navigate({ to: '/dashboard' });
    }
  };
}

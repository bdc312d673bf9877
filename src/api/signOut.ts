// «خروج» on the site and in the admin panel: the server ends this session first, so the token
// stops working everywhere at once (a copy left in another tab, a proxy log, a shared machine);
// then all local data goes, as the spec says. A failed or slow call still signs out here.
import { api, clearGetCache } from './client';
import { clearSession } from '../lib/auth';

/** How long a sign-out waits for the server before clearing locally anyway. */
const serverWaitMs = 5000;

export async function signOut(): Promise<void> {
  try {
    await api.POST('/api/Auth/SignOut', { signal: AbortSignal.timeout(serverWaitMs) });
  } catch {
    // Offline or timed out: the token still goes from this browser.
  }
  clearSession();
  clearGetCache();
}

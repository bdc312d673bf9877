import { useMemo, useSyncExternalStore } from 'react';
import { authState, readToken, tokenChangedEvent, type AuthState } from '../../lib/auth';

function subscribe(onChange: () => void): () => void {
  // `tokenChanged` covers this tab; `storage` covers sign-in or sign-out in another tab.
  window.addEventListener(tokenChangedEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(tokenChangedEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The raw token is the snapshot: a string compares by value, so re-renders happen only on change. */
function snapshot(): string | null {
  return readToken();
}

export function useAuthState(): AuthState {
  const token = useSyncExternalStore(subscribe, snapshot, () => null);
  return useMemo(() => authState(token), [token]);
}

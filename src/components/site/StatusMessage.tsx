import type { ReactNode } from 'react';

export type StatusKind = 'success' | 'error' | 'info';

/** The public pages' small stand-in for toasts: an inline, announced message. */
export function StatusMessage({ kind, children }: { kind: StatusKind; children: ReactNode }) {
  return (
    <div className={`status status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

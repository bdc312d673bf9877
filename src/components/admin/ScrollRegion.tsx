// A table's scrolling box. A table with nothing to focus inside (figures only) could not be
// scrolled from the keyboard: the box itself takes focus, and is a named region so a screen
// reader says what it is when it gets there.
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

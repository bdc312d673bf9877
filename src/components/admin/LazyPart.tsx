// A part of the admin loaded when first needed (the form, the CSV import). Its code comes from
// the server on first use, so a dropped connection at that moment shows a message in place of
// the part, and the rest of the screen, with everything typed in it, stays.
import { Component, Suspense, type ReactNode } from 'react';
import { adminTexts } from './texts';

interface BoundaryState {
  failed: boolean;
}

class LoadBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="admin-failed" role="alert">
          {adminTexts.partNotLoaded}
        </p>
      );
    }
    return this.props.children;
  }
}

export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense
        fallback={
          <p className="admin-loading" role="status">
            {adminTexts.loading}
          </p>
        }
      >
        {children}
      </Suspense>
    </LoadBoundary>
  );
}

// A part of the admin loaded when first needed (the form, the CSV import). Its code comes from
// the server on first use, so a dropped connection at that moment shows a message in place of
// the part, and the rest of the screen, with everything typed in it, stays.
import { Component, Suspense, createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
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

/**
 * A part fetched on first use, or before it (`preload`: when the browser is idle, when the admin
 * points at or focuses what opens it). A part already here renders at once: React.lazy would
 * show the loading text for a frame even then (its promise settles after the render), so a
 * mount that finds the part loaded renders it directly. Each mount keeps the way it started,
 * as switching would mount the part anew and lose what was typed in it.
 */
export function preloadablePart<P extends object>(load: () => Promise<ComponentType<P>>): { Part: ComponentType<P>; preload: () => void } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchPart = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A dropped connection: the next preload or opening tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => fetchPart().then((component) => ({ default: component })));
  function Part(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return {
    Part,
    // A failed preload says nothing: opening the part shows the failure in its place.
    preload: () => void fetchPart().catch(() => undefined),
  };
}

/** Runs `task` when the browser has nothing else to do (soon at the latest); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

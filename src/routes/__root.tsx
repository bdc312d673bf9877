import { createRootRouteWithContext, lazyRouteComponent, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { RouterContext } from '../router';

export const loadingText = 'در حال بارگذاری...';

function ScrollToTopOnPathChange() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Marks the document once React has taken over the page: a server-rendered page reads and its
 * links work before that, but its buttons and forms answer only after it (browser tests wait
 * for it after each full page load).
 */
function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

function RootLayout() {
  return (
    <>
      <ScrollToTopOnPathChange />
      <AppReadyMarker />
      <Outlet />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The root route is never code-split; a static import would put the site shell (header,
  // footer, icons) into the entry chunk that the admin and every page load first.
  notFoundComponent: lazyRouteComponent(() => import('../components/site/NotFoundPage'), 'NotFoundPage'),
  pendingComponent: () => <div className="loading-fallback">{loadingText}</div>,
});

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

function RootLayout() {
  return (
    <>
      <ScrollToTopOnPathChange />
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

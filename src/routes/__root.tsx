import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { RouterContext } from '../router';
import { NotFoundPage } from '../components/site/NotFoundPage';

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
  notFoundComponent: NotFoundPage,
  pendingComponent: () => <div className="loading-fallback">{loadingText}</div>,
});

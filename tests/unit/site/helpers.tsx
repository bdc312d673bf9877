import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

// jsdom does not scroll; the router calls scrollTo on every navigation.
window.scrollTo = () => undefined;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped string: the SPA only reads the payload's role. */
export function fakeToken(role: string): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ sub: '7', role }))}.sig`;
}

const paths = ['/', '/categories', '/articles', '/about-us', '/contact-us', '/auth', '/dashboard', '/admin'];

/** Renders `ui` above a tiny router holding the site's link targets, so `<Link>` works. */
export function renderWithRouter(ui: ReactNode, initialPath = '/') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const routes = paths.map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p data-testid="page">{path}</p> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  return { router, ...render(<RouterProvider router={router} />) };
}

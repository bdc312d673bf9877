import { createRouter } from '@tanstack/react-router';
import { api, setUnauthorizedHandler } from './api/client';
import { authState, isAdmin, isSignedIn } from './lib/auth';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  auth: { state: typeof authState; isAdmin: typeof isAdmin; isSignedIn: typeof isSignedIn };
  api: typeof api;
}

export const router = createRouter({
  routeTree,
  context: { auth: { state: authState, isAdmin, isSignedIn }, api },
  defaultPreload: 'intent',
  scrollRestoration: false,
});

setUnauthorizedHandler(() => {
  router.history.push('/auth');
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

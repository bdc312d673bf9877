import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { api } from './api/client';
import { authState, isAdmin, isSignedIn } from './lib/auth';
import { RouteError } from './components/site/RouteError';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  auth: { state: typeof authState; isAdmin: typeof isAdmin; isSignedIn: typeof isSignedIn };
  api: typeof api;
}

interface AppRouterOptions {
  /** The browser's history when omitted; the server renders from a memory history. */
  history?: RouterHistory;
  /** The server passes a client that answers in-process and records what the page read. */
  api?: typeof api;
}

/** One factory for the browser and the server render, so both build the same routes and context. */
export function createAppRouter(options: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { auth: { state: authState, isAdmin, isSignedIn }, api: options.api ?? api },
    defaultPreload: 'intent',
    // In the entry chunk, not split with each route: when the server is gone, a screen whose code
    // or schema has not arrived yet fails to load, and its error must not need a chunk of its own.
    defaultErrorComponent: RouteError,
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primeGetCache, serverAnswersElementId, setUnauthorizedHandler } from './api/client';
import { createAppRouter } from './router';
import './styles/base.css';

const router = createAppRouter();
setUnauthorizedHandler(() => {
  router.history.push('/auth');
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// A public page arrives rendered by the server with the API answers it was rendered from.
// Loading the route from those answers first makes the browser's first render identical to the
// server's HTML, so React adopts that HTML instead of replacing it.
const serverAnswers = document.getElementById(serverAnswersElementId);
if (serverAnswers && container.firstElementChild) {
  primeGetCache(serverAnswers.textContent ?? '{}');
  // Marks the router as hydrating a server render, as TanStack's own hydrate() does: the root
  // route then renders without the Suspense boundary the server render did not have either.
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page; the server's HTML stays readable meanwhile.
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSecondFactorHandler, setUnauthorizedHandler } from './api/client';
import { followIslandLinksInSpa, setSpaNavigator } from './lib/pageNavigation';
import { createAppRouter } from './router';
import { secondFactorPath } from './lib/auth';
import './styles/base.css';

const router = createAppRouter();
setUnauthorizedHandler(() => {
  // A session that ended on an admin or dashboard page comes back to it after signing in again.
  const { pathname, search } = router.history.location;
  const back = pathname.startsWith('/admin') || pathname.startsWith('/dashboard') ? `?${new URLSearchParams({ redirect: pathname + search })}` : '';
  router.history.push(`/auth${back}`);
});
setSecondFactorHandler(() => {
  // Every panel call of the screen is refused alike: the page is opened once, and comes back here.
  const { pathname, search } = router.history.location;
  if (pathname === secondFactorPath) return;
  router.history.push(`${secondFactorPath}?${new URLSearchParams({ redirect: pathname + search })}`);
});
// Server-rendered pages never load this entry (src/islands/main.tsx hydrates them); here, in
// the SPA, the islands' plain links and moves go through the router.
setSpaNavigator((href, replace) => (replace ? router.history.replace(href) : router.history.push(href)));
followIslandLinksInSpa(document);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

createRoot(container).render(app);

// The server's render of a public page (built by `vite build --ssr`, loaded by server/features/catalogue/ssr.ts):
// the same routes, loaders and components as the browser, so the first paint is the page itself
// rather than an empty shell waiting for JavaScript and an API round-trip. The browser then
// hydrates only the page's islands (src/islands/), from the props written into the HTML.
import { createMemoryHistory, isRedirect, RouterProvider } from '@tanstack/react-router';
import createClient from 'openapi-fetch';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { paths } from '../codegen/openapi.gen';
import type { PageHead, RenderRequest, RenderResult } from '../schema/serverRender';
import { ServerRenderContext, type ServerRender } from './lib/seo';
import { createAppRouter } from './router';

/** Only the public site is rendered: the admin panel and dashboard depend on the visitor's token. */
const publicLayoutId = '/_site';
const clientRenderMarker = '<!--$!-->';

export async function render(request: RenderRequest): Promise<RenderResult> {
  const api = createClient<paths>({
    baseUrl: request.origin,
    fetch: async (call: Request) => {
      const url = new URL(call.url);
      const pathAndQuery = `${url.pathname}${url.search}`;
      const answer = await request.callApi(call.method, pathAndQuery);
      return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': answer.contentType } });
    },
  });
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [request.url] }), api });
  const [matchedRoutes] = router.getMatchedRoutes(router.state.location.pathname);
  if (!matchedRoutes.some((route) => route.id === publicLayoutId)) return { kind: 'shell' };
  await router.load();

  const result = router._serverResult;
  if (result?.type === 'redirect') {
    const redirect = result.redirect;
    const location = isRedirect(redirect) ? (redirect.options.href ?? router.buildLocation(redirect.options).href) : '/';
    return { kind: 'redirect', location };
  }

  const head: PageHead = { title: '', description: '', jsonLd: null };
  const server: ServerRender = {
    origin: request.origin,
    setHead: (part) => Object.assign(head, part),
    sanitizeHtml: request.sanitizeHtml,
    posted: request.posted,
  };
  // Not-found and failed pages keep the client's rendering: their components are fetched lazily.
  if (result?.type === 'render' && result.status !== 200) return { kind: 'shell' };
  const html = renderToString(
    <StrictMode>
      <ServerRenderContext.Provider value={server}>
        <RouterProvider router={router} />
      </ServerRenderContext.Provider>
    </StrictMode>,
  );
  // React answers a component that threw with a marker that makes the browser render that part
  // instead; the page must not depend on that, so the caller logs it and sends the shell.
  if (html.includes(clientRenderMarker)) throw new Error(`Server render of ${request.url} failed; see the page's <template data-msg>`);
  const routeIds = router.state.matches.map((match) => match.routeId);
  return { kind: 'page', html, head, routeIds };
}

// The public site as pages: every address that is no API call gets its page, rendered on the
// server when it is a public one (else the SPA's shell), with a real 404 for a path that is no
// page or an unknown slug, a 301 to a page's canonical address, the form posts that arrived before
// their scripts, and the sitemap and robots files. A rendered page is kept in memory until what
// it shows changes (pageCache.ts), with its compressed forms.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../platform/config';
import type { DB } from '../../platform/db';
import { EncodedBody } from '../../platform/encoding';
import { texts } from '../../platform/errors';
import { htmlPreference } from '../../platform/protocol';
import { sanitizeRichText } from '../../platform/sanitize';
import { sendStaticFile, type StaticIndex } from '../../platform/staticFiles';
import { registerFormPosts } from './formPosts';
import { etagOf, PageCache, sendKeptPage, type KeptAnswer } from './pageCache';
import { pageStatus, type PageStatus } from './pages';
import { registerSeoFiles } from './public';
import { loadPageRenderer, markOffline, type PageRenderer } from './ssr';

export interface SitePages {
  /** Whether a built site is there to serve (dist/index.html). */
  built: boolean;
  /** Answers the site's addresses on `app`, once the app and its static files exist. */
  register(app: FastifyInstance, context: { db: DB; config: AppConfig; siteFiles: StaticIndex | undefined; siteOrigin: string }): Promise<void>;
}

/**
 * The site's pages out of the build in `distDir`. Made before the database opens: the server
 * render's import starts here and overlaps the database's start-up.
 */
export function sitePages(options: { distDir: string; offline: boolean; onError: (error: unknown) => void }): SitePages {
  const { distDir, offline } = options;
  const built = existsSync(path.join(distDir, 'index.html'));
  const renderer = built
    ? loadPageRenderer({
        distDir,
        offline,
        ssrDir: path.join(path.dirname(distDir), 'dist-ssr'),
        sanitizeHtml: sanitizeRichText,
        // The shell still renders the page in the browser, so a failed server render costs
        // speed, not the page; it is reported because it means a bug in a public page.
        onError: options.onError,
      })
    : null;
  return {
    built,
    async register(app, { db, config, siteFiles, siteOrigin }) {
      const servePage = pageServer({ app, db, distDir, offline, renderer, siteFiles, siteOrigin });
      if (built) app.get('/', function servePublicHome(request, reply) {
        return servePage(request, reply);
      });
      // The public forms posted before their scripts arrived: answered with their pages rendered again.
      if (renderer) await registerFormPosts(app, { siteOrigin, pageRenderer: renderer });
      app.setNotFoundHandler(async function serveUnroutedAddress(request, reply) {
        const url = request.url.split('?', 1)[0] ?? '';
        const mayBePage = built && (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
        // Any client that does not refuse HTML (browsers, curl's `*/*`, link-preview bots, no Accept
        // at all) gets a page that exists; one asking for HTML by name also gets the HTML 404 page;
        // one that takes only other types (JSON) gets the JSON 404.
        const html = mayBePage ? htmlPreference(request.headers.accept) : { quality: 0, explicit: false };
        if (html.explicit) return servePage(request, reply);
        if (html.quality > 0) {
          const status = await pageStatus(url, db);
          if (status !== 404) return servePage(request, reply, status);
        }
        return reply.code(404).send({ message: texts.unknownResource });
      });
      registerSeoFiles(app, db, config);
    },
  };
}

/** Answers one page's address: kept, rendered, the shell, or a redirect to its canonical address. */
function pageServer(context: {
  app: FastifyInstance;
  db: DB;
  distDir: string;
  offline: boolean;
  renderer: PageRenderer | null;
  siteFiles: StaticIndex | undefined;
  siteOrigin: string;
}): (request: FastifyRequest, reply: FastifyReply, known?: PageStatus) => Promise<FastifyReply> {
  const { app, db, distDir, offline, renderer, siteFiles, siteOrigin } = context;
  const pages = new PageCache(db);
  let shell: Promise<string> | undefined;
  const offlineShell = () => (shell ??= readFile(path.join(distDir, 'index.html'), 'utf8').then(markOffline));
  const renderToKeep = async (url: string): Promise<KeptAnswer | null> => {
    if (!renderer) return null;
    const page = await renderer.render(url, siteOrigin, app);
    if (page.kind === 'redirect') return page;
    if (page.kind !== 'page') return null;
    const html = Buffer.from(page.html);
    return { kind: 'page', body: new EncodedBody(html), etag: etagOf(html) };
  };
  return async (request, reply, known) => {
    const at = request.url.indexOf('?');
    const pathname = at < 0 ? request.url : request.url.slice(0, at);
    const query = at < 0 ? undefined : request.url.slice(at + 1);
    reply.header('Cache-Control', 'no-cache');
    // A kept page answers before its existence is checked again: it was checked when rendered,
    // and any write that could change the answer makes the page render again.
    let status = known;
    const kept = renderer
      ? await pages.get(request.url, async () => {
          status ??= await pageStatus(pathname, db);
          return status === 200 ? renderToKeep(request.url) : null;
        })
      : null;
    if (kept?.kind === 'redirect') return reply.redirect(kept.location, 301);
    if (kept?.kind === 'page') return sendKeptPage(request, reply, kept);
    status ??= await pageStatus(pathname, db);
    // The canonical address of a page that lives elsewhere (a course under another category),
    // with or without the server render.
    if (typeof status === 'object') return reply.redirect(query === undefined ? status.redirect : `${status.redirect}?${query}`, 301);
    if (offline) return reply.code(status).type('text/html; charset=utf-8').send(await offlineShell());
    const shellFile = siteFiles?.get('/index.html');
    return shellFile ? sendStaticFile(request, reply.code(status), shellFile) : reply.code(status).send();
  };
}

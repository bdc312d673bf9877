// Server rendering of the public pages. The render itself is the SPA's own code
// (src/entry-server.tsx, built into dist-ssr/ by `npm run build`); this module loads it, answers
// its API calls in-process, and wraps its HTML in the built index.html with the page's title,
// description, structured data, stylesheets and chunks. Without a built render (`npm run
// serve:dev`, or a tree built before it existed) every page gets the plain shell as before.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { PostedAnswer } from '../../../schema/rules/forms/postedForm';
import { offlineMark, type RenderRequest, type RenderResult } from '../../../schema/serverRender';

interface Renderer {
  render(request: RenderRequest): Promise<RenderResult>;
}

function isRenderer(value: unknown): value is Renderer {
  return typeof value === 'object' && value !== null && 'render' in value && typeof value.render === 'function';
}

const manifestSchema = v.record(
  v.string(),
  v.object({
    file: v.string(),
    src: v.optional(v.string()),
    isEntry: v.optional(v.boolean()),
    css: v.optional(v.array(v.string())),
    imports: v.optional(v.array(v.string())),
  }),
);
type Manifest = v.InferOutput<typeof manifestSchema>;

interface RouteAssets {
  css: string[];
}

/**
 * The route id a route file defines, by TanStack Router's flat-file convention:
 * `src/routes/_site/categories.$slug.tsx` is `/_site/categories/$slug`, `…/index.tsx` ends in `/`.
 */
export function routeIdOfSource(source: string): string | null {
  const match = /^src\/routes\/(.+)\.tsx(?:\?tsr-split=component)?$/.exec(source);
  if (!match?.[1]) return null;
  const id = `/${match[1].replace(/\./g, '/')}`;
  return id.endsWith('/index') ? id.slice(0, -'index'.length) : id;
}

/** Each route's stylesheets: its component chunk's and its imports', less what index.html already loads. */
export function assetsByRoute(manifest: Manifest): Map<string, RouteAssets> {
  const closure = (key: string, seen: Set<string>): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  };
  const loadedByShell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loadedByShell);

  const byRoute = new Map<string, RouteAssets>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const routeId = chunk.src ? routeIdOfSource(chunk.src) : null;
    if (!routeId) continue;
    const keys = new Set<string>();
    closure(key, keys);
    const assets = byRoute.get(routeId) ?? { css: [] };
    for (const each of keys) {
      const part = manifest[each];
      if (!part) continue;
      if (loadedByShell.has(each)) continue;
      for (const css of part.css ?? []) if (!assets.css.includes(css)) assets.css.push(css);
    }
    byRoute.set(routeId, assets);
  }
  return byRoute;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

export type RenderedPage = { kind: 'page'; html: string } | { kind: 'redirect'; location: string } | { kind: 'shell' };

/** What a page rendered as the answer to a plain form post (server/features/catalogue/formPosts.ts) is told besides its address. */
export interface FormAnswer {
  posted: PostedAnswer;
  /** A session made by that post, for src/handoff.ts to store in the browser. */
  session?: { token: string; destination: string; failedSignIns?: number; lastFailedSignInAt?: string };
}

export interface PageRenderer {
  /** `app` answers the render's API calls in-process. */
  render(pathAndQuery: string, origin: string, app: FastifyInstance, formAnswer?: FormAnswer): Promise<RenderedPage>;
}

interface RenderSetup {
  module: Renderer;
  template: string;
  /** The template's boot script, and what replaces it on a page that hands a session over. */
  bootScript: string;
  handoffScript: string;
  routeAssets: Map<string, RouteAssets>;
  inlineStyle(file: string): Promise<string>;
}

/**
 * Starts loading the built render at once and returns without waiting for it, so the import
 * (~0.2 s) overlaps the database's start-up; the first page request waits for it if need be.
 */
export function loadPageRenderer(options: {
  distDir: string;
  ssrDir: string;
  /** Every page marked as one that loads nothing from the internet (offlineMark). */
  offline: boolean;
  sanitizeHtml(html: string): string;
  onError(error: unknown): void;
}): PageRenderer | null {
  const entry = path.join(options.ssrDir, 'entry-server.js');
  const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile) || !existsSync(path.join(options.distDir, 'index.html'))) return null;
  const setup = prepare(entry, manifestFile, options.distDir, options.offline);
  // Observed here so a failed load is reported once, when a page needs it, not as an unhandled rejection.
  setup.catch(() => undefined);

  return {
    async render(pathAndQuery, origin, app, formAnswer) {
      let result: RenderResult;
      let ready: RenderSetup;
      try {
        ready = await setup;
        result = await ready.module.render({
          url: pathAndQuery,
          origin,
          callApi: inProcessApi(app),
          sanitizeHtml: options.sanitizeHtml,
          posted: formAnswer?.posted,
        });
      } catch (error) {
        options.onError(error);
        return { kind: 'shell' };
      }
      if (result.kind !== 'page') return result;
      return { kind: 'page', html: await pageHtml(ready, result, formAnswer?.session) };
    },
  };
}

function inProcessApi(app: FastifyInstance): RenderRequest['callApi'] {
  return async (method, pathAndQuery) => {
    const answer = await app.inject({
      method: method === 'GET' ? 'GET' : 'HEAD',
      url: pathAndQuery,
      headers: { accept: 'application/json' },
    });
    const contentType = answer.headers['content-type'];
    return { status: answer.statusCode, contentType: typeof contentType === 'string' ? contentType : 'application/json', body: answer.body };
  };
}

async function prepare(entry: string, manifestFile: string, distDir: string, offline: boolean): Promise<RenderSetup> {
  const module: unknown = await import(pathToFileURL(entry).href);
  if (!isRenderer(module)) throw new Error(`${entry} does not export render()`);
  // Stylesheets are few and small (~7 kB compressed for a public page), so a rendered page
  // carries its own: the first paint then waits for the HTML alone, not for another round-trip.
  const stylesheets = new Map<string, string>();
  const inlineStyle = async (file: string) => {
    let css = stylesheets.get(file);
    if (css === undefined) {
      css = (await readFile(path.join(distDir, file), 'utf8')).replace(/<\/style/gi, '<\\/style');
      stylesheets.set(file, css);
    }
    return `<style data-href="/${file}">${css}</style>`;
  };
  const stylesheetLink = /<link rel="stylesheet"[^>]* href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;
  const manifest = v.parse(manifestSchema, JSON.parse(await readFile(manifestFile, 'utf8')));
  const boot = manifest['src/boot.ts']?.file;
  if (!boot) throw new Error(`${manifestFile} has no src/boot.ts entry`);
  const islands = manifest['src/islands/main.tsx']?.file;
  if (!islands) throw new Error(`${manifestFile} has no src/islands/main.tsx entry`);
  const handoff = manifest['src/handoff.ts']?.file;
  if (!handoff) throw new Error(`${manifestFile} has no src/handoff.ts entry`);
  const routeAssets = assetsByRoute(manifest);
  let template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  if (offline) template = markOffline(template);
  // A rendered page needs only its islands (src/islands/main.tsx), not the SPA: that entry is
  // started by the boot script after the first paint, and nothing is preloaded ahead of it.
  template = template.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const entryScript = /<script type="module" crossorigin src="\/assets\/[\w.-]+\.js"><\/script>/.exec(template);
  if (!entryScript) throw new Error('index.html has no module entry script');
  const bootScript = `<script type="module" crossorigin src="/${boot}" data-entry="/${islands}"></script>`;
  template = template.replace(entryScript[0], () => bootScript);
  // The first paint waits until the page's fonts are decoded (public/fonts-ready.js), so the text
  // is never laid out twice. At the end of the head, after the stylesheet that declares the
  // fonts: an async script runs as soon as it arrives.
  template = template.replace('</head>', () => '<script type="module" async blocking="render" src="/fonts-ready.js"></script></head>');
  // index.html's stylesheets go into the page, except the fonts' sheet (vite.config.ts): the same
  // 57 kB for every page, so it stays a file the browser fetches once and keeps.
  const fontsEntry = 'src/styles/fonts.css';
  const fontsSheet = manifest[fontsEntry]?.file;
  if (!fontsSheet) throw new Error(`${manifestFile} has no ${fontsEntry} entry`);
  for (const [link, file] of [...template.matchAll(stylesheetLink)]) {
    if (!file || file === fontsSheet) continue;
    const style = await inlineStyle(file);
    template = template.replace(link, () => style);
  }
  const handoffScript = `<script type="module" crossorigin src="/${handoff}"></script>`;
  return { module, template, bootScript, handoffScript, routeAssets, inlineStyle };
}

/** A page of a site that loads nothing from the internet, marked so in its head (offlineMark). */
export const markOffline = (html: string): string => html.replace('</head>', () => `${offlineMark.html}</head>`);

/** The built index.html around the rendered page, with the page's head and its own assets. */
async function pageHtml(
  { template, bootScript, handoffScript, routeAssets, inlineStyle }: RenderSetup,
  result: Extract<RenderResult, { kind: 'page' }>,
  session?: FormAnswer['session'],
): Promise<string> {
  const css = new Set<string>();
  for (const routeId of result.routeIds) {
    const assets = routeAssets.get(routeId);
    for (const file of assets?.css ?? []) css.add(file);
  }
  const styles = await Promise.all([...css].map(inlineStyle));
  const headTags = [
    ...styles,
    result.head.jsonLd ? `<script type="application/ld+json" data-seo="page">${result.head.jsonLd}</script>` : '',
    // The session a plain sign-in post made. The app keeps its session in localStorage, which
    // only a script can write, and the CSP allows no inline script: so the token travels as data
    // in this one answer (sent `no-store`), and src/handoff.ts, the page's only script, moves it
    // into localStorage, removes this element and replaces the page with the destination.
    // Not a cookie: the API reads bearer tokens only, and a cookie would ride along with every
    // later request (and any cross-site one) for as long as it lived; nor a redirect with the
    // token in its address, which history, logs and Referer headers would keep.
    session
      ? `<meta name="session-handoff" content="${escapeHtml(session.token)}" data-destination="${escapeHtml(session.destination)}"${
          session.failedSignIns
            ? ` data-failed-sign-ins="${session.failedSignIns}" data-last-failed-at="${escapeHtml(session.lastFailedSignInAt ?? '')}"`
            : ''
        }>`
      : '',
  ].join('');

  // A page that hands a session over is left at once: it starts no islands.
  let html = session ? template.replace(bootScript, () => handoffScript) : template;
  if (result.head.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.head.title)}</title>`);
  if (result.head.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(result.head.description)}" />`,
    );
  }
  html = html.replace('</head>', () => `${headTags}</head>`);
  html = html.replace('<div id="root"></div>', () => `<div id="root">${result.html}</div>`);
  return html;
}

// Each public page names itself to search engines: document title, meta description and, for
// courses, schema.org JSON-LD. In the browser these are effects; when the server renders a page
// (src/entry-server.tsx) the same hooks hand them to the render's context, which writes them
// into the HTML it sends, so crawlers and the first paint see them without running JavaScript.
import { createContext, useContext, useEffect } from 'react';
import type { PostedAnswer } from '../../schema/rules/forms/postedForm';
import type { PageHead } from '../../schema/serverRender';
import { toPersianDigits } from '../../schema/rules/text';

export const siteName = 'آکادمی آینده‌سازان';

export interface SeoInput {
  title: string;
  description: string;
}


/** What a server render offers the page: where the site is, and where its head goes. */
export interface ServerRender {
  origin: string;
  setHead(part: Partial<PageHead>): void;
  /** The server's own sanitiser: DOMPurify needs a DOM, which the server does not have. */
  sanitizeHtml(html: string): string;
  /** A form posted to this page before its scripts arrived (server/features/catalogue/formPosts.ts). */
  posted?: PostedAnswer;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** The tab's title, its digits shown as every other text (a course title's Latin word kept). */
export function documentTitle(title: string): string {
  return toPersianDigits(title === siteName ? title : `${title} | ${siteName}`);
}

export function useSeo({ title, description }: SeoInput): void {
  const server = useServerRender();
  const shownDescription = toPersianDigits(description);
  server?.setHead({ title: documentTitle(title), description: shownDescription });
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('description', shownDescription);
  }, [title, shownDescription]);
}

/** The site's own address, for absolute URLs in structured data. */
export function useSiteOrigin(): string {
  const server = useServerRender();
  return server ? server.origin : window.location.origin;
}

/** `<` is escaped so text from the catalogue cannot close the script element. */
export function serialiseJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const jsonLdSelector = 'script[type="application/ld+json"][data-seo="page"]';

/**
 * Adds a `<script type="application/ld+json">` while the page is shown. The browser never
 * executes this type. A server-rendered page already has one; the effect takes it over.
 */
export function useJsonLd(data: Record<string, unknown> | null): void {
  const json = data ? serialiseJsonLd(data) : null;
  const server = useServerRender();
  server?.setHead({ jsonLd: json });
  useEffect(() => {
    if (!json) return undefined;
    const script = document.head.querySelector<HTMLScriptElement>(jsonLdSelector) ?? document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.seo = 'page';
    script.textContent = json;
    if (!script.isConnected) document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
}

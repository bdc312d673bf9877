// What the server and the server-render entry (src/entry-server.tsx, built into dist-ssr/) say to
// each other: the server loads the built entry by its path and calls `render` with a request of
// this shape; neither side imports the other's code for it.
import type { PostedAnswer } from './rules/forms/postedForm';

/**
 * The mark in the head of every page of a site that loads nothing from the internet (the trial,
 * which runs on a machine that may have none): the browser's code then fetches no third party's
 * script or image (the footer's Zarinpal trust badge). The server writes it; the page reads it.
 */
export const offlineMark = { html: '<meta name="academy-offline" content="1">', selector: 'meta[name="academy-offline"]' } as const;

export interface PageHead {
  title: string;
  description: string;
  /** Already serialised and safe inside a `<script>` element. */
  jsonLd: string | null;
}

export interface ApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface RenderRequest {
  /** Path and query of the page, as requested. */
  url: string;
  origin: string;
  /** Answers an API GET in-process (no socket); only GETs are ever made by loaders. */
  callApi(method: string, pathAndQuery: string): Promise<ApiAnswer>;
  sanitizeHtml(html: string): string;
  /** The form just posted to this page before its scripts arrived (server/features/catalogue/formPosts.ts). */
  posted?: PostedAnswer;
}

export type RenderResult =
  | { kind: 'page'; html: string; head: PageHead; routeIds: string[] }
  | { kind: 'redirect'; location: string }
  /** Not rendered here: the browser renders it from the empty shell, as before. */
  | { kind: 'shell' };

// Each public page names itself to search engines: document title, meta description and, for
// courses, schema.org JSON-LD. Plain effects, because the SPA has no server rendering.
import { useEffect } from 'react';

export const siteName = 'آکادمی آینده‌سازان';

export interface SeoInput {
  title: string;
  description: string;
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

export function documentTitle(title: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

export function useSeo({ title, description }: SeoInput): void {
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('description', description);
  }, [title, description]);
}

/**
 * Adds a `<script type="application/ld+json">` while the page is shown. The browser never
 * executes this type; `<` is escaped anyway so text from the catalogue cannot close the tag.
 */
export function useJsonLd(data: Record<string, unknown> | null): void {
  const json = data ? JSON.stringify(data).replace(/</g, '\\u003c') : null;
  useEffect(() => {
    if (!json) return undefined;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.seo = 'page';
    script.textContent = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
}

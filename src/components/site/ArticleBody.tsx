import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useServerRender } from '../../lib/seo';
import { toPersianDigitsInHtml } from '../../../schema/rules/text';

// The server sanitises on save; this second pass protects readers if stored HTML ever bypassed
// it (old rows, a direct database edit). Links opening a new tab never get an opener.
// DOMPurify works only with a DOM, so its hook is installed on first use in the browser (the
// server's render sanitises with the server's own sanitiser).
let hookInstalled = false;
const installHook = () => DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // The editor's only inline style is text alignment; any other declaration (url(), positioning
  // over the page) is someone else's.
  const style = node.getAttribute('style');
  if (style !== null) {
    const align = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:;|$)/i.exec(style)?.[1];
    if (align) node.setAttribute('style', `text-align: ${align.toLowerCase()}`);
    else node.removeAttribute('style');
  }
});

export function sanitizeArticleHtml(html: string): string {
  if (!hookInstalled) {
    installHook();
    hookInstalled = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    // The editor never writes id or name; left in, `<img name="x">` or `<a id="x">` would
    // clobber window.x / document.x that the page's own scripts read.
    FORBID_ATTR: ['id', 'name'],
  });
}

export function ArticleBody({ html }: { html: string }) {
  const server = useServerRender();
  // Digits in the prose are shown Persian; code, links and attributes keep theirs. The stored
  // article is never changed: this is the page's rendering of it.
  const clean = useMemo(() => toPersianDigitsInHtml(server ? server.sanitizeHtml(html) : sanitizeArticleHtml(html)), [server, html]);
  // A server-rendered page carries the server sanitiser's output, which may differ in spelling
  // (attribute order, entities) from DOMPurify's; both are safe, so hydration keeps the first.
  return <div className="article-body" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: clean }} />;
}

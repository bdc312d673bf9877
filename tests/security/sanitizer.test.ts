// @vitest-environment jsdom
// The two sanitisers of article HTML, on the whole XSS corpus: the server's allow-list on write
// (server/platform/sanitize.ts, matched to what the editor produces) and DOMPurify on render
// (ArticleBody). Each alone must leave nothing executable, and the editor's own markup survives.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/platform/sanitize';
import { sanitizeArticleHtml } from '../../src/components/site/ArticleBody';
import { xssPayloads } from './xss-payloads';

/** Tags the editor never produces; the server's allow-list must drop every one. */
const notEditorTags = ['IMG', 'VIDEO', 'AUDIO', 'SOURCE', 'TEXTAREA', 'SELECT', 'INPUT', 'BUTTON', 'DETAILS', 'MARQUEE', 'DIV', 'TITLE'];
/** Tags that can run script or load a document, whoever sanitised. */
const executableTags = ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'STYLE', 'BASE', 'META', 'LINK', 'SVG', 'MATH', 'TEMPLATE', 'FRAME', 'FRAMESET', 'NOSCRIPT'];

/** Problems of sanitised HTML: anything that could run script or clobber globals once in the DOM. */
function executableParts(html: string, strict = false): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  const forbiddenTags = new Set(strict ? [...executableTags, ...notEditorTags] : executableTags);
  const walk = (root: ParentNode) => {
    for (const element of Array.from(root.querySelectorAll('*'))) {
      if (forbiddenTags.has(element.tagName.toUpperCase())) problems.push(`<${element.tagName.toLowerCase()}>`);
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (name.startsWith('on')) problems.push(`${name}=`);
        if (['srcdoc', 'formaction', 'xlink:href', 'action', 'background'].includes(name)) problems.push(`${name}=`);
        // An id or name that is a global or document property clobbers it (window.__xss, document.body).
        if ((name === 'id' || name === 'name') && (attribute.value in window || attribute.value in document || attribute.value.startsWith('__'))) problems.push(`${name}=${attribute.value}`);
        if (strict && (name === 'id' || name === 'name')) problems.push(`${name}=`);
        if (/^(javascript|vbscript|data):/.test(value)) problems.push(`${name}=${value.slice(0, 20)}`);
        if (name === 'style' && /url\(|expression|@import|javascript/.test(value)) problems.push(`style=${value.slice(0, 30)}`);
      }
      if (element instanceof HTMLTemplateElement) walk(element.content);
    }
  };
  walk(template.content);
  return problems;
}

describe('article HTML sanitisers', () => {
  it(`leave nothing executable in any of the ${xssPayloads.length} payloads (server on write, DOMPurify on render, and both)`, () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(40);
    for (const payload of xssPayloads) {
      const server = sanitizeRichText(payload);
      const client = sanitizeArticleHtml(payload);
      const both = sanitizeArticleHtml(server);
      expect(executableParts(server, true), `server: ${payload} → ${server}`).toEqual([]);
      expect(executableParts(client), `client: ${payload} → ${client}`).toEqual([]);
      expect(executableParts(both), `both: ${payload} → ${both}`).toEqual([]);
      // The server pass is stable: sanitising its output again changes nothing (no mutation).
      expect(sanitizeRichText(server), payload).toBe(server);
    }
    console.log(`sanitiser: ${xssPayloads.length} payloads × 3 passes clean`);
  });

  it('keeps the markup the editor produces', () => {
    const editorHtml =
      '<h1 style="text-align: center">عنوان</h1><h2>زیرعنوان</h2><p style="text-align: right"><strong>پررنگ</strong> <em>کج</em> <u>زیرخط</u> <s>خط‌خورده</s><br>' +
      '<a href="https://example.com/x?a=1&amp;b=2">پیوند</a> <a href="mailto:info@example.com">ایمیل</a></p>' +
      '<ul><li>یک</li></ul><ol><li>دو</li></ol><blockquote><p>نقل</p></blockquote><pre><code>const a = 1 &lt; 2;</code></pre>';
    const server = sanitizeRichText(editorHtml);
    for (const kept of ['<h1 style="text-align:center">', '<h2>', '<strong>', '<em>', '<u>', '<s>', '<br />', '<ul>', '<ol>', '<blockquote>', '<pre><code>', 'href="https://example.com/x?a=1&amp;b=2"', 'href="mailto:info@example.com"']) {
      expect(server, kept).toContain(kept);
    }
    expect(server).toContain('rel="noopener noreferrer"');
    const client = sanitizeArticleHtml(server);
    expect(client).toContain('<strong>پررنگ</strong>');
    expect(client).toContain('href="https://example.com/x?a=1&amp;b=2"');
    expect(client).toContain('rel="noopener noreferrer"');
  });

  it('drops a disallowed style value but keeps the allowed alignment, on write and on render', () => {
    const hostile = '<p style="text-align: left; position: fixed; background: url(https://tracker.example/x)">x</p>';
    expect(sanitizeRichText(hostile)).toBe('<p style="text-align:left">x</p>');
    expect(sanitizeArticleHtml(hostile)).toBe('<p style="text-align: left">x</p>');
    expect(sanitizeArticleHtml('<p style="position: fixed; inset: 0">x</p>')).toBe('<p>x</p>');
    // Ids and names never survive the render pass (DOM clobbering).
    expect(sanitizeArticleHtml('<a id="x" name="y" href="https://example.com">x</a>')).not.toMatch(/\b(id|name)=/);
  });
});

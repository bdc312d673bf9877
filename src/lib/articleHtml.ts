// Article bodies are normalised before they are saved (spec §3). This is a string-level pass,
// not a DOM pass, so the server can run the very same function without jsdom. It relies on
// what the rich-text editor (and sanitize-html on the server) produce: well-formed markup in
// which code-block text is entity-escaped, so a `<pre>` never holds a raw `</pre>` and a `<p>`
// never holds another `<p>`.

/** A tag's attribute list; quoted values may contain `>`. */
const attrs = String.raw`(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?`;

const blockPattern = new RegExp(String.raw`<pre(${attrs})>([\s\S]*?)<\/pre\s*>|<p(${attrs})>([\s\S]*?)<\/p\s*>`, 'gi');
const codeWrapperPattern = new RegExp(String.raw`^\s*<code(${attrs})>([\s\S]*)<\/code\s*>\s*$`, 'i');

/** `&nbsp;` in all its spellings, and the raw U+00A0 character. */
const nbspPattern = /&nbsp;|&#160;|&#x0*a0;|\u00a0/gi;

/** Content that makes a paragraph non-empty although it has no text. */
const embeddedContentPattern = /<(img|video|audio|iframe|embed|object|svg|hr|input)\b/i;

/** Letters of the Persian/Arabic script (Arabic block plus the presentation forms). */
const persianLetterPattern = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * Marks of code rather than prose: brackets, statement and assignment punctuation, operators
 * and comment starters, a call `name(` (ASCII name: Persian words before an aside do not
 * count), and a leading `#` (shell comment, preprocessor, Markdown heading).
 * Parentheses alone are allowed because Persian prose uses them for asides.
 */
const codeLikePattern = /[{}[\];=<>`$\\|]|\/\/|\/\*|\*\/|\w\(|^\s*#/;

type Block =
  | { kind: 'code'; preAttrs: string; codeAttrs: string; text: string }
  | { kind: 'paragraph'; attrs: string; inner: string }
  | { kind: 'other'; html: string };

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * A prose line, as opposed to code: it holds at least one Persian/Arabic letter and none of
 * the code marks above. Writers paste an explanation and its code together into one code
 * block; the explanation is almost always Persian, the code almost never is (Persian inside
 * code sits in a string literal or a comment, which brings quotes-with-calls, `;`, `//` or `#`).
 */
export function isProseLine(line: string): boolean {
  const text = decodeBasicEntities(line.replace(/<[^>]*>/g, ''));
  return persianLetterPattern.test(text) && !codeLikePattern.test(text);
}

function isEmptyParagraph(inner: string): boolean {
  if (embeddedContentPattern.test(inner)) return false;
  return inner.replace(/<[^>]*>/g, '').trim() === '';
}

function parseBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let last = 0;
  for (const match of html.matchAll(blockPattern)) {
    const index = match.index;
    if (index > last) blocks.push({ kind: 'other', html: html.slice(last, index) });
    last = index + match[0].length;
    const [, preAttrs, preInner, pAttrs, pInner] = match;
    if (preInner !== undefined) {
      const wrapped = codeWrapperPattern.exec(preInner);
      const raw = wrapped ? (wrapped[2] ?? '') : preInner;
      // Pasted code sometimes carries <br> for its line breaks; the editor's code block uses \n.
      const text = raw.replace(/<br\s*\/?>/gi, '\n');
      blocks.push({ kind: 'code', preAttrs: preAttrs ?? '', codeAttrs: wrapped?.[1] ?? '', text });
    } else {
      blocks.push({ kind: 'paragraph', attrs: pAttrs ?? '', inner: pInner ?? '' });
    }
  }
  if (last < html.length) blocks.push({ kind: 'other', html: html.slice(last) });
  return blocks;
}

/** Moves a code block's leading prose lines (blank lines among them too) into a paragraph. */
function splitLeadingProse(block: Extract<Block, { kind: 'code' }>): Block[] {
  const lines = block.text.split('\n');
  const prose: string[] = [];
  let i = 0;
  for (; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    if (!isProseLine(line)) break;
    prose.push(line.trim());
  }
  if (prose.length === 0) return [block];
  const rest = lines.slice(i).join('\n');
  const out: Block[] = [{ kind: 'paragraph', attrs: '', inner: prose.join('<br>') }];
  if (rest.trim() !== '') out.push({ ...block, text: rest });
  return out;
}

function isWhitespace(block: Block | undefined): boolean {
  return block?.kind === 'other' && block.html.trim() === '';
}

/** Joins code blocks that only whitespace separates; the first block's attributes win. */
function mergeAdjacentCode(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.kind === 'code') {
      // Look back past whitespace for a code block to extend.
      let j = out.length - 1;
      while (j >= 0 && isWhitespace(out[j])) j -= 1;
      const previous = out[j];
      if (previous?.kind === 'code') {
        out.length = j + 1;
        out[j] = { ...previous, text: `${previous.text}\n${block.text}` };
        continue;
      }
    }
    out.push(block);
  }
  return out;
}

function render(block: Block): string {
  if (block.kind === 'code') return `<pre${block.preAttrs}><code${block.codeAttrs}>${block.text}</code></pre>`;
  if (block.kind === 'paragraph') return `<p${block.attrs}>${block.inner}</p>`;
  return block.html;
}

/**
 * Spec §3: non-breaking spaces become spaces; a code block's leading prose lines become a
 * paragraph before it; empty paragraphs go; code blocks with nothing but whitespace between
 * them merge into one, joined by a newline; an empty body becomes `<p></p>`.
 * Splitting comes before merging so that a second block's explanation stays between the two
 * blocks instead of being buried in the first; empty paragraphs go first so that a blank line
 * between two code blocks does not keep them apart. Idempotent.
 */
export function normaliseArticleHtml(html: string): string {
  const spaced = html.replace(nbspPattern, ' ');
  const blocks = parseBlocks(spaced)
    .flatMap((block) => (block.kind === 'code' ? splitLeadingProse(block) : [block]))
    .filter((block) => block.kind !== 'paragraph' || !isEmptyParagraph(block.inner));
  const result = mergeAdjacentCode(blocks).map(render).join('');
  return result.trim() === '' ? '<p></p>' : result;
}

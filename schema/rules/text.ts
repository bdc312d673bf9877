// Pure text helpers shared by the SPA, the schema validators and the server.

// Digits follow one display rule (digits.ts); re-exported so every caller keeps its import.
export { formatPersianNumber, formatPrice, formatToman, toLatinDigits, toPersianDigits, toPersianDigitsInHtml } from './digits';
import { arabicDigits, persianDigits } from './digits';

/**
 * Image references are stored as a bare file name: any URL or path is reduced to its last
 * segment, without query or hash (spec §3).
 */
export function bareFileName(reference: string): string {
  const withoutQuery = reference.trim().split(/[?#]/, 1)[0] ?? '';
  const segments = withoutQuery.split(/[\\/]/).filter((s) => s.length > 0);
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Media lists may hold paths; the admin shows names without the store's prefix (spec §3). */
export function mediaDisplayName(path: string): string {
  return path.replace(/^\/?uploads\/(images|videos)\//, '');
}

/** Plain text of an HTML fragment, whitespace collapsed; used for excerpts. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut to `max` characters plus an ellipsis (spec: article description, 50 characters). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * How search text is folded, as data, so the server can fold a column in SQL exactly as
 * `foldForSearch` folds in JS (server/engine/listQuery.ts builds its SQL from these two tables).
 * Arabic yeh/alef maksura and kaf become the Persian letters people type on a Persian keyboard;
 * Persian and Arabic-Indic digits become Latin.
 */
export const searchFoldMap: ReadonlyArray<readonly [string, string]> = [
  ['ي', 'ی'],
  ['ى', 'ی'],
  ['ك', 'ک'],
  ...Array.from(persianDigits, (d, i) => [d, String(i)] as const),
  ...Array.from(arabicDigits, (d, i) => [d, String(i)] as const),
];
/**
 * Dropped entirely: spaces, ZWNJ/ZWJ and kashida. «می‌خواهم», «می خواهم» and «میخواهم» are one
 * word written three ways, so no space of any kind may decide a match.
 */
export const searchFoldDropped = ' \t\n\r\u00a0\u200c\u200d\u0640';

const foldTable = new Map<string, string>(searchFoldMap);
const mapPattern = new RegExp(`[${searchFoldMap.map(([from]) => from).join('')}]`, 'g');
// Escaped: ZWNJ/ZWJ written raw in a character class read as joiners of their neighbours.
const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const dropPattern = new RegExp(`[${Array.from(searchFoldDropped, unicodeEscape).join('')}]+`, 'g');

/**
 * Text as search compares it: Arabic ي/ك as Persian ی/ک, every digit Latin, no spaces or ZWNJ,
 * ASCII lower case (only ASCII: PostgreSQL folds with a translate() of A–Z, and the browser and
 * both databases must agree on what matches). The server folds every searched value of a table with
 * this when it builds its search index, so the common cases avoid a callback per character.
 */
export function foldForSearch(text: string): string {
  let out = text.replace(dropPattern, '');
  mapPattern.lastIndex = 0;
  if (mapPattern.test(out)) out = out.replace(mapPattern, (c) => foldTable.get(c) ?? c);
  return /[A-Z]/.test(out) ? out.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : out;
}

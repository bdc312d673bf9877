// The one display rule for digits, shared by the admin, the public site and the server's
// messages: numbers people read are shown in Persian digits, while whatever a person may copy
// or type back — e-mail addresses, URLs, file names, codes, Latin words such as ESP32 — keeps
// the digits it was written with. Only what is shown passes through here; stored data never does.

/** The digit tables, also read by search folding (text.ts), which maps typed digits the other way. */
export const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
export const arabicDigits = '٠١٢٣٤٥٦٧٨٩';

/** Persian and Arabic-Indic digits to Latin, so inputs accept what Iranian keyboards type. */
export function toLatinDigits(text: string): string {
  return text.replace(/[۰-۹٠-٩]/g, (d) => {
    const p = persianDigits.indexOf(d);
    return String(p >= 0 ? p : arabicDigits.indexOf(d));
  });
}

const eachDigit = (text: string) => text.replace(/[0-9]/g, (d) => persianDigits.charAt(Number(d)));

/** Persian decimal separator (U+066B) and thousands separator (U+066C). */
export const decimalSeparator = '٫';
export const thousandsSeparator = '٬';

// Alternatives tried in this order at each position; the first three are kept as written.
const segment = new RegExp(
  [
    // URLs and link schemes
    String.raw`(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"'«»]+`,
    // e-mail addresses
    String.raw`[^\s@<>"'«»()،؛]+@[^\s@<>"'«»()،؛]+`,
    // A Latin word with whatever digits and joiners it holds: ESP32, photo-12.webp, v2.0, x86_64
    String.raw`[\w.\-\/:+#%&=?~]*[A-Za-z][\w.\-\/:+#%&=?~]*`,
    // A number: digits, optionally grouped (1,234) or with a decimal part (3.5), optionally a percentage
    String.raw`\d+(?:[.,]\d+)*%?`,
  ].join('|'),
  'g',
);

const latinLetter = /[A-Za-z]/;
/** Spaces within a line (a line break ends a phrase). */
const spacesOnly = /^[^\S\r\n]+$/;

/** 1234567 and 1,234,567 → ۱٬۲۳۴٬۵۶۷; 3.5 → ۳٫۵; 50% → ۵۰٪; other separators stay as written (1404/01/02). */
function persianNumber(number: string): string {
  const percent = number.endsWith('%');
  const body = percent ? number.slice(0, -1) : number;
  let shown = body;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(body)) {
    shown = body.replace(/,/g, thousandsSeparator).replace('.', decimalSeparator);
  } else if (/^\d+\.\d+$/.test(body)) {
    shown = body.replace('.', decimalSeparator);
  }
  return eachDigit(shown) + (percent ? '٪' : '');
}

/**
 * Text as shown: its numbers in Persian digits (with Persian decimal and thousands separators),
 * but URLs, e-mail addresses and Latin words (ESP32, v2.0) unchanged, and so is a Latin word's
 * number: a number that follows a Latin word with only spaces between (on one line) is part of
 * that Latin phrase and keeps its digits, whatever punctuation surrounds the phrase — «Python 3»,
 * «Python 3.12», «Windows 11 Pro», «(Python 3)», «Python 3،». Any other number is the Persian
 * text's: «دوره 3 جلسه», «3 جلسه», «ESP32 با 2 حسگر», «Python، 3 جلسه», and a number after a URL
 * or an e-mail address. A number given as a number is simply converted.
 */
export function toPersianDigits(value: string | number): string {
  if (typeof value === 'number') return eachDigit(String(value)).replace('.', decimalSeparator);
  if (!/[0-9]/.test(value)) return value;
  let out = '';
  let done = 0;
  // Where the last Latin word ended (-1: none yet), for the number that may follow it.
  let latinWordEnd = -1;
  for (const found of value.matchAll(segment)) {
    const match = found[0];
    const at = found.index;
    const isNumber = /^\d/.test(match) && !latinLetter.test(match) && !match.includes('@');
    if (isNumber) {
      const ofLatinWord = latinWordEnd >= 0 && spacesOnly.test(value.slice(latinWordEnd, at));
      out += value.slice(done, at) + (ofLatinWord ? match : persianNumber(match));
      done = at + match.length;
    }
    const latinWord = !isNumber && latinLetter.test(match) && !match.includes('@') && !/^(?:https?:\/\/|mailto:|tel:|www\.)/i.test(match);
    latinWordEnd = latinWord ? at + match.length : -1;
  }
  return out + value.slice(done);
}

/** 1234567 → ۱٬۲۳۴٬۵۶۷; 2.5 → ۲٫۵ (Persian thousands and decimal separators). */
export function formatPersianNumber(value: number): string {
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  const sign = value < 0 ? '-' : '';
  return eachDigit(sign + grouped + (fraction ? `${decimalSeparator}${fraction}` : ''));
}

/**
 * A number being typed (Latin digits, `.` for the decimal point, perhaps unfinished: `12.`, `-`)
 * as the input shows it: grouped, Persian, with the Persian decimal separator. Anything that is
 * not such a number is shown as the rule shows any text.
 */
export function formatNumberDraft(draft: string): string {
  const match = /^(-?)(\d*)(\.?)(\d*)$/.exec(draft);
  if (!match) return toPersianDigits(draft);
  const [, sign = '', whole = '', point = '', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  return eachDigit(sign + grouped + (point ? decimalSeparator : '') + fraction);
}

/** An amount of money: «۱۲۰٬۰۰۰ تومان». */
export function formatToman(value: number): string {
  return `${formatPersianNumber(value)} تومان`;
}

export const freePriceText = 'رایگان';

/** A price, wherever one is shown: «۱۲۰٬۰۰۰ تومان», or «رایگان» when it is 0. */
export function formatPrice(value: number): string {
  return value === 0 ? freePriceText : formatToman(value);
}

// Elements whose text is code or typed input, kept exactly as written.
const verbatimTags = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'textarea']);
const tagPattern = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>|<!--[\s\S]*?-->/g;
const entityPattern = /&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g;

/** The rule applied to the text of an HTML fragment's prose, never to tags, attributes, entities or code. */
export function toPersianDigitsInHtml(html: string): string {
  let out = '';
  let last = 0;
  let verbatimDepth = 0;
  const text = (chunk: string) => {
    if (verbatimDepth > 0 || !/[0-9]/.test(chunk)) return chunk;
    // Entities (&#160;) carry digits of their own: the text between them is converted, they are not.
    let done = '';
    let at = 0;
    for (const entity of chunk.matchAll(entityPattern)) {
      done += toPersianDigits(chunk.slice(at, entity.index)) + entity[0];
      at = entity.index + entity[0].length;
    }
    return done + toPersianDigits(chunk.slice(at));
  };
  for (const tag of html.matchAll(tagPattern)) {
    out += text(html.slice(last, tag.index)) + tag[0];
    last = tag.index + tag[0].length;
    const name = tag[1]?.toLowerCase();
    if (name && verbatimTags.has(name) && !tag[0].endsWith('/>')) verbatimDepth = Math.max(0, verbatimDepth + (tag[0].startsWith('</') ? -1 : 1));
  }
  return out + text(html.slice(last));
}

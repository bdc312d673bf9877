// How a searched list ranks its matches when the admin has not chosen a sort: the record's label
// equal to the search first, then starting with it, then one of its words starting with it, then
// the rest (matched elsewhere in the label or in another field). Both databases rank by these
// rules: SQLite in JS from its in-memory index, PostgreSQL in SQL over the same label words kept
// by its triggers (server/engine/listSearch.ts).
import { foldForSearch } from '../../schema/rules/text';

export const searchRanks = { exact: 0, prefix: 1, wordPrefix: 2, contains: 3 } as const;

/** The whitespace that separates a label's words (the same set PostgreSQL's translate() turns into spaces). */
export const wordBreaks = ' \t\n\r\u00a0';
const wordSplit = new RegExp(`[${Array.from(wordBreaks, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]+`);

/**
 * A label as ranking reads it: each word folded (foldForSearch), joined by single spaces after a
 * leading one, so a word's start is a space and the folded label is the words without spaces.
 */
export function labelWords(label: string): string {
  return ` ${label.split(wordSplit).map(foldForSearch).filter((word) => word.length > 0).join(' ')}`;
}

/**
 * The rank of a label (as labelWords) for a folded needle (see searchRanks), as a function made
 * once per search: it runs over every match, tens of thousands on a large list.
 */
export function searchRanker(needle: string): (words: string) => number {
  const wordPrefix = new RegExp(wordPrefixPattern(needle));
  const spaced = ` ${needle}`;
  return (words) => {
    // The label's start compared with the needle, spaces skipped, without copying the label.
    let at = 0;
    let matched = 0;
    for (; at < words.length && matched < needle.length; at++) {
      if (words[at] === ' ') continue;
      if (words[at] !== needle[matched]) break;
      matched++;
    }
    if (matched === needle.length) {
      while (at < words.length && words[at] === ' ') at++;
      return at === words.length ? searchRanks.exact : searchRanks.prefix;
    }
    // A word starting with the whole needle is the usual case; the pattern only for one spanning words.
    if (words.includes(spaced)) return searchRanks.wordPrefix;
    return wordPrefix.test(words) ? searchRanks.wordPrefix : searchRanks.contains;
  };
}

/**
 * The word-prefix rule as a regular expression over labelWords, the same in PostgreSQL and JS:
 * a space, then the needle's characters with a space allowed between any two (a needle spanning
 * words).
 */
export function wordPrefixPattern(needle: string): string {
  // In both dialects (JS without the u flag) a backslash before a character that is not a letter
  // or digit makes it literal.
  return ` ${Array.from(needle, (c) => (/[\p{L}\p{N}]/u.test(c) ? c : `\\${c}`)).join(' ?')}`;
}

/**
 * The needles a folded search looks for: the text itself, and a mobile number typed with its
 * country code (+98 or 0098) also as it is kept, with a leading 0.
 */
export function searchNeedles(needle: string): string[] {
  const international = /^(?:\+|00)?98(9\d{2,})$/.exec(needle);
  return international ? [needle, `0${international[1]}`] : [needle];
}

// Readable, Persian-safe slugs: letters and digits of any script kept, everything else dropped.
import { toLatinDigits } from '../../schema/rules/text';

export function slugify(text: string): string {
  const slug = toLatinDigits(text.normalize('NFC'))
    // Arabic letter forms typed on some keyboards, unified with their Persian counterparts.
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .toLowerCase()
    // Spaces, zero-width non-joiners and dashes separate words.
    .replace(/[\s\u200c_\-–—]+/gu, '-')
    .replace(/[^\p{L}\p{M}\p{N}-]/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return Array.from(slug).slice(0, 80).join('').replace(/-$/, '');
}

/** The slug, or `slug-2`, `slug-3`… when taken or reserved (a fixed page's word, see pages.ts). */
export async function uniqueSlug(
  text: string,
  fallback: string,
  taken: (slug: string) => Promise<boolean>,
  reserved: ReadonlySet<string> = new Set(),
): Promise<string> {
  const base = slugify(text) || fallback;
  if (!reserved.has(base) && !(await taken(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

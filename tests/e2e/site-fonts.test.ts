// Vazirmatn on every fresh load, with nothing moving: the subset faces are inside a stylesheet of
// their own (src/styles/fonts.css as data: URLs) that every page links and the browser keeps, and
// the first paint waits until they are ready (public/fonts-ready.js, `async blocking="render"`
// from server/features/catalogue/ssr.ts). Loaded as font files, a first visit on a phone's connection kept the
// fallback font with `font-display: optional`, and with `swap` or `block` the text moved when they
// came, preloaded or not (scripts/bench-fonts.ts measures the choices).
import { readFile } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshLoad } from './font-load';
import { chromiumArgs, startStack, type Stack } from './harness';
import { coursePath, catalogue, publicJson, type CatalogueCourse } from './site-helpers';

let stack: Stack;
let browser: Browser;
let pages: string[];

beforeAll(async () => {
  stack = await startStack();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  const courses = await catalogue<CatalogueCourse>(stack);
  const articles = await publicJson<{ slug: string }[]>(stack, '/api/Public/articles');
  const course = courses[0];
  if (!course || !articles[0]) throw new Error('the seed has no course or article');
  pages = ['/', `/categories/${encodeURIComponent(course.category.slug)}`, coursePath(course), `/articles/${encodeURIComponent(articles[0].slug)}`];
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Every code point a `unicode-range` value names (`U+20`, `U+0621-063A`, `U+4??`). */
function codePoints(ranges: string): number[] {
  const points: number[] = [];
  for (const range of ranges.split(',')) {
    const [from = '', to] = range.trim().replace(/^U\+/i, '').split('-');
    const low = parseInt(from.replace(/\?/g, '0'), 16);
    const high = parseInt((to ?? from).replace(/\?/g, 'F'), 16);
    for (let point = low; point <= high; point++) points.push(point);
  }
  return points.sort((a, b) => a - b);
}

describe('fonts', () => {
  it('links every Vazirmatn face in one kept stylesheet, ready before the first paint, over the ranges the subset keeps', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`, { headers: { Accept: 'text/html' } })).text();
    // Not in the page: every page would carry the 42 kB again.
    expect(html).not.toContain('@font-face');
    const link = /<link rel="stylesheet" href="(\/assets\/fonts-[\w-]+\.css)" data-fonts="">/.exec(html);
    const sheetPath = link?.[1] ?? '';
    expect(sheetPath, 'the fonts stylesheet link').not.toBe('');
    const sheet = await fetch(stack.baseUrl + sheetPath);
    expect(sheet.status).toBe(200);
    // Fetched once: later pages take it from the browser's cache.
    expect(sheet.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const faces = [...(await sheet.text()).matchAll(/@font-face\{([^}]*)\}/g)].map((match) => match[1] ?? '').filter((face) => face.includes('Vazirmatn'));
    const script = await readFile('scripts/subset-fonts.sh', 'utf8');
    const kept = (name: string) => codePoints(new RegExp(`^${name}='([^']+)'`, 'm').exec(script)?.[1] ?? '');
    const expected = [
      { weight: '400', points: kept('persian') },
      { weight: '700', points: kept('persian') },
      { weight: '400', points: kept('latin') },
      { weight: '700', points: kept('latin') },
    ];
    expect(faces).toHaveLength(expected.length);
    for (const [index, face] of faces.entries()) {
      // Inside the sheet, so the first layout has the face: no font file found only by layout.
      expect(face).toMatch(/src:url\(["']?data:font\/woff2;base64,/);
      // Nothing is drawn in another font while a face is decoded.
      expect(face).toContain('font-display:block');
      expect(face).toContain(`font-weight:${expected[index]?.weight}`);
      expect(codePoints(/unicode-range:([^;}]+)/.exec(face)?.[1] ?? '')).toEqual(expected[index]?.points);
    }
    // A script holds the first paint until the faces are ready; it runs as soon as it arrives,
    // so it must come after the stylesheet that declares them.
    const wait = '<script type="module" async blocking="render" src="/fonts-ready.js"></script>';
    expect(html).toContain(wait);
    expect(html.indexOf(wait)).toBeGreaterThan(html.indexOf(link?.[0] ?? '<link'));
  });

  it('draws the text of home, a category, a course and an article in Vazirmatn on a fresh load at slow 4G, with no shift', async () => {
    for (const path of pages) {
      const load = await freshLoad(browser, stack.baseUrl + path);
      // Chromium's own account of the fonts each glyph was drawn with: none but the web font.
      const otherFonts = load.nodes.flatMap((node) =>
        node.fonts.filter((font) => font.glyphs > 0 && !(font.custom && font.family === 'Vazirmatn')).map((font) => `${node.selector}: ${font.family}`),
      );
      expect({ path, otherFonts }).toEqual({ path, otherFonts: [] });
      expect(load.nodes.every((node) => node.fonts.length > 0), path).toBe(true);
      expect({ path, cls: load.cls, shifts: load.shifts }).toEqual({ path, cls: 0, shifts: [] });
    }
  });
});

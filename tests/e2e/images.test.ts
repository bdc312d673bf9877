// Images sized for their place: the server-rendered pages offer each stored
// image's resized copies with srcset and sizes (the largest paint loaded at once, the rest lazily),
// a phone picks a copy no larger than it needs, and the admin table shows the 160 px copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAsAdmin, startStack, type Stack } from './harness';
import { catalogue, coursePath, type CatalogueCourse } from './site-helpers';

let stack: Stack;
let course: CatalogueCourse & { coverImage: string };

beforeAll(async () => {
  stack = await startStack();
  const courses = await catalogue<CatalogueCourse & { coverImage: string }>(stack);
  const first = courses[0];
  if (!first) throw new Error('the seed has no course');
  course = first;
});

afterAll(async () => {
  await stack?.stop();
});

const decode = (text: string) => text.replace(/&amp;/g, '&');

/** The <img> tags of stored images in server-rendered HTML, with their attributes. */
function storedImages(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)]
    .map((match) => Object.fromEntries([...(match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [(a[1] ?? '').toLowerCase(), decode(a[2] ?? '')])))
    .filter((attributes) => (attributes.src ?? '').startsWith('/api/File/image/'));
}

describe('images sized for their place', () => {
  it('the course and home pages offer resized copies with srcset and sizes, each of which the server answers', async () => {
    const coursePage = await (await fetch(`${stack.baseUrl}${coursePath(course)}`, { headers: { Accept: 'text/html' } })).text();
    const images = storedImages(coursePage);
    const cover = images.find((image) => image.fetchpriority === 'high');
    if (!cover) throw new Error('no cover image with fetchpriority=high on the course page');
    expect(cover.loading).toBe('eager');
    expect(cover.sizes).toContain('(max-width: 900px) calc(100vw - 2rem)');
    expect(cover.width).toBe('1280');
    expect(cover.height).toBe('720');
    const candidates = (cover.srcset ?? '').split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(['320w', '480w', '640w', '800w', '1024w', '1280w']);
    for (const [url, descriptor] of candidates) {
      expect(url).toBe(`/api/File/image/${encodeURIComponent(course.coverImage)}?w=${descriptor?.replace('w', '')}`);
      const answer = await fetch(`${stack.baseUrl}${url}`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      expect(answer.status, url).toBe(200);
      expect(['image/webp', 'image/avif'], url).toContain(answer.headers.get('content-type'));
    }

    const home = storedImages(await (await fetch(`${stack.baseUrl}/`, { headers: { Accept: 'text/html' } })).text());
    expect(home.length).toBeGreaterThan(3);
    for (const image of home) {
      expect(image.srcset, image.src).toMatch(/\?w=320 320w/);
      expect(image.sizes, image.src).toContain('(max-width: 579px) calc(100vw - 2rem)');
    }
    expect(home.filter((image) => image.loading === 'lazy').length).toBe(home.length - 1);
  });

  it('on a phone the course cover is a resized copy no wider than the phone needs', async () => {
    const session = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await session.page.goto(`${stack.baseUrl}${coursePath(course)}`, { waitUntil: 'load' });
      const cover = session.page.locator('.course-media img');
      await cover.evaluate((img: HTMLImageElement) => img.decode());
      const shown = await cover.evaluate(async (img: HTMLImageElement) => {
        // naturalWidth of a srcset choice is divided by its density; the file's pixels come from a plain copy.
        const file = new Image();
        file.src = img.currentSrc;
        await file.decode();
        return { src: img.currentSrc, natural: file.naturalWidth, device: img.getBoundingClientRect().width * window.devicePixelRatio };
      });
      expect(shown.src).toMatch(/\?w=\d+$/);
      // Sharp enough (at least the device pixels it covers, up to the 640 px cover) and not the
      // largest copy offered: under twice the device pixels.
      expect(shown.natural).toBeGreaterThanOrEqual(Math.min(640, Math.floor(shown.device)));
      expect(shown.natural).toBeLessThan(2 * shown.device);
    } finally {
      await session.close();
    }
  });

  // The courses table has no image column; the categories table (like the teachers') has one.
  it("the admin categories table shows each cover's 160 px copy", async () => {
    const session = await launchBrowser({ viewport: { width: 1366, height: 800 } });
    try {
      await signInAsAdmin(session.page, stack);
      await session.page.goto(`${stack.baseUrl}/admin/categories`);
      const thumb = session.page.locator('img.admin-thumb').first();
      await thumb.waitFor();
      await thumb.evaluate((img: HTMLImageElement) => img.decode());
      const { src, natural } = await thumb.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src') ?? '', natural: img.naturalWidth }));
      expect(src).toMatch(/^\/api\/File\/image\/[^?]+\?w=160$/);
      expect(natural).toBe(160);
    } finally {
      await session.close();
    }
  });
});

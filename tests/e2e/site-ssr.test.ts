// Server-rendered public pages: what the server sends before any JavaScript runs, and that the
// browser then adopts that HTML's islands (hydration) rather than rebuilding the page or asking
// the API again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody } from '../support/samples';
import { apiToken, launchBrowser, startStack, type Stack } from './harness';
import { blockZarinpal, coursePath, catalogue, publicJson, type CatalogueCourse } from './site-helpers';

let stack: Stack;
let course: CatalogueCourse;
let articlePath: string;

beforeAll(async () => {
  stack = await startStack();
  const courses = await catalogue<CatalogueCourse>(stack);
  const first = courses[0];
  const articles = await publicJson<{ slug: string }[]>(stack, '/api/Public/articles');
  if (!first || !articles[0]) throw new Error('the seed has no course or article');
  course = first;
  articlePath = `/articles/${encodeURIComponent(articles[0].slug)}`;
});

afterAll(async () => {
  await stack?.stop();
});

async function page(path: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

function islandsOf(html: string): string[] {
  return [...html.matchAll(/<academy-island data-island="(\w+)" data-props="[^"]*">/g)].map((match) => match[1] ?? '');
}

describe('the server renders public pages', () => {
  it('sends the home page with its content, title, stylesheets and its islands, not the SPA', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('<title>آکادمی آینده‌سازان</title>');
    expect(html).toMatch(/<h1>یادگیری شاد و جدی برای کودکان و نوجوانان<\/h1>/);
    expect(html).toContain(course.title);
    // The stylesheets travel inside the page, all but the fonts' one, the same for every page and
    // kept by the browser (tests/e2e/site-fonts.test.ts).
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((link) => link[0])).toEqual([
      expect.stringMatching(/^<link rel="stylesheet" href="\/assets\/fonts-[\w-]+\.css" data-fonts="">$/),
    ]);
    expect(html).toMatch(/<style data-href="\/assets\/[\w-]+\.css">/);
    expect(islandsOf(html)).toEqual(['SiteHeader', 'TrustLogo', 'ScrollTopButton']);
    // The boot script starts the islands' entry, not the SPA's.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js" data-entry="\/assets\/islands-[\w-]+\.js">/);
    expect(html).not.toContain('modulepreload');
  });

  it('names a course page in its title, description and JSON-LD, and sends a wrong category to the right address', async () => {
    const { status, html } = await page(coursePath(course));
    expect(status).toBe(200);
    expect(html).toContain(`<title>${course.title} | آکادمی آینده‌سازان</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
    const jsonLd = /<script type="application\/ld\+json" data-seo="page">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const data: { '@type'?: string; name?: string; url?: string } = JSON.parse(jsonLd);
    expect(data['@type']).toBe('Course');
    expect(data.name).toBe(course.title);
    expect(data.url).toContain(encodeURIComponent(course.slug));

    const wrong = await page(`/categories/no-such-category/${encodeURIComponent(course.slug)}`);
    expect(wrong.status).toBe(301);
    expect(wrong.location).toBe(coursePath(course));
  });

  it('escapes catalogue text in the title and in the island props it embeds', async () => {
    const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
    const hostile = `</script><script>window.__ssrInjected=1</script>"'<b>`;
    const categories = await publicJson<{ id: number }[]>(stack, '/api/Public/categories');
    const created = await fetch(`${stack.baseUrl}/api/Course/Create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(courseBody(hostile, {
        durationInHours: 2,
        timeOfHolding: null,
        registrationDeadline: null,
        lastSessionDate: null,
        ageMin: 0,
        ageMax: 0,
        capacity: 0,
        address: '',
        room: '',
        classLink: '',
        priceInTomans: 1000,
        type: 'online',
        inActive: false,
        difficulty: '',
        techerId: 0,
        categoryId: categories[0]?.id ?? 0,
        prerequisite: '',
        coverImage: '',
        coverVideo: '',
        description: hostile,
        headings: '',
      })),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const hostileCourse = (await catalogue<CatalogueCourse>(stack)).find((c) => c.title === hostile);
    if (!hostileCourse) throw new Error('the created course is not in the catalogue');
    const hostilePath = coursePath(hostileCourse);
    const { status, html } = await page(hostilePath);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>window.__ssrInjected');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;window.__ssrInjected=1&lt;/script&gt;&quot;&#39;&lt;b&gt; |');
    expect(islandsOf(html)).toContain('CourseEnrol');

    const session = await launchBrowser();
    try {
      await blockZarinpal(session.page);
      await session.page.goto(`${stack.baseUrl}${hostilePath}`);
      await session.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await session.page.evaluate(() => 'ssrInjected' in window || '__ssrInjected' in window)).toBe(false);
      await expect.poll(() => session.page.getByRole('heading', { level: 1 }).textContent()).toBe(hostile);
    } finally {
      await session.close();
    }
  });

  it('leaves the admin panel, the dashboard and unknown pages to the browser', async () => {
    for (const path of ['/admin/courses', '/dashboard', '/dashboard/cart']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('<div id="root"></div>');
    }
    const missing = await page('/categories/no-such-category');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<div id="root"></div>');
  });
});

describe('the browser adopts the server-rendered page', () => {
  it('hydrates the islands of home, category, course and article pages without rebuilding them or asking the API', async () => {
    const paths = ['/', `/categories/${encodeURIComponent(course.category.slug)}`, coursePath(course), articlePath];
    for (const path of paths) {
      const session = await launchBrowser({ viewport: { width: 390, height: 844 } });
      try {
        await blockZarinpal(session.page);
        const consoleErrors: string[] = [];
        session.page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        const dataCalls: string[] = [];
        session.page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/File/')) dataCalls.push(url.pathname);
        });
        // React replaces the server's nodes when it cannot adopt them; count removals under #root.
        await session.page.addInitScript(() => {
          const state = { removed: 0 };
          Object.defineProperty(window, '__rootNodesRemoved', { get: () => state.removed });
          new MutationObserver((records) => {
            for (const record of records) {
              if (record.target instanceof Element && record.target.id === 'root') state.removed += record.removedNodes.length;
            }
          }).observe(document, { childList: true, subtree: true });
        });
        await session.page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'networkidle' });

        // Interactive after hydration: the phone menu opens from the server-rendered button.
        await session.page.getByRole('button', { name: 'باز کردن منو' }).click();
        await session.page.locator('#mobile-menu[data-state="open"]').waitFor();

        expect(await session.page.evaluate(() => Reflect.get(window, '__rootNodesRemoved')), path).toBe(0);
        expect(dataCalls, path).toEqual([]);
        expect(consoleErrors.filter((text) => !text.includes('ERR_INTERNET_DISCONNECTED')), path).toEqual([]);
        expect(session.errors, path).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });
});

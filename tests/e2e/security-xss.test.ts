// Stored XSS in real Chromium: the whole corpus is saved through the API in article bodies and in
// the other text fields public pages show (article title and author, category, teacher and
// course texts), and one payload is pasted into the admin's rich-text editor. Then the public
// article pages, the article list, the home page, the category and course pages and the admin
// lists are opened: no payload may run (no dialog, `window.__xss` never set) and the page must
// not trip its own Content-Security-Policy.
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '../../schema/rules/text';
import { xssPayloads } from '../security/xss-payloads';
import { courseBody } from '../support/samples';
import { apiToken, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token = '';
const dialogs: string[] = [];
const visited: string[] = [];

/** Attribute-breaking payloads for plain-text fields (names, titles), which are shown as text. */
const textPayloads = ['<img src=x onerror=window.__xss=1>', '"><svg onload=alert(1)>', "'><script>window.__xss=1</script>", '{{constructor.constructor("window.__xss=1")()}}'];

async function api<T>(method: string, path: string, body: unknown, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return v.parse(schema, json);
}

const withId = v.object({ id: v.number(), slug: v.optional(v.string()) });

let category = { id: 0, slug: '' };
let course = { id: 0, slug: '' };
const articleSlugs: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  session = await launchBrowser();
  page = session.page;
  page.on('dialog', (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Collected from the first script of every document, before the app runs.
  await session.context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });

  const [name, skill, descirption, title] = textPayloads;
  // A payload in an image or video field never gets stored: the field must name a file of the
  // media library (400, in Persian). What is stored below is tried in every other field.
  for (const [path, body] of [
    ['/api/Category/Create', { name: 'دسته', inActive: false, coverImage: 'javascript:alert(1)' }],
    ['/api/Teacher/Create', { fullName: 'مدرس', skill: 'رباتیک', descirption: 'مدرس رباتیک', coverImage: '" onerror="window.__xss=1' }],
  ] as const) {
    const refused = await fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/در کتابخانه مدیا نیست/);
  }
  const cat = await api('POST', '/api/Category/Create', { name: `دسته ${name}`, inActive: false, coverImage: '' }, withId);
  // A seeded image of the library (a teacher needs one).
  const teacher = await api('POST', '/api/Teacher/Create', { fullName: `مدرس ${name}`, skill: `${skill}`, descirption: `${descirption} ${xssPayloads.join(' ')}`.slice(0, 1900), coverImage: 'course-1.webp' }, withId);
  const created = await api(
    'POST',
    '/api/Course/Create',
    courseBody(`دوره ${title}`, {
      durationInHours: 10,
      timeOfHolding: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      registrationDeadline: null,
      priceInTomans: 100_000,
      description: xssPayloads.slice(0, 20).join('\n'),
      coverImage: '',
      coverVideo: '',
      headings: xssPayloads.slice(20, 40).join('\n'),
      prerequisite: textPayloads.join(' '),
      techerId: teacher.id,
      categoryId: cat.id,
      difficulty: '',
      type: 'online',
      inActive: false,
    }),
    withId,
  );
  category = { id: cat.id, slug: cat.slug ?? '' };
  course = { id: created.id, slug: created.slug ?? '' };
  for (const [i, payload] of xssPayloads.entries()) {
    const article = await api(
      'POST',
      '/api/Article/Create',
      {
        name: `مقاله ${i} ${textPayloads[i % textPayloads.length] ?? ''}`,
        author: textPayloads[(i + 1) % textPayloads.length] ?? '',
        body: `<p>بدنه آزمون ${i}</p>${payload}<p>پایان</p>`,
        image: '',
      },
      withId,
    );
    articleSlugs.push(article.slug ?? '');
  }
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

/**
 * Opens a page, lets late handlers fire (every image the page loads at once loaded or failed, so
 * its error handler has run: a lazy one off screen loads only when scrolled to; then two frames,
 * for animations), and checks nothing ran.
 */
async function visit(path: string, ready: (p: Page) => Promise<unknown>) {
  await page.goto(`${stack.baseUrl}${path}`);
  await ready(page);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
  await framesDrawn(page);
  visited.push(path);
  const state = await page.evaluate(() => ({
    xss: '__xss' in window,
    csp: '__cspViolations' in window && Array.isArray(window.__cspViolations) ? window.__cspViolations.map(String) : [],
    text: document.body.innerText.trim().length,
  }));
  expect(state.xss, `window.__xss set on ${path}`).toBe(false);
  expect(dialogs, `dialog on ${path}`).toEqual([]);
  expect(state.csp, `CSP violations on ${path}`).toEqual([]);
  expect(state.text, `blank page ${path}`).toBeGreaterThan(0);
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

describe('stored XSS', () => {
  it(`runs none of the ${xssPayloads.length} payloads on the public pages`, async () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(40);
    await visit('/', (p) => p.getByRole('heading').first().waitFor());
    // Titles and bodies show their numbers in Persian digits (schema/rules/digits.ts).
    await visit('/articles', (p) => p.getByText(/مقاله ۰/).first().waitFor());
    for (const [i, slug] of articleSlugs.entries()) {
      await visit(`/articles/${encodeURIComponent(slug)}`, (p) => p.getByText(`بدنه آزمون ${toPersianDigits(i)}`).waitFor());
    }
    await visit('/categories', (p) => p.getByText(`دسته ${textPayloads[0] ?? ''}`).first().waitFor());
    await visit(`/categories/${encodeURIComponent(category.slug)}`, (p) => p.getByText(`دوره ${textPayloads[3] ?? ''}`).first().waitFor());
    await visit(`/categories/${encodeURIComponent(category.slug)}/${encodeURIComponent(course.slug)}`, (p) =>
      p.getByRole('heading', { level: 1, name: `دوره ${textPayloads[3] ?? ''}` }).waitFor(),
    );
    // Shown, as text: the payloads were rendered and neutralised, not just dropped.
    await expect.poll(() => page.getByText(`مدرس ${textPayloads[0] ?? ''}`).first().isVisible()).toBe(true);
  });

  it('runs none of them in the admin lists, and a payload pasted into the editor is sanitised on save', async () => {
    await signInAsAdmin(page, stack);
    await visit('/admin/articles', (p) => p.getByRole('row').filter({ hasText: /مقاله [0-9۰-۹]+/ }).first().waitFor());
    await visit('/admin/categories', (p) => p.getByRole('row').filter({ hasText: 'دسته' }).first().waitFor());
    await visit('/admin/teachers', (p) => p.getByRole('row').filter({ hasText: 'مدرس' }).first().waitFor());
    await visit('/admin/courses', (p) => p.getByRole('row').filter({ hasText: 'دوره' }).first().waitFor());

    await page.getByRole('link', { name: 'مقالات' }).click();
    await page.getByRole('button', { name: 'افزودن مقاله جدید' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن مقاله' });
    await dialog.getByLabel('نویسنده').fill('نویسنده چسباننده');
    await dialog.getByLabel('عنوان', { exact: true }).fill('مقاله چسبانده');
    const editor = dialog.getByRole('textbox', { name: 'متن مقاله' });
    await editor.click();
    const pasted = '<p>متن چسبانده</p><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">پیوند</a><p onclick="window.__xss=1">پاراگراف</p><script>window.__xss=1</script>';
    await editor.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'متن چسبانده');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await dialog.getByText('متن چسبانده').first().waitFor();
    await told(page, 'مقاله با موفقیت ایجاد شد', () => dialog.getByRole('button', { name: 'ذخیره' }).click());
    expect(await page.evaluate(() => '__xss' in window)).toBe(false);
    expect(dialogs).toEqual([]);

    const stored = v.parse(
      v.array(v.object({ name: v.string(), body: v.string(), slug: v.string() })),
      await (await fetch(`${stack.baseUrl}/api/Article/GetSelectList`, { headers: { authorization: `Bearer ${token}` } })).json(),
    ).find((a) => a.name === 'مقاله چسبانده');
    expect(stored?.body).toContain('متن چسبانده');
    expect(stored?.body).not.toMatch(/onerror|onclick|javascript:|<script|<img/i);
    await visit(`/articles/${encodeURIComponent(stored?.slug ?? '')}`, (p) => p.getByText('متن چسبانده').waitFor());
    console.log(`xss: ${xssPayloads.length} body payloads + ${textPayloads.length} text-field payloads + 1 pasted in the editor; ${visited.length} pages opened; ${dialogs.length} dialogs, window.__xss never set`);
  });
});

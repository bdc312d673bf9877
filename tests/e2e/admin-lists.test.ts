// Server-driven admin lists in Chromium: Persian-aware search on the server, the first rows named
// without a labels call after them, sort by header into the URL, the view restored from the URL on
// reload, filters, saved named views and the CSV export, and a record opened while a typed search
// waits. Screenshots of a filtered list with a saved view go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody } from '../support/samples';
import { apiToken, downloadedText, framesDrawn, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;

const cakeTitle = 'کیک‌پزی کودکان ۱۴';

beforeAll(async () => {
  stack = await startStack();
  const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const course = (title: string, priceInTomans: number, type: string) => courseBody(title, {
    durationInHours: 8,
    timeOfHolding: '2026-04-10T06:30:00.000Z',
    registrationDeadline: null,
    priceInTomans,
    type,
    inActive: false,
    difficulty: 'introductory',
    techerId: 0,
    categoryId: 0,
    prerequisite: '',
    coverImage: '',
    coverVideo: '',
    description: '',
    headings: '',
  });
  for (const body of [course(cakeTitle, 900_000, 'offline'), course('شیرینی‌پزی نوجوانان', 1_200_000, 'offline')]) {
    const answer = await fetch(`${stack.baseUrl}/api/Course/Create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
  }
  session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

const search = () => page.getByRole('searchbox', { name: 'جستجو' });
const bodyRows = () => page.locator('.admin-entity-table tbody tr[data-index]');
const priceHeader = () => page.getByRole('columnheader', { name: /قیمت/ });

describe('admin lists driven by the server', () => {
  it('finds a course typed with Arabic ي/ك, a space for the ZWNJ and Latin digits', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await bodyRows().first().waitFor();
    await search().fill('كيك پزي كودكان 14');
    await page.waitForURL((url) => url.searchParams.get('q') === 'كيك پزي كودكان 14');
    await page.getByRole('row').filter({ hasText: cakeTitle }).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    await search().fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
  });

  it('shows the first rows with their teachers named, asking no labels after them', async () => {
    const labelCalls: string[] = [];
    const onRequest = (request: Request) => {
      if (/\/api\/Admin\/[^/]+\/labels/.test(request.url())) labelCalls.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${stack.baseUrl}/admin/courses`);
      await bodyRows().first().waitFor();
      const teacherAt = await page.locator('.admin-entity-table thead th').evaluateAll((heads) => heads.findIndex((th) => /^مدرس(?!ان)/.test(th.textContent?.trim() ?? '')));
      expect(teacherAt).toBeGreaterThan(0);
      // Named (or «بدون مدرس») in the frame that shows the row, never the bare id first.
      const teachers = await bodyRows().evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent?.trim() ?? ''), teacherAt);
      expect(teachers.length).toBeGreaterThan(0);
      for (const name of teachers) expect(name).not.toMatch(/^[0-9۰-۹]*$/);
      await framesDrawn(page);
      expect(labelCalls).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('sorts by a header into the URL and restores the view on reload', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses?q=${encodeURIComponent('پزی')}`);
    await bodyRows().nth(1).waitFor();
    await priceHeader().getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'priceInTomans');
    await expect.poll(() => priceHeader().getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => bodyRows().first().textContent()).toContain(cakeTitle);
    await priceHeader().getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-priceInTomans');
    await expect.poll(() => bodyRows().first().textContent()).toContain('شیرینی‌پزی نوجوانان');

    await page.reload();
    await bodyRows().nth(1).waitFor();
    await expect.poll(() => priceHeader().getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => search().inputValue()).toBe('پزی');
    await expect.poll(() => bodyRows().first().textContent()).toContain('شیرینی‌پزی نوجوانان');
    await expect.poll(() => bodyRows().count()).toBe(2);
  });

  it('filters, saves the view under a name and reapplies it from a clean list', async () => {
    await page.goto(`${stack.baseUrl}/admin/courses`);
    await bodyRows().first().waitFor();
    await page.getByLabel('نوع دوره').selectOption({ label: 'حضوری' });
    await page.waitForURL((url) => url.searchParams.get('f.type') === 'offline');
    await search().fill('پزی');
    await page.waitForURL((url) => url.searchParams.get('q') === 'پزی');
    await expect.poll(() => bodyRows().count()).toBe(2);
    await page.getByRole('button', { name: 'ذخیره این نما' }).click();
    await page.getByRole('textbox', { name: 'نام نما' }).fill('آشپزی حضوری');
    await told(page, 'نمای «آشپزی حضوری» ذخیره شد', () => page.getByRole('button', { name: 'ذخیره', exact: true }).click());
    await expect.poll(() => page.getByLabel('نماهای ذخیره‌شده').inputValue()).not.toBe('');

    await page.goto(`${stack.baseUrl}/admin/courses`);
    await bodyRows().nth(2).waitFor();
    await page.getByLabel('نماهای ذخیره‌شده').selectOption({ label: 'آشپزی حضوری' });
    await page.waitForURL((url) => url.searchParams.get('f.type') === 'offline' && url.searchParams.get('q') === 'پزی');
    await expect.poll(() => bodyRows().count()).toBe(2);
    await expect.poll(() => page.getByLabel('نوع دوره').inputValue()).not.toBe('');
    await expect.poll(() => search().inputValue()).toBe('پزی');
    await page.getByText('۲ ردیف').waitFor();

    const shots = process.env.SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, 'admin-list-saved-view-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await framesDrawn(page);
      await page.screenshot({ path: path.join(shots, 'admin-list-saved-view-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('downloads the view as CSV with a BOM and Persian headers', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'دریافت فایل اکسل (CSV)' }).click()]);
    const text = await downloadedText(download);
    expect(text.startsWith('\ufeffشناسه,عنوان,')).toBe(true);
    expect(text.split('\r\n').filter((line) => line.length > 0)).toHaveLength(3);
    expect(text).toContain(cakeTitle);
  });

  it('opens a record clicked while a typed search waits, and stays there when the search would land', async () => {
    // A fresh page, so the record screen's code is fetched on the click; held back 1.5 s, as on a
    // slow phone, the list is still on screen when the search's delay ends.
    const fresh = await session.context.newPage();
    await fresh.route('**/assets/_entity_._id-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    try {
      await fresh.goto(`${stack.baseUrl}/admin/courses`);
      const cake = fresh.getByRole('row').filter({ hasText: cakeTitle });
      await cake.waitFor();
      await fresh.getByRole('searchbox', { name: 'جستجو' }).fill('کیک');
      await cake.getByRole('link', { name: 'مشاهده' }).click();
      await fresh.getByRole('heading', { level: 2, name: cakeTitle }).waitFor();
      await fresh.waitForTimeout(800);
      expect(new URL(fresh.url()).pathname).toMatch(/^\/admin\/courses\/\d+$/);
    } finally {
      await fresh.close();
    }
  });
});

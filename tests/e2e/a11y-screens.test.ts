// Every screen against axe-core's WCAG 2.0/2.1 A and AA rules (tests/e2e/axe.ts): each kind of
// public page (the sitemap's, one of each shape, and the pages it leaves out), then, signed in,
// every screen of the admin's sidebar that is not an entity (dashboard, media, audit…) and, for
// every entity of the registry, its list, its add dialog, its edit dialog and a record's detail
// view. The entities and pages are read from the registry and the sidebar, so a new one is
// checked with no line added here. One stack, one page; the admin moves screen to screen inside
// the app, as a person does, without reloading it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { splitOperation, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { adminTexts } from '../../src/components/admin/texts';
import { courseBody, sampleBody, sampleChild } from '../support/samples';
import { expectNoViolations } from './axe';
import { apiCall, apiToken, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

/** One address of each shape the sitemap lists (a course page, an article page…), plus those it leaves out. */
async function publicPages(): Promise<string[]> {
  const sitemap = await (await fetch(`${stack.baseUrl}/sitemap.xml`)).text();
  const shapes = new Map<string, string>();
  for (const [, url = ''] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(url).pathname;
    const shape = path.split('/').map((segment, i) => (i > 1 ? '*' : segment)).join('/');
    if (!shapes.has(shape)) shapes.set(shape, path);
  }
  return [...shapes.values(), '/courses', '/auth/sign-in', '/auth/sign-up', '/auth/forgot', '/no-such-page'];
}

describe('public pages', () => {
  it('every kind of public page has no WCAG A/AA violation', async () => {
    const failures: string[] = [];
    for (const path of await publicPages()) {
      await page.goto(`${stack.baseUrl}${path}`);
      await expectNoViolations(page, decodeURIComponent(path)).catch((error: Error) => failures.push(error.message));
    }
    if (failures.length) throw new Error(failures.join('\n'));
  });
});

/** Moves the signed-in panel to another screen the way its own links do: no reload. */
async function visit(path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = Number(window.history.state?.__TSR_index ?? 0) + 1;
    window.history.pushState({ __TSR_index: index, key: String(index), __TSR_key: String(index) }, '', to);
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * The screen shown is the one asked for: its heading alone, with this id (or with any id but
 * `not`). The router keeps the screen it leaves until the next is ready; a check run then would
 * read the old one.
 */
async function onScreen(which: { id: string } | { not: string | null }): Promise<void> {
  const [id, not] = 'id' in which ? [which.id, null] : [null, which.not];
  await page.waitForFunction(
    ([wanted, left]) => {
      const headings = document.querySelectorAll('main h2.admin-screen-title');
      const shown = headings.length === 1 ? (headings[0]?.id ?? '') : null;
      return shown !== null && (wanted === null ? shown !== left : shown === wanted);
    },
    [id, not] as const,
  );
}

/** The id of the screen's heading now (null on a page without one). */
const screenId = () => page.evaluate(() => document.querySelector('main h2.admin-screen-title')?.id ?? null);

/** The screen (or dialog) has what it was loading: no loading notice, nothing busy. */
async function settled(): Promise<void> {
  await page.waitForFunction((loading) => !document.querySelector('.admin-loading, [aria-busy="true"]') && !document.body.innerText.includes(loading), adminTexts.loading);
}

async function openDialog(opener: ReturnType<Page['getByRole']>): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  // The form has arrived (it is fetched apart from its dialog) with its save button.
  await dialog.getByRole('button', { name: 'ذخیره' }).waitFor();
  await settled();
}

async function closeDialog(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Create bodies whose references must name records that exist. */
const given: Partial<Record<string, Record<string, unknown>>> = {};

/** A record of each entity that can be made, so its edit dialog and detail view have one to show. */
async function makeRecords(): Promise<void> {
  const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const parent = await apiCall<{ id: number }>(stack, token, 'POST', '/api/User/Create', {
    firstName: 'والد',
    lastName: 'دسترس‌پذیری',
    phoneNumber: '09127770002',
    emailAddress: '',
    role: 1,
    password: '',
  });
  given.children = { ...sampleBody(registry.children, 8), userId: parent.id, birthDate: sampleChild.birthDate };
  const child = await apiCall<{ id: number }>(stack, token, 'POST', '/api/Child/Create', { ...given.children, grade: 'پایه نمونه' });
  const course = await apiCall<{ id: number }>(stack, token, 'POST', '/api/Course/Create', courseBody('دوره نمونه دسترس‌پذیری'));
  given.enrollments = { ...sampleBody(registry.enrollments, 8), childId: child.id, courseId: course.id };
  for (const entity of Object.values(registry)) {
    if (!entity.ops.create || entity.key === 'children') continue;
    const { method, path } = splitOperation(entity.ops.create);
    // A record a rule refuses (a reference it needs) leaves the seed's records to be shown.
    await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(given[entity.key] ?? sampleBody(entity, 8)),
    });
  }
}

// The shell around a screen (sidebar, header) is checked whole on the first screen; after it, a
// screen's own content and each dialog alone, which is what changes (each run of the check costs
// about a second of a busy machine's CPU).
const content = 'main';
const dialog = '[role="dialog"]';

async function checkEntity(entity: AnyEntity): Promise<void> {
  const failures: string[] = [];
  const check = (screen: string, within: string) => expectNoViolations(page, screen, within).catch((error: Error) => failures.push(error.message));
  await visit(`/admin/${entity.key}`);
  await onScreen({ id: `${entity.key}-title` });
  await settled();
  await check(`/admin/${entity.key}`, content);
  if (entity.ops.create && entity.texts.addButton) {
    await openDialog(page.getByRole('button', { name: entity.texts.addButton, exact: true }));
    await check(`/admin/${entity.key}, add dialog`, dialog);
    await closeDialog();
  }
  const edit = page.getByRole('row').getByRole('button', { name: /^ویرایش / }).first();
  if (entity.ops.update && (await edit.count())) {
    await openDialog(edit);
    await check(`/admin/${entity.key}, edit dialog`, dialog);
    await closeDialog();
  }
  const view = page.getByRole('row').getByRole('link', { name: /^مشاهده / }).first();
  if (await view.count()) {
    await view.click();
    await page.waitForURL(new RegExp(`/admin/${entity.key}/\\d+`));
    await onScreen({ id: 'admin-detail-title' });
    await settled();
    await check(`/admin/${entity.key}, a record's detail view`, content);
  }
  if (failures.length) throw new Error(failures.join('\n'));
}

describe('admin screens', () => {
  beforeAll(async () => {
    await makeRecords();
    await signInAsAdmin(page, stack);
  });

  it('every screen of the sidebar that is not an entity (dashboard, media, audit…)', async () => {
    const entityPaths = new Set(Object.keys(registry).map((key) => `/admin/${key}`));
    await page.getByRole('navigation').getByRole('link').first().waitFor();
    const pages = await page
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link instanceof HTMLAnchorElement ? new URL(link.href).pathname : '')));
    const failures: string[] = [];
    let first = true;
    for (const path of [...new Set(pages)].filter((p) => p.startsWith('/admin/') && !entityPaths.has(p))) {
      // Signed in, the panel opens on one of them (the dashboard): checked where it is.
      if (new URL(page.url()).pathname === path) await onScreen({ not: null });
      else {
        const left = await screenId();
        await visit(path);
        await onScreen({ not: left });
      }
      await settled();
      await expectNoViolations(page, path, first ? undefined : content).catch((error: Error) => failures.push(error.message));
      first = false;
    }
    if (failures.length) throw new Error(failures.join('\n'));
  });

  for (const entity of Object.values(registry)) {
    it(`${entity.key}: its list, add and edit dialogs and detail view`, () => checkEntity(entity));
  }
});

// The public sections schema files add (publicView.section), in the browser against the real
// server: each is reached from the footer, lists a record an admin just saved with the labels of
// its view's fields, opens the record's own page when it has one, and an address naming no
// section is the site's 404. Every section of the registry is tried, so the one-file proof's
// fixture is too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitOperation } from '../../schema/define';
import { publicSectionDisplays } from '../../schema/publicSections.gen';
import { registry } from '../../schema/registry.gen';
import { toPersianDigits } from '../../schema/rules/text';
import { sampleBody } from '../support/samples';
import { adminPassword, adminPhone, apiCall, apiToken, launchBrowser, startStack, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  admin = await apiToken(stack, adminPhone, adminPassword);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

const sections = Object.entries(publicSectionDisplays);

describe('public sections', () => {
  for (const [path, section] of sections) {
    it(`${path}: reached from the footer, lists a new record with its fields, and opens its page`, async () => {
      const entity = Object.values(registry).find((candidate) => candidate.decl.publicView?.section?.path === path);
      if (!entity?.ops.create) throw new Error(`no entity with an add call serves /${path}`);
      const hidden = entity.decl.publicView?.section?.hiddenWhen;
      const body = { ...sampleBody(entity, 7), ...(hidden ? { [hidden]: false } : {}) };
      await apiCall(stack, admin, splitOperation(entity.ops.create).method, splitOperation(entity.ops.create).path, body);
      const name = toPersianDigits(String(body[section.name] ?? ''));

      await page.goto(`${stack.baseUrl}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: section.title }).click();
      await page.waitForURL(new RegExp(`/${path}$`));
      await page.getByRole('heading', { level: 1, name: section.title }).waitFor();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
      await card.waitFor();
      for (const field of section.fields.filter((f) => f.name !== section.name)) await card.getByText(field.label, { exact: true }).waitFor();

      if (section.pages) {
        await card.getByRole('link', { name }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.getByRole('navigation', { name: 'مسیر صفحه' }).getByRole('link', { name: section.title }).waitFor();
      }
    });
  }

  it('answers an address that names no section with the site’s 404', async () => {
    const answer = await fetch(`${stack.baseUrl}/no-such-section`, { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(404);
    await answer.arrayBuffer();
    await page.goto(`${stack.baseUrl}/no-such-section`);
    await page.getByText('صفحه‌ای که دنبالش بودید پیدا نشد').waitFor();
  });
});

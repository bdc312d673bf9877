// A smoke run of every entity screen the registry has, made from the schema files alone: the
// screen opens with its title, a record created through the API is listed, edited through the
// generic form and deleted after confirmation. A new schema file is covered with no test of its
// own (the one-file proof in tests/engine runs this file against a fixture entity).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitOperation } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { toPersianDigits } from '../../schema/rules/text';
import { courseBody, sampleBody, sampleChild } from '../support/samples';
import { apiCall, apiToken, launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let token: string;
/** Create bodies whose references must name records that exist (an enrolment's child and course, a child's parent). */
const given: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  await signInAsAdmin(page, stack);
  token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const parent = await apiCall<{ id: number }>(stack, token, 'POST', '/api/User/Create', {
    firstName: 'والد',
    lastName: 'نمونه',
    phoneNumber: '09127770001',
    emailAddress: '',
    role: 1,
    password: '',
  });
  given.children = { ...sampleBody(registry.children, 7), userId: parent.id, birthDate: sampleChild.birthDate };
  const child = await apiCall<{ id: number }>(stack, token, 'POST', '/api/Child/Create', { ...given.children, grade: 'پایه نمونه' });
  const course = await apiCall<{ id: number }>(stack, token, 'POST', '/api/Course/Create', courseBody('دوره نمونه ثبت‌نام دستی'));
  given.enrollments = { ...sampleBody(registry.enrollments, 7), childId: child.id, courseId: course.id };
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('every registry entity has a working screen', () => {
  for (const entity of Object.values(registry)) {
    it(`${entity.key}: lists, edits and deletes through the generic screen`, async () => {
      await page.goto(`${stack.baseUrl}/admin/${entity.key}`);
      await page.getByRole('heading', { name: entity.texts.title }).first().waitFor();
      await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: entity.texts.nav, exact: true }).count()).toBe(entity.sidebar ? 1 : 0);
      if (!entity.ops.create) return;

      const { method, path } = splitOperation(entity.ops.create);
      const body = given[entity.key] ?? sampleBody(entity, 7);
      const created = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(200);
      const textColumn = entity.columns.find((c) => 'key' in c && c.cell === 'text' && typeof body[c.key] === 'string');
      // Shown as the table shows text: with Persian digits.
      const marker = textColumn && 'key' in textColumn ? toPersianDigits(String(body[textColumn.key])) : null;
      if (!marker) return;

      // Newest first, whatever order the entity lists by (class sessions by date): the row just made is on the first page.
      await page.goto(`${stack.baseUrl}/admin/${entity.key}?sort=-id`);
      const row = page.getByRole('row').filter({ hasText: marker });
      await row.waitFor();
      if (entity.ops.update) {
        await row.getByRole('button', { name: 'ویرایش' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: entity.texts.editTitle }).waitFor();
        await told(page, entity.texts.succeeded.update, () => dialog.getByRole('button', { name: 'ذخیره' }).click());
      }
      if (entity.ops.remove) {
        await row.getByRole('button', { name: 'حذف' }).click();
        await told(page, entity.texts.succeeded.remove, () => page.getByRole('alertdialog').getByRole('button', { name: 'بله، حذف شود' }).click());
        await row.waitFor({ state: 'detached' });
      }
    });
  }
});

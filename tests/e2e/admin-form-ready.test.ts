// The generic admin form in Chromium, as an admin meets it: one click on «ذخیره» with the focus in
// an empty first field names every required field at once (a blur error appearing as the button
// is pressed moves nothing, and the submit checks every field), in every entity's add form; and a
// dialog opens with its form, fetched ahead while the list sat idle, never a loading text.
// With SHOTS_DIR set, the teachers' add modal after that one click at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankRecord, fieldSchema, formFields, type AnyEntity } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;
const loadingText = 'در حال بارگذاری...';
const formChunk = /\/assets\/EntityForm-[^/]+\.js$/;

let stack: Stack;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  page = session.page;
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

/** What an add form must say after one submit: each shown field its blank value fails, with its message. */
function requiredMessages(entity: AnyEntity): string[] {
  const blank = blankRecord(entity);
  const messages: string[] = [];
  for (const [name, field] of Object.entries(formFields(entity, 'add'))) {
    const checked = v.safeParse(fieldSchema(field), blank[name]);
    const message = checked.success ? undefined : checked.issues[0]?.message;
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

async function openAddForm(entity: AnyEntity) {
  await page.goto(`${stack.baseUrl}/admin/${entity.key}`);
  await page.locator(`#${entity.key}-title`).waitFor();
  await page.getByRole('button', { name: entity.texts.addButton, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('form').waitFor();
  // A form with a rich-text body grows when its editor arrives: measured once all of it is here.
  await dialog.getByText(loadingText).waitFor({ state: 'detached' });
  return dialog;
}

/**
 * Focus in the first field, then one click on «ذخیره», as a person does: pressed, then released.
 * The press takes the focus from the first field, whose blur message appears at once; the button
 * must still be under the pointer when it is released, or the click is lost.
 */
async function clickSaveOnce(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.locator('form').locator('input:not([type="hidden"]), textarea, select').first().focus();
  const save = dialog.getByRole('button', { name: 'ذخیره', exact: true });
  await save.scrollIntoViewIfNeeded();
  const pressed = await save.boundingBox();
  if (!pressed) throw new Error('no «ذخیره» on screen');
  await page.mouse.move(pressed.x + pressed.width / 2, pressed.y + pressed.height / 2);
  await page.mouse.down();
  // The blur's render (a message, when the first field's blank value fails) is on screen two frames on.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await save.boundingBox()).toEqual(pressed);
  await page.mouse.up();
}

describe('one click on «ذخیره»', () => {
  it('in «افزودن همیار» names the name, the skill, the description and the image at once', async () => {
    const dialog = await openAddForm(registry.teachers);
    await clickSaveOnce(page, dialog);
    for (const message of ['نام الزامی است', 'مهارت الزامی است', 'توضیحات الزامی است', 'لینک تصویر الزامی است']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: `${shots}/teachers-add-one-click-${width}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await dialog.getByRole('button', { name: 'انصراف' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('in every entity’s add form names every field its blank value fails', async () => {
    const checked: string[] = [];
    for (const key of registryKeys) {
      const entity = registry[key];
      if (!entity.ops.create || !entity.texts.addButton || !entity.sidebar) continue;
      const expected = requiredMessages(entity);
      if (expected.length === 0) continue;
      const dialog = await openAddForm(entity);
      await clickSaveOnce(page, dialog);
      for (const message of expected) {
        await dialog.getByText(message, { exact: true }).first().waitFor();
      }
      checked.push(key);
      await dialog.getByRole('button', { name: 'انصراف' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(checked).toContain('teachers');
    expect(checked).toContain('courses');
    expect(session.errors).toEqual([]);
  });
});

describe('the form is there when its dialog opens', () => {
  it('fetches the form while the teachers list sits idle; «ویرایش» opens a dialog with its fields, no loading text', async () => {
    const fresh = await launchBrowser({ viewport: { width: 1366, height: 900 } });
    try {
      const { page } = fresh;
      await signInAsAdmin(page, stack);
      await page.mouse.move(1, 1);
      const fetched = page.waitForResponse((response) => formChunk.test(new URL(response.url()).pathname));
      await page.goto(`${stack.baseUrl}/admin/teachers`);
      await page.locator('#teachers-title').waitFor();
      // No button was touched: the list alone brought the form.
      expect((await fetched).ok()).toBe(true);
      // From here the form's chunk cannot arrive: what the dialog shows was here before the click.
      await page.route(formChunk, (route) => route.abort());
      await page.evaluate((text) => {
        const seen = { loading: false };
        Object.assign(window, { formLoadingSeen: seen });
        new MutationObserver(() => {
          for (const dialog of document.querySelectorAll('[role="dialog"]')) if (dialog.textContent?.includes(text)) seen.loading = true;
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }, loadingText);
      const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'ویرایش' }) }).first();
      await row.getByRole('button', { name: 'ویرایش' }).click();
      const dialog = page.getByRole('dialog', { name: registry.teachers.texts.editTitle });
      await dialog.getByLabel('نام', { exact: true }).waitFor();
      await expect.poll(() => dialog.getByLabel('نام', { exact: true }).inputValue()).not.toBe('');
      expect(await page.evaluate(() => 'formLoadingSeen' in window && JSON.stringify(window.formLoadingSeen))).toBe('{"loading":false}');
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

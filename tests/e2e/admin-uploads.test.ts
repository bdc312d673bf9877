// Uploads fail early, in the admin's course form on the real server: the
// video field's picker states the accepted types and the limit; a wrong or too large file is
// refused at once and nothing is sent; a large video shows its progress (network throttled so
// it takes a while) and «لغو» stops it: nothing is stored and the form keeps what was typed.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRules, uploadTexts } from '../../schema/uploads';
import { apiToken, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;
let filesDir = '';
const uploadRequests: string[] = [];

/** A file of `size` bytes starting with an MP4 header; sparse, so it costs no disk. */
async function bigVideo(name: string, size: number): Promise<string> {
  const file = path.join(filesDir, name);
  await writeFile(file, Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]));
  await truncate(file, size);
  return file;
}

const storedVideos = () => {
  const dir = path.join(stack.dataDir, 'media', 'videos');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function libraryVideos(): Promise<unknown[]> {
  const token = await apiToken(stack, stack.adminPhone, stack.adminPassword);
  const response = await fetch(`${stack.baseUrl}/api/File/library?mediaType=video`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items) ? body.items : [];
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'academy-upload-files-'));
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  page.on('request', (request) => {
    if (request.url().includes('/api/File/upload-')) uploadRequests.push(request.url());
  });
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

async function openVideoPicker() {
  await page.goto(`${stack.baseUrl}/admin/courses`);
  await page.getByRole('button', { name: 'افزودن دوره جدید' }).click();
  const form = page.getByRole('dialog', { name: 'افزودن دوره جدید' });
  await form.waitFor();
  await form.getByLabel('عنوان دوره').fill('دوره‌ای که نباید از دست برود');
  await form.getByLabel('لینک ویدیوی معرفی').click();
  const picker = page.getByRole('dialog', { name: 'انتخاب ویدیو از کتابخانه' });
  await picker.waitFor();
  return { form, picker };
}

describe('admin uploads', () => {
  it('states the types and the limit, and refuses a wrong or too large file at once without sending it', async () => {
    const { form, picker } = await openVideoPicker();
    const input = picker.locator('input[type="file"]');
    await picker.getByText('قالب‌های مجاز: MP4،\u200f WebM،\u200f OGG یا MOV؛ حداکثر ۱۰۰ مگابایت').waitFor();
    expect(await input.getAttribute('accept')).toBe('video/mp4,.mp4,video/webm,.webm,video/ogg,.ogv,.ogg,video/quicktime,.mov');
    // The statement is what the input is described by, for a screen reader too.
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    expect(await picker.locator(`[id="${describedBy.split(' ')[0] ?? ''}"]`).textContent()).toBe(uploadTexts.statement('video'));

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
    const alert = picker.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('نوع فایل مجاز نیست؛ ویدیو باید MP4،\u200f WebM،\u200f OGG یا MOV باشد');

    await input.setInputFiles(await bigVideo('too-big.mp4', uploadRules.video.maxBytes + 1024 * 1024));
    await picker.getByText('حجم این فایل ۱۰۱ مگابایت است؛ حجم ویدیو نباید بیشتر از ۱۰۰ مگابایت باشد').waitFor();

    // Nothing left the browser, and the form behind still holds its title.
    await page.waitForTimeout(300);
    expect(uploadRequests).toEqual([]);
    await picker.getByRole('button', { name: 'بستن' }).click();
    await expect.poll(() => form.getByLabel('عنوان دوره').inputValue()).toBe('دوره‌ای که نباید از دست برود');
  });

  it('shows the progress of a large video, and «لغو» stops it: nothing is stored, the form keeps its values', async () => {
    const before = await libraryVideos();
    const { form, picker } = await openVideoPicker();
    // About 2 MB/s up, so a 60 MB video takes half a minute: long enough to see and cancel.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    try {
      await picker.locator('input[type="file"]').setInputFiles(await bigVideo('lecture.mp4', 60 * 1024 * 1024));
      const progress = picker.getByRole('group', { name: 'پیشرفت آپلود' });
      await progress.waitFor();
      // Some of it sent, not all: the percentage in Persian digits, the bar beside it.
      await expect.poll(async () => (await progress.locator('.upload-percent').textContent()) ?? '').toMatch(/^[۱-۹][۰-۹]?٪$/);
      expect(Number(await progress.locator('progress').getAttribute('value'))).toBeGreaterThan(0);
      expect(uploadRequests).toHaveLength(1);
      // The server is writing it by now.
      await expect.poll(() => storedVideos().some((name) => name.endsWith('.part'))).toBe(true);

      await progress.getByRole('button', { name: 'لغو' }).click();
      await picker.getByRole('status').filter({ hasText: 'آپلود لغو شد' }).waitFor();
      await progress.waitFor({ state: 'detached' });
      // The server removed what it had received, and the library has nothing new.
      await expect.poll(() => storedVideos()).toEqual([]);
      expect(await libraryVideos()).toEqual(before);

      // The picker stays usable, and the form keeps what was typed.
      await expect.poll(() => picker.locator('input[type="file"]').isDisabled()).toBe(false);
      await picker.getByRole('button', { name: 'بستن' }).click();
      await expect.poll(() => form.getByLabel('عنوان دوره').inputValue()).toBe('دوره‌ای که نباید از دست برود');
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  });
});

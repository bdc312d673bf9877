// The media screen end to end on the real server: upload a real PNG, see it listed with the
// toast, copy its name, delete it through the confirmation; kind switching and the empty
// selection message.
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOf, uploadTexts } from '../../schema/uploads';
import { launchBrowser, signInAsAdmin, startStack, told, type BrowserSession, type Stack } from './harness';

let stack: Stack;
let session: BrowserSession;
let page: Page;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid width×height RGB PNG in one colour, so the server's content sniffing accepts it. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rowWith = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  stack = await startStack();
  session = await launchBrowser();
  page = session.page;
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  await signInAsAdmin(page, stack);
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('admin media', () => {
  it('lists images first, and switches to videos and back', async () => {
    await page.goto(`${stack.baseUrl}/admin/media`);
    await page.getByRole('heading', { name: 'مدیریت مدیا' }).waitFor();
    const kind = page.getByLabel('نوع فایل');
    await expect.poll(() => kind.inputValue()).toBe('image');
    await page.getByRole('table').waitFor();
    await kind.selectOption({ label: 'ویدیوها' });
    await page.getByRole('table').waitFor();
    // Either seeded videos (playable) or the empty-table text, once the list has turned to them.
    const videos = page.locator('video[controls][preload="metadata"]');
    await videos.or(page.getByText(/هیچ داده‌?ای موجود نیست/)).first().waitFor();
    if ((await videos.count()) === 0) await page.getByText(/هیچ داده‌?ای موجود نیست/).waitFor();
    await kind.selectOption({ label: 'تصاویر' });
    await page.getByRole('table').waitFor();
  });

  it('refuses an upload with no file selected', async () => {
    await page.goto(`${stack.baseUrl}/admin/media`);
    await page.getByRole('button', { name: 'آپلود فایل' }).click();
    const dialog = page.getByRole('dialog', { name: 'آپلود فایل' });
    await dialog.waitFor();
    expect(await dialog.locator('input[type="file"]').getAttribute('accept')).toBe(acceptOf('image'));
    await dialog.getByRole('button', { name: 'آپلود فایل' }).click();
    // The refusal, not the chooser's placeholder, which reads the same before any file is chosen.
    await dialog.getByRole('alert').filter({ hasText: 'فایلی انتخاب نشده' }).waitFor();
    await dialog.getByRole('button', { name: 'انصراف' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('uploads a PNG, lists it with the toast, copies its name, and deletes it after confirmation', async () => {
    await page.goto(`${stack.baseUrl}/admin/media`);
    await page.getByRole('table').waitFor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/File/upload-image')) uploads.push(request.headers()['content-type'] ?? '');
    });

    await page.getByRole('button', { name: 'آپلود فایل' }).click();
    const dialog = page.getByRole('dialog', { name: 'آپلود فایل' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'e2e-square.png',
      mimeType: 'image/png',
      buffer: makePng(8, 8, [31, 78, 140]),
    });
    const uploaded = page.waitForResponse((response) => response.url().includes('/api/File/upload-image'));
    await told(page, 'فایل با موفقیت آپلود شد', () => dialog.getByRole('button', { name: 'آپلود فایل' }).click());
    const response = await uploaded;
    expect(response.status()).toBe(200);
    const body: unknown = await response.json();
    // The server names stored files itself; the row is found by the name it answered.
    const name = typeof body === 'object' && body !== null && 'fileName' in body ? String(body.fileName) : '';
    expect(name).toMatch(/\.png$/);
    await dialog.waitFor({ state: 'detached' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatch(/^multipart\/form-data; boundary=/);

    const row = rowWith(name);
    await row.waitFor();
    expect((await row.locator('.media-name').textContent())?.trim()).toBe(name);
    // The preview is the stored image, served by the API.
    const preview = row.getByRole('img');
    expect(await preview.getAttribute('src')).toBe(`/api/File/image/${encodeURIComponent(name)}`);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);

    await told(page, 'نام فایل کپی شد', () => row.getByRole('button', { name: /کپی نام/ }).click());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);

    // Declining the confirmation keeps the file.
    await row.getByRole('button', { name: /حذف/ }).click();
    let confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از حذف این فایل مطمئن هستید؟').waitFor();
    await confirm.getByRole('button', { name: 'انصراف' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: /حذف/ }).click();
    confirm = page.getByRole('alertdialog');
    await confirm.getByText('آیا از حذف این فایل مطمئن هستید؟').waitFor();
    await told(page, 'فایل با موفقیت حذف شد', () => confirm.getByRole('button', { name: 'بله، حذف شود' }).click());
    await row.waitFor({ state: 'detached' });
    const served = await fetch(`${stack.baseUrl}/api/File/image/${encodeURIComponent(name)}`);
    expect(served.status).toBe(404);
  });

  it("shows the server's message when the file is not of the chosen kind", async () => {
    await page.goto(`${stack.baseUrl}/admin/media`);
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'آپلود فایل' }).click();
    const dialog = page.getByRole('dialog', { name: 'آپلود فایل' });
    // A text file dressed up as a PNG: the browser's accept filter is only a hint.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await dialog.getByRole('button', { name: 'آپلود فایل' }).click();
    // Told in the form, beside the file input (the server's message: the bytes are no image).
    await dialog.getByRole('alert').filter({ hasText: uploadTexts.badType('image') }).waitFor();
    expect(await page.getByText('فایل با موفقیت آپلود شد').count()).toBe(0);
    // The modal stays open for another try.
    expect(await dialog.isVisible()).toBe(true);
  });
});

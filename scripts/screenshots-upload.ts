// Screenshots of the upload form at 1366 and 390 px: the media screen's upload
// modal with its statement and a refused file, and a course form's video picker sending a large
// video with its progress and «لغو» (network throttled so the progress stays on screen).
// Usage: a running built server, then
//   SHOTS_URL=http://127.0.0.1:3420 SHOTS_DIR=/work/shots/upload ADMIN_PASSWORD=… npx tsx scripts/screenshots-upload.ts
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../tests/e2e/harness';

const base = process.env.SHOTS_URL ?? 'http://127.0.0.1:3420';
const out = process.env.SHOTS_DIR ?? '/work/shots/upload';
const phone = process.env.ADMIN_PHONE ?? '09120000000';
const password = process.env.ADMIN_PASSWORD ?? 'demo-pass-123';

const signIn = await fetch(`${base}/api/Auth/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: phone, password }) });
const signedIn: unknown = await signIn.json();
const token = typeof signedIn === 'object' && signedIn !== null && 'accessToken' in signedIn && typeof signedIn.accessToken === 'string' ? signedIn.accessToken : '';
if (!token) throw new Error(`sign-in failed: ${signIn.status}`);

const dir = await mkdtemp(path.join(tmpdir(), 'upload-shots-'));
const video = path.join(dir, 'lecture.mp4');
await writeFile(video, Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]));
await truncate(video, 80 * 1024 * 1024);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
try {
  for (const width of [1366, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 }, locale: 'fa-IR' });
    await context.addInitScript((value) => localStorage.setItem('accessToken', value), token);
    const page = await context.newPage();

    await page.goto(`${base}/admin/media`);
    await page.getByRole('button', { name: 'آپلود فایل' }).click();
    const modal = page.getByRole('dialog', { name: 'آپلود فایل' });
    await modal.getByText(/قالب‌های مجاز/).waitFor();
    await page.screenshot({ path: `${out}/media-statement-${width}.png` });
    await modal.locator('input[type="file"]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await modal.getByRole('alert').waitFor();
    await page.screenshot({ path: `${out}/media-refused-${width}.png` });

    await page.goto(`${base}/admin/courses`);
    await page.getByRole('button', { name: 'افزودن دوره جدید' }).click();
    const form = page.getByRole('dialog', { name: 'افزودن دوره جدید' });
    await form.getByLabel('عنوان دوره').fill('رباتیک مقدماتی');
    await form.getByLabel('لینک ویدیوی معرفی').click();
    const picker = page.getByRole('dialog', { name: 'انتخاب ویدیو از کتابخانه' });
    await picker.getByText(/قالب‌های مجاز/).waitFor();
    await page.screenshot({ path: `${out}/picker-statement-${width}.png` });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await picker.locator('input[type="file"]').setInputFiles(video);
    const progress = picker.getByRole('group', { name: 'پیشرفت آپلود' });
    await progress.waitFor();
    await page.waitForFunction(() => /[۱-۹]/.test(document.querySelector('.upload-percent')?.textContent ?? ''));
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/picker-progress-${width}.png` });
    await progress.getByRole('button', { name: 'لغو' }).click();
    await picker.getByText('آپلود لغو شد').waitFor();
    await page.screenshot({ path: `${out}/picker-cancelled-${width}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`screenshots in ${out}`);

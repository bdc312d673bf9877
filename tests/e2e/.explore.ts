import { launchBrowser, signInAsAdmin, startStack } from './harness';
const stack = await startStack();
const b = await launchBrowser({ viewport: { width: 390, height: 844 } });
const { page } = b;
try {
  await signInAsAdmin(page, stack);
  for (const key of ['courses', 'users']) {
    await page.goto(`${stack.baseUrl}/admin/${key}`);
    await page.getByRole('row').nth(2).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/work/shots/digits/before-${key}-390.png` });
  }
  await page.goto(`${stack.baseUrl}/admin/courses`);
  await page.getByRole('row').nth(2).waitFor();
  await page.getByRole('row').nth(1).getByRole('button', { name: 'ویرایش' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(800);
  console.log('focused:', await page.evaluate(() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 150) : null; }));
  await page.screenshot({ path: `/work/shots/digits/before-form-390.png` });
  const picker = page.locator('.jdp-input').first();
  await picker.scrollIntoViewIfNeeded();
  await picker.click();
  await page.locator('.jdp-popup').waitFor();
  console.log('popup box', await page.locator('.jdp-popup').boundingBox());
  await page.screenshot({ path: `/work/shots/digits/before-picker-390.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  console.log('after close focused:', await page.evaluate(() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 150) : null; }));
  for (const path of ['/', '/categories', '/articles', '/about-us', '/contact-us']) {
    await page.goto(`${stack.baseUrl}${path}`);
    const latin = await page.evaluate(() => document.body.innerText.match(/\S*[0-9]\S*/g));
    console.log(path, JSON.stringify(latin));
  }
} finally {
  await b.close();
  await stack.stop();
}

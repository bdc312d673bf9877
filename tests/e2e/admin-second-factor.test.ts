// The panel's second factor in Chromium against the real server with PANEL_SECOND_FACTOR=required:
// the administrator signs in with the password, is sent from the panel to the enrolment page,
// scans nothing (the test computes the app's code from the secret the page shows), keeps the ten
// recovery codes and reaches the panel; then adds a passkey on a virtual authenticator (the
// DevTools protocol's WebAuthn domain) and passes a new session's second factor with it alone.
// With SHOTS_DIR set, the enrolment, the recovery codes and the verification at 1366 and 390 px.
import { mkdirSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';

const shots = process.env.SHOTS_DIR;

let stack: Stack;
let session: BrowserSession;
let secret = '';

const codeAt = (at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The panel's first screen has drawn its sidebar: the panel answered this session. */
const panelShown = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /دوره‌ها/ }).first().waitFor();

beforeAll(async () => {
  // localhost: a passkey's relying party must be a domain, not 127.0.0.1.
  stack = await startStack({ env: { PANEL_SECOND_FACTOR: 'required' }, publicHost: 'localhost' });
  session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
});

afterAll(async () => {
  await session?.close();
  await stack?.stop();
});

describe('the panel second factor in the browser', () => {
  it('sends a password-only administrator to enrol, enrols an authenticator app and opens the panel', async () => {
    const { page } = session;
    await signInAsAdmin(page, stack);
    await page.waitForURL(/\/admin\/second-factor/);
    await page.getByRole('heading', { name: 'فعال‌سازی ورود دومرحله‌ای' }).waitFor();
    await page.getByRole('button', { name: 'نمایش کد QR' }).click();
    const qr = page.getByRole('img', { name: /کد QR/ });
    await qr.waitFor();
    secret = (await page.locator('[data-secret]').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(page, 'enrol-qr');
    await page.getByLabel('نخستین کد برنامه').fill(codeAt(Date.now()));
    await page.getByRole('button', { name: 'فعال‌سازی' }).click();
    const codes = page.getByRole('list', { name: 'کدهای بازیابی' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await shoot(page, 'recovery-codes');
    await page.getByRole('button', { name: 'رفتن به پنل مدیریت' }).click();
    await panelShown(page);
    expect(new URL(page.url()).pathname).not.toContain('second-factor');
  });

  it('adds a passkey on a virtual authenticator and passes a new session with it alone', async () => {
    const { page, context } = session;
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    // This session passed with the app; from the page itself, a passkey is added.
    await page.goto(`${stack.baseUrl}/admin/second-factor`);
    await page.getByRole('heading', { name: 'ورود دومرحله‌ای' }).waitFor();
    await page.getByRole('button', { name: 'ساختن کلید عبور' }).click();
    await page.getByText('۱ کلید عبور ثبت شده است').waitFor();

    // A new session: the password, then the passkey, and the panel.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, stack, stack.adminPhone, stack.adminPassword);
    await page.waitForURL(/\/admin\/second-factor/);
    await page.getByRole('heading', { name: 'مرحله دوم ورود' }).waitFor();
    await shoot(page, 'verify');
    await page.getByRole('button', { name: 'ورود با کلید عبور' }).click();
    await panelShown(page);
    expect(new URL(page.url()).pathname).not.toContain('second-factor');
    // The authenticator holds the one passkey, and signed with it once to let this session in.
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.signCount).toBeGreaterThan(0);
  });
});

// Browser-test harness: the built SPA served by the real server (a child process on a temporary
// data dir and a free port, seeded), a fake Zarinpal gateway, and Debian's Chromium.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway';
import { startFakeSms, type FakeSms } from '../support/fake-sms';
import { waitBudgetMs } from '../support/budget';
import { serverEntry } from '../support/server-entry';
import { recordToasts } from './toasts';

export { told } from './toasts';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const adminPhone = '09120000000';
export const adminPassword = 'Admin-Test-Password-1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Stack {
  baseUrl: string;
  dataDir: string;
  adminPhone: string;
  adminPassword: string;
  gatewayUrl: string;
  /**
   * The fake gateway the server pays through: a test makes it misbehave as the server tests do
   * (`failRefunds` refuses every refund, `inject` a fault on one call). Refunds go through it only
   * when the stack was started with `gatewayRefunds`.
   */
  gateway: FakeGateway;
  /** The Kavenegar-compatible SMS service the server sends through: what each phone received. */
  sms: FakeSms;
  output: () => string;
  stop: () => Promise<void>;
}

export { serverEntry };

/** The child server could not take its port: another process took it after `freePort` chose it. */
class PortTaken extends Error {}

async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A start takes a second or two on a quiet machine; the deadline only turns a hang into an error.
  const deadline = Date.now() + waitBudgetMs;
  // Ready once this child says it listens, not merely once something answers on the port: the
  // suites beside this one open ports all the time, and one may take this port between
  // `freePort` and the child's bind. The probe would then reach that other process.
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(output())) throw new PortTaken(output());
      throw new Error(`server exited early:\n${output()}`);
    }
    if (output().includes('Academy is running at')) {
      try {
        const response = await fetch(`${url}/api/Public/categories`);
        if (response.ok) return;
      } catch {
        // listening, not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not start in ${waitBudgetMs / 1000} s:\n${output()}`);
}

/** Starts the real server (expects `dist/` to be built) with a fresh seeded database. */
/**
 * `publicHost: 'localhost'`: the site's address (PUBLIC_URL, baseUrl) names localhost instead of
 * 127.0.0.1, for what a browser refuses on an IP address (a passkey's relying party is a domain).
 */
export async function startStack(options: { env?: Record<string, string>; gatewayRefunds?: true; publicHost?: 'localhost' } = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'academy-e2e-'));
  const gateway = await startFakeGateway();
  const sms = await startFakeSms();
  for (let attempt = 1; ; attempt++) {
    try {
      // The merchant's refund token (ZARINPAL_ACCESS_TOKEN): without it a refund is recorded by hand.
      const refunds: Record<string, string> = options.gatewayRefunds ? { ZARINPAL_ACCESS_TOKEN: gateway.refundToken } : {};
      return await spawnServer(dataDir, gateway, sms, { ...refunds, ...options.env }, options.publicHost ?? '127.0.0.1');
    } catch (error) {
      // A port taken under the child is the neighbours' doing, not this server's: another port.
      if (error instanceof PortTaken && attempt < 3) continue;
      await gateway.close();
      await sms.close();
      throw error;
    }
  }
}

async function spawnServer(
  dataDir: string,
  gateway: FakeGateway,
  sms: FakeSms,
  env: Record<string, string>,
  publicHost: string,
): Promise<Stack> {
  const port = await freePort();
  const baseUrl = `http://${publicHost}:${port}`;
  let log = '';
  const child = spawn(process.execPath, serverEntry(), {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PHONE: adminPhone,
      ADMIN_PASSWORD: adminPassword,
      PAYMENT_GATEWAY_URL: gateway.url,
      KAVENEGAR_URL: sms.url,
      KAVENEGAR_API_KEY: sms.apiKey,
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitForServer(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    adminPhone,
    adminPassword,
    gatewayUrl: gateway.url,
    gateway,
    sms,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await gateway.close();
      await sms.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * The test process's Chromium: launched by the first session of a run of the browser tests and
 * shared by every session after it, each with a context of its own (cookies, storage, viewport,
 * time zone), closed with its session. The files run one after another in one process
 * (tests/e2e/vitest.config.ts), so one browser serves them all. It runs in this process, not
 * behind a browser server the sessions connect to: every Playwright call then went as JSON over a
 * WebSocket through vitest's main process and back, a quarter of the browser tests' Node CPU
 * (two files: 12.5 → 9.4 s; Chromium's own CPU, about four times that, is unchanged). Ended
 * with the process (Playwright closes the browsers it launched when its process exits).
 */
let shared: Promise<Browser> | undefined;
export function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  return shared;
}

export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<BrowserSession> {
  // The run's shared browser inside a vitest run; a browser of its own elsewhere (the bench
  // scripts), which a process that ends when its work is done closes with the session.
  const inTestRun = process.env.VITEST === 'true';
  const browser = inTestRun ? await sharedBrowser() : await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'fa-IR',
    timezoneId: options.timezoneId ?? 'Asia/Tehran',
  });
  // The test command runs the browser tests beside other suites on a two-core machine: a page
  // that takes longer than Playwright's 30 s default to show a field is slow, not broken. Every
  // wait, navigations included, has the one budget (tests/support/budget.ts) and names none of
  // its own.
  context.setDefaultTimeout(waitBudgetMs);
  await context.addInitScript({ content: recordToasts });
  const page = await context.newPage();
  // A server-rendered page is on screen before its islands answer (src/boot.ts,
  // src/islands/main.tsx); a test, like a person, acts on it once they do. Pages of other origins (the fake gateway) and
  // failed loads have no #root and are not waited for.
  const waitForApp = () =>
    page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.appReady === 'true');
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForApp();
    return response;
  };
  // A click on a plain link of a server-rendered page loads the next page in full.
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options);
    await waitForApp();
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp();
    return response;
  };
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    browser,
    context,
    page,
    errors,
    close: () => (inTestRun ? context.close() : browser.close()),
  };
}

/** Signs in through the real sign-in page, as a user would. */
export async function signIn(page: Page, stack: Stack, username: string, password: string): Promise<void> {
  const response = await page.goto(`${stack.baseUrl}/auth/sign-in`);
  await page
    .getByLabel(/موبایل|ایمیل|نام کاربری/)
    .first()
    .fill(username)
    .catch(async (error: unknown) => {
      // What the browser was showing instead of the form: the one thing a failed run leaves to go on.
      const shown = await page.evaluate(() => `${document.title} | ${document.body.innerText.slice(0, 400)}`).catch(() => '(unreadable)');
      throw new Error(`no sign-in form at ${page.url()} (answered ${response?.status() ?? 'nothing'}): ${shown}`, { cause: error });
    });
  await page.getByLabel(/رمز عبور/).first().fill(password);
  await page.getByRole('button', { name: /ورود/ }).click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')));
  // The page then moves on by itself (to the dashboard, the panel or the page asked for); a
  // navigation started before that move is cut off by it.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/**
 * Resolves once the page has drawn two more frames: a resize or a scroll has been laid out and
 * painted, and the observers it set off (intersection, resize) have had their callbacks. What a
 * test waits for after such a change, instead of a guessed number of milliseconds.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export async function signInAsAdmin(page: Page, stack: Stack): Promise<void> {
  await signIn(page, stack, stack.adminPhone, stack.adminPassword);
  await page.waitForURL(/\/admin/);
}

/**
 * Waits for an SMS to the number among those the fake Kavenegar service received after the first
 * `after` (stack.sms.messages.length taken before the code was asked for), and answers its
 * 6-digit code.
 */
export async function waitForCode(stack: Stack, phoneNumber: string, after = 0): Promise<string> {
  // The SMS goes out while the request is answered; the deadline only names what never came.
  const deadline = Date.now() + waitBudgetMs;
  for (;;) {
    const sent = stack.sms.messages.slice(after).filter((message) => message.receptor === phoneNumber);
    const code = /\b([0-9]{6})\b/.exec(sent.at(-1)?.message ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code by SMS to ${phoneNumber}: ${JSON.stringify(stack.sms.messages.slice(-5))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks the API for a code (as the forms do) and answers it from the SMS the phone received. */
export async function requestCode(stack: Stack, phoneNumber: string, purpose: 'signIn' | 'signUp' | 'reset'): Promise<string> {
  const before = stack.sms.messages.length;
  const response = await fetch(`${stack.baseUrl}/api/Auth/SendCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber, purpose }),
  });
  if (!response.ok) throw new Error(`SendCode ${phoneNumber}: ${response.status} ${await response.text()}`);
  return waitForCode(stack, phoneNumber, before);
}

/** Signs a learner up through the API (the phone's code from its SMS); the answer as fetched. */
export async function apiSignUp(
  stack: Stack,
  details: { firstName: string; lastName: string; phoneNumber: string; emailAddress?: string; password: string },
): Promise<Response> {
  const code = await requestCode(stack, details.phoneNumber, 'signUp');
  return fetch(`${stack.baseUrl}/api/Auth/SignUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: '', ...details, code }),
  });
}

/** A token straight from the API, for tests that only need a signed-in state. */
export async function apiToken(stack: Stack, username: string, password: string): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/Auth/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body: unknown = await response.json();
  if (typeof body === 'object' && body !== null && 'accessToken' in body && typeof body.accessToken === 'string') {
    return body.accessToken;
  }
  throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
}

/**
 * One call of the API as `token`'s holder, for a test's own data; a refusal throws with its
 * status and body. The server's answers are checked against the contract by the server suite.
 */
export async function apiCall<T>(stack: Stack, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const answer: T = await response.json();
  return answer;
}

/** A download's text, read from Playwright's stream of it (no path of the browser's own is needed). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

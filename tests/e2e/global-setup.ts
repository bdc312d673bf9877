// One Chromium for a run of the browser tests: each launchBrowser (tests/e2e/harness.ts) connects
// to it and gets a context of its own (cookies, storage, viewport, time zone), closed with its
// session. Starting a browser for each of the sixty-odd sessions cost about half a second of CPU
// each, beside a second suite on two cores.
import { chromium } from 'playwright-core';
import { chromiumArgs } from './harness';

export async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  process.env.E2E_BROWSER_ENDPOINT = server.wsEndpoint();
  return async () => {
    await server.close();
  };
}

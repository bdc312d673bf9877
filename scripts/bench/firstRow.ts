// The admin list's first row, as an administrator meets it: from navigation start
// (performance.now() is relative to it) until the first data row is in the DOM and the frame
// showing it has rendered (a message posted from the next animation frame arrives once that
// frame's rendering is done). Install `firstRowProbe` with page.addInitScript before loading.
// On the courses list it also notes the frame where the first row's teacher is named (no longer
// the bare id the cell shows until the label is known).
import type { Page } from 'playwright-core';
import { launchBrowser, signInAsAdmin, type BrowserSession, type Stack } from '../../tests/e2e/harness';
import { insertCourses, openBenchDatabase } from './bulk';

export const firstRowProbe = `
  window.__scale = { rowsAt: 0, paintedAt: 0, labelledAt: 0, labelledPaintedAt: 0, searchSentAt: 0 };
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (/GetSelectList\\?.*q=/.test(url)) window.__scale.searchSentAt = performance.now();
    return original(input, init);
  };
  const afterFrame = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  });
  new MutationObserver(() => {
    const s = window.__scale;
    if (!s.rowsAt && document.querySelector('.admin-entity-table tbody tr[data-index] td')) {
      s.rowsAt = performance.now();
      afterFrame((at) => { s.paintedAt = at; });
    }
    if (s.rowsAt && !s.labelledAt) {
      const heads = [...document.querySelectorAll('.admin-entity-table thead th')].map((th) => th.textContent.trim());
      const at = heads.findIndex((text) => /^مدرس(?!ان)/.test(text));
      const cell = at < 0 ? null : document.querySelector('.admin-entity-table tbody tr[data-index]')?.children[at];
      if (cell && !/^[0-9۰-۹]*$/.test(cell.textContent.trim())) {
        s.labelledAt = performance.now();
        afterFrame((at) => { s.labelledPaintedAt = at; });
      }
    }
  }).observe(document, { childList: true, characterData: true, subtree: true });
`;

export interface FirstRows {
  inDom: number;
  painted: number;
  /** The frame showing the first row's teacher named (NaN where not waited for). */
  labelled: number;
}

export async function firstRows(page: Page, url: string, options: { labelled?: boolean } = {}): Promise<FirstRows> {
  await page.goto(url);
  const mark = options.labelled ? 'labelledPaintedAt' : 'paintedAt';
  await page.waitForFunction((name) => Number(Reflect.get(Reflect.get(window, '__scale') ?? {}, name)) > 0, mark, { timeout: 60_000 });
  return page.evaluate(() => {
    const s: unknown = Reflect.get(window, '__scale');
    if (typeof s !== 'object' || !s) return { inDom: NaN, painted: NaN, labelled: NaN };
    return { inDom: Number(Reflect.get(s, 'rowsAt')), painted: Number(Reflect.get(s, 'paintedAt')), labelled: Number(Reflect.get(s, 'labelledPaintedAt')) || NaN };
  });
}

/**
 * The server's courses made 1,000, and an administrator's browser on it with the probe installed
 * (after `before`, a script of the caller's own), having loaded the list once unmeasured: the
 * browser's cache then holds the scripts, as for an administrator at work.
 */
export async function adminAtWork(stack: Stack, before = ''): Promise<BrowserSession> {
  const db = openBenchDatabase(stack.dataDir);
  const { n } = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  await insertCourses(db, 1000 - Number(n));
  await db.destroy();
  const session = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  await signInAsAdmin(session.page, stack);
  await session.page.addInitScript(before + firstRowProbe);
  await firstRows(session.page, `${stack.baseUrl}/admin/courses`, { labelled: true });
  return session;
}

// The admin list's first row, as an administrator meets it: from navigation start
// (performance.now() is relative to it) until the first data row is in the DOM and the frame
// showing it has rendered (a message posted from the next animation frame arrives once that
// frame's rendering is done). Install `firstRowProbe` with page.addInitScript before loading.
import type { Page } from 'playwright-core';

export const firstRowProbe = `
  window.__scale = { rowsAt: 0, paintedAt: 0, searchSentAt: 0 };
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (/GetSelectList\\?.*q=/.test(url)) window.__scale.searchSentAt = performance.now();
    return original(input, init);
  };
  new MutationObserver(() => {
    const s = window.__scale;
    if (!s.rowsAt && document.querySelector('.admin-entity-table tbody tr[data-index] td')) {
      s.rowsAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { s.paintedAt = performance.now(); };
        channel.port2.postMessage(null);
      });
    }
  }).observe(document, { childList: true, subtree: true });
`;

export interface FirstRows {
  inDom: number;
  painted: number;
}

export async function firstRows(page: Page, url: string): Promise<FirstRows> {
  await page.goto(url);
  await page.waitForFunction(() => Number(Reflect.get(Reflect.get(window, '__scale') ?? {}, 'paintedAt')) > 0, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const s: unknown = Reflect.get(window, '__scale');
    if (typeof s !== 'object' || !s) return { inDom: NaN, painted: NaN };
    return { inDom: Number(Reflect.get(s, 'rowsAt')), painted: Number(Reflect.get(s, 'paintedAt')) };
  });
}

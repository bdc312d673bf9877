// One fresh visit of a page on a phone-like connection, and what the visitor saw: which fonts
// the text was actually drawn with (Chromium's own answer, not document.fonts' status), how far
// the page shifted, and when it painted. Shared by scripts/bench-fonts.ts (the timings) and
// tests/e2e/site-fonts.test.ts (the font and the shift only).
import type { Browser, CDPSession } from 'playwright-core';
import { waitBudgetMs } from '../support/budget';

/** Slow 4G as Lighthouse's mobile preset models it: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const slow4g = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** A mid-range phone's CPU, as Lighthouse's mobile preset: four times slower than this machine. */
export const phoneCpuSlowdown = 4;

/** Text a page shows on every load: the heading, running text and the site's header links. */
export const textSelectors = ['h1', 'main p', 'header a'] as const;

export interface NodeFonts {
  selector: string;
  /** Each platform font the node's text was drawn with, and how many glyphs came from it. */
  fonts: Array<{ family: string; custom: boolean; glyphs: number }>;
}

export interface FontLoad {
  nodes: NodeFonts[];
  /** Every glyph of every inspected node came from Vazirmatn (the web font, not a system one). */
  vazirmatn: boolean;
  cls: number;
  fcp: number;
  lcp: number;
  /** When the last file carrying Vazirmatn finished arriving, from navigation start (ms). */
  fontsArrived: number;
  /** What moved, for finding the cause of a shift: time, value and the moved elements. */
  shifts: string[];
}

interface PageFigures {
  shifts: string[];
  cls: number;
  fcp: number;
  lcp: number;
  fontsArrived: number;
}

async function platformFonts(cdp: CDPSession, selector: string): Promise<NodeFonts> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  if (!nodeId) return { selector, fonts: [] };
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return { selector, fonts: fonts.map((font) => ({ family: font.familyName, custom: font.isCustomFont, glyphs: font.glyphCount })) };
}

/**
 * Loads `url` in a new browser context (empty cache, like a first visit) under slow 4G and a 4×
 * slower CPU, waits until the fonts settle and the islands have started, then reads the platform
 * fonts of `textSelectors`, the layout shifts (buffered, so none is missed) and the paints.
 */
export async function freshLoad(browser: Browser, url: string, viewport = { width: 390, height: 844 }): Promise<FontLoad> {
  const context = await browser.newContext({ viewport, locale: 'fa-IR', timezoneId: 'Asia/Tehran', deviceScaleFactor: 1 });
  try {
    // Its own context, so the harness's default does not reach it: the same budget, set here.
    context.setDefaultTimeout(waitBudgetMs);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...slow4g });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneCpuSlowdown });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // A swap or an island's late change would show up within a moment of the fonts settling.
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const nodes: NodeFonts[] = [];
    for (const selector of textSelectors) nodes.push(await platformFonts(cdp, selector));
    const figures = await page.evaluate(
      () =>
        new Promise<PageFigures>((resolve) => {
          let cls = 0;
          let lcp = 0;
          const shifts: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              // Layout-shift entries are not in TypeScript's DOM types: read the two fields.
              const value: unknown = Reflect.get(entry, 'value');
              const recentInput: unknown = Reflect.get(entry, 'hadRecentInput');
              if (typeof value !== 'number' || recentInput === true) continue;
              cls += value;
              const sources: unknown = Reflect.get(entry, 'sources');
              const moved = Array.isArray(sources) ? sources.map((source: unknown) => {
                    // Inline rather than a named helper: tsx would wrap a named function in a call the page lacks.
                    const node: unknown = Reflect.get(Object(source), 'node');
                    return node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : node instanceof Node ? node.nodeName : '?';
                  }) : [];
              shifts.push(`${Math.round(entry.startTime)} ms ${value.toFixed(4)} ${moved.join(' ')}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const fontsArrived = Math.max(
            0,
            ...performance
              .getEntriesByType('resource')
              // The fonts' stylesheet (the faces inside it) or font files, whichever the build has.
              .filter((entry) => entry.name.includes('vazirmatn') || /\/assets\/fonts-[\w-]+\.css$/.test(entry.name))
              .map((entry) => (entry instanceof PerformanceResourceTiming ? entry.responseEnd : 0)),
          );
          // Buffered entries are delivered in the observers' first callback, a task later.
          setTimeout(() => resolve({ shifts, cls, fcp, lcp, fontsArrived }), 100);
        }),
    );
    const vazirmatn = nodes.every(
      (node) => node.fonts.length > 0 && node.fonts.every((font) => font.glyphs === 0 || (font.custom && font.family === 'Vazirmatn')),
    );
    return { nodes, vazirmatn, ...figures };
  } finally {
    await context.close();
  }
}

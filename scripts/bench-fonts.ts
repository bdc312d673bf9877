// Fresh first visits (new browser context each, empty cache) of the home page, a category, a
// course and an article on the production server, under slow 4G and a 4× slower CPU: was the text
// drawn with Vazirmatn (the platform font Chromium used), did the page shift, when did it paint.
// BENCH_RUNS loads per page (8 by default); BENCH_LABEL names the build in the table.
import { chromium } from 'playwright-core';
import { chromiumArgs, startStack } from '../tests/e2e/harness';
import { freshLoad, type FontLoad } from '../tests/e2e/font-load';
import { median } from './bench/bulk';
import { publicPages } from './bench/publicPages';

const runs = Number(process.env.BENCH_RUNS ?? 8);
const label = process.env.BENCH_LABEL ?? 'this build';

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '–');
const fallbackOf = (load: FontLoad) =>
  [...new Set(load.nodes.flatMap((node) => node.fonts.filter((font) => font.glyphs > 0 && !(font.custom && font.family === 'Vazirmatn')).map((font) => font.family)))].join(', ');

async function main(): Promise<void> {
  const stack = await startStack({ env: { E2E_BUILT_SERVER: '1' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  try {
    const pages = await publicPages(stack.baseUrl, ['home', 'category', 'course', 'article']);
    console.log(`Fonts — ${label}: ${runs} fresh loads per page, slow 4G (150 ms, 1.6 Mbps), CPU 4×, 390×844`);
    console.log('  page      Vazirmatn  CLS max  FCP ms (median, range)  LCP ms (median, range)  fonts arrived ms  fallback seen');
    let total = 0;
    let withVazirmatn = 0;
    for (const [name, pagePath] of pages) {
      const loads: FontLoad[] = [];
      for (let i = 0; i < runs; i++) loads.push(await freshLoad(browser, stack.baseUrl + pagePath));
      const good = loads.filter((load) => load.vazirmatn).length;
      total += loads.length;
      withVazirmatn += good;
      const fcp = loads.map((load) => load.fcp);
      const lcp = loads.map((load) => load.lcp);
      // 0 when the page fetched no file with the faces (they were inside the page).
      const arrived = loads.map((load) => load.fontsArrived);
      const range = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
      const fallbacks = [...new Set(loads.map(fallbackOf).filter(Boolean))].join('; ') || '–';
      console.log(
        `  ${name.padEnd(9)} ${`${good} of ${loads.length}`.padEnd(10)} ${Math.max(...loads.map((load) => load.cls)).toFixed(3).padEnd(8)} ${range(fcp).padEnd(23)} ${range(lcp).padEnd(23)} ${(arrived.every((value) => value === 0) ? 'in the page' : range(arrived)).padEnd(17)} ${fallbacks}`,
      );
      if (process.env.BENCH_VERBOSE === '1') for (const load of loads) console.log('           ', JSON.stringify(load));
    }
    console.log(`  Vazirmatn on ${withVazirmatn} of ${total} loads (target: every load), CLS target 0`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();

// Lighthouse (mobile, Debian's Chromium) on the production server (built SPA, compression) for
// the home page, a category, a course and an article: the four category scores per page, and
// how its images are delivered: the image-delivery audit, the image bytes of the
// load, and the largest paint's image as a phone shows it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as v from 'valibot';
import { chromiumArgs, startStack } from '../tests/e2e/harness';
import { median } from './bench/bulk';
import { publicPages } from './bench/publicPages';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// The metrics behind the performance score, printed so a change in the score can be traced.
const metrics = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
] as const;
const tableDetails = v.object({ items: v.array(v.record(v.string(), v.unknown())) });
const report = v.object({
  categories: v.record(v.string(), v.object({ score: v.nullable(v.number()) })),
  audits: v.record(
    v.string(),
    v.object({ score: v.nullable(v.number()), title: v.string(), numericValue: v.optional(v.number()), details: v.optional(v.unknown()) }),
  ),
});
type Report = v.InferOutput<typeof report>;

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const itemsOf = (result: Report, audit: string): Array<Record<string, unknown>> => {
  const parsed = v.safeParse(tableDetails, result.audits[audit]?.details);
  return parsed.success ? parsed.output.items : [];
};

/** The image-delivery audit (null score: nothing to judge, a pass), what it would save, and its reasons. */
function imageDelivery(result: Report): { score: number; wasted: number; reasons: string[] } {
  const audit = result.audits['image-delivery-insight'];
  const items = itemsOf(result, 'image-delivery-insight');
  const reasons = items.flatMap((item) => {
    const sub = v.safeParse(tableDetails, item.subItems);
    const name = String(item.url).split('/').pop() ?? '';
    return sub.success ? sub.output.items.map((s) => `${name}: ${String(s.reason)}`) : [];
  });
  return { score: audit?.score ?? 1, wasted: items.reduce((sum, item) => sum + numberOf(item.wastedBytes), 0), reasons };
}

/** Bytes of images the load transferred (Lighthouse's own phone, 412 px at 1.75×). */
const imageBytes = (result: Report): number =>
  itemsOf(result, 'network-requests')
    .filter((item) => item.resourceType === 'Image')
    .reduce((sum, item) => sum + numberOf(item.transferSize), 0);

/**
 * The largest paint's image on the phone Lighthouse emulates (Moto G Power: 412×823 CSS px at
 * 1.75): the file the browser chose, its pixels, and the device pixels it covers.
 */
async function lcpImage(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const found = await page.evaluate(
      () =>
        new Promise<{ src: string; natural: string; shown: string } | null>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1];
            const element = last && 'element' in last ? last.element : null;
            if (!(element instanceof HTMLImageElement)) return resolve(null);
            const box = element.getBoundingClientRect();
            const dpr = window.devicePixelRatio;
            // naturalWidth of an image chosen from srcset is divided by its density (the w
            // descriptor over the slot); the file's own pixels are read from a plain copy.
            const file = new Image();
            file.src = element.currentSrc;
            void file.decode().then(() =>
              resolve({
                src: element.currentSrc.split('/').pop() ?? '',
                natural: `${file.naturalWidth}×${file.naturalHeight}`,
                shown: `${Math.round(box.width * dpr)}×${Math.round(box.height * dpr)}`,
              }),
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(null), 10_000);
        }),
    );
    return found ? `LCP image ${found.src}: ${found.natural} px for ${found.shown} device px` : 'LCP is not an image';
  } finally {
    await browser.close();
  }
}

async function lighthouse(url: string): Promise<Report> {
  const profile = mkdtempSync(path.join(tmpdir(), 'academy-lh-'));
  try {
    const child = spawn(
      'npx',
      ['lighthouse', url, `--chrome-flags=${[...chromeFlags, `--user-data-dir=${profile}`].join(' ')}`, `--only-categories=${categories.join(',')}`, '--output=json', '--quiet'],
      // The browser sits where the academy's visitors are (as in the browser tests), so its dates
      // agree with the server-rendered HTML.
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium', TZ: 'Asia/Tehran' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`lighthouse exited with ${code} for ${url}`);
    return v.parse(report, JSON.parse(out));
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, "Please run Lighthouse again");
 * such a run measured nothing, so it is run again, at most twice, and said so.
 */
async function measure(url: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`            (${error instanceof Error ? error.message : String(error)}; run again)`);
    }
  }
}

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const pages = await publicPages(stack.baseUrl, ['home', 'category', 'course', 'article', 'courses', 'teacher']);
    console.log(`Lighthouse ${runs === 1 ? '' : `(median of ${runs}) `}mobile, targets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95`);
    for (const [name, pagePath] of pages) {
      const scores: Record<string, number[]> = {};
      const measured: Record<string, number[]> = {};
      const failing = new Set<string>();
      const delivery: Array<ReturnType<typeof imageDelivery>> = [];
      const bytes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await measure(stack.baseUrl + pagePath);
        for (const category of categories) (scores[category] ??= []).push(Math.round((result.categories[category]?.score ?? 0) * 100));
        for (const audit of Object.values(result.audits)) if (audit.score !== null && audit.score < 0.9) failing.add(audit.title);
        for (const [id] of metrics) (measured[id] ??= []).push(result.audits[id]?.numericValue ?? NaN);
        delivery.push(imageDelivery(result));
        bytes.push(imageBytes(result));
      }
      const line = categories.map((c) => `${c} ${median(scores[c] ?? [])}`).join('  ');
      console.log(`  ${name.padEnd(9)} ${line}`);
      const metricLine = metrics
        .map(([id, label, unit]) => `${label} ${unit ? Math.round(median(measured[id] ?? [])) : median(measured[id] ?? []).toFixed(3)}${unit ? ` ${unit}` : ''}`)
        .join('  ');
      console.log(`            ${metricLine}`);
      if (failing.size) console.log(`            below 90: ${[...failing].join('; ')}`);
      const worst = delivery.reduce((a, b) => (b.score < a.score ? b : a));
      console.log(
        `            image delivery ${Math.round(median(delivery.map((d) => d.score)) * 100)}, savings ${median(delivery.map((d) => d.wasted)).toLocaleString('en')} B; images transferred ${median(bytes).toLocaleString('en')} B`,
      );
      for (const reason of worst.reasons) console.log(`              ${reason}`);
      console.log(`            ${await lcpImage(stack.baseUrl + pagePath)}`);
    }
  } finally {
    await stack.stop();
  }
}

await main();

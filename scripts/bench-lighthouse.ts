// Lighthouse (mobile, Debian's Chromium) on the production server (built SPA, compression) for
// the home page, a category, a course and an article: the four category scores per page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { startStack } from '../tests/e2e/harness';
import { median } from './bench/bulk';

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
const report = v.object({
  categories: v.record(v.string(), v.object({ score: v.nullable(v.number()) })),
  audits: v.record(v.string(), v.object({ score: v.nullable(v.number()), title: v.string(), numericValue: v.optional(v.number()) })),
});

async function lighthouse(url: string): Promise<v.InferOutput<typeof report>> {
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
async function measure(url: string): Promise<v.InferOutput<typeof report>> {
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
    const courses = v.parse(
      v.array(v.object({ slug: v.string(), category: v.object({ slug: v.string() }), teacher: v.nullable(v.object({ slug: v.string() })) })),
      await (await fetch(`${stack.baseUrl}/api/Public/courses`)).json(),
    );
    const articles = v.parse(v.array(v.object({ slug: v.string() })), await (await fetch(`${stack.baseUrl}/api/Public/articles`)).json());
    const course = courses[0];
    const article = articles[0];
    if (!course || !article) throw new Error('the seed has no course or article');
    const pages: ReadonlyArray<readonly [string, string]> = [
      ['home', '/'],
      ['category', `/categories/${encodeURIComponent(course.category.slug)}`],
      ['course', `/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`],
      ['article', `/articles/${encodeURIComponent(article.slug)}`],
      ['courses', '/courses?age=9&day=2'],
      ...(course.teacher ? ([['teacher', `/teachers/${encodeURIComponent(course.teacher.slug)}`]] as const) : []),
    ] as const;
    console.log(`Lighthouse ${runs === 1 ? '' : `(median of ${runs}) `}mobile, targets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95`);
    // BENCH_PAGES=courses,teacher measures only those.
    const only = process.env.BENCH_PAGES?.split(',');
    for (const [name, pagePath] of pages.filter(([name]) => !only || only.includes(name))) {
      const scores: Record<string, number[]> = {};
      const measured: Record<string, number[]> = {};
      const failing = new Set<string>();
      for (let i = 0; i < runs; i++) {
        const result = await measure(stack.baseUrl + pagePath);
        for (const category of categories) (scores[category] ??= []).push(Math.round((result.categories[category]?.score ?? 0) * 100));
        for (const audit of Object.values(result.audits)) if (audit.score !== null && audit.score < 0.9) failing.add(audit.title);
        for (const [id] of metrics) (measured[id] ??= []).push(result.audits[id]?.numericValue ?? NaN);
      }
      const line = categories.map((c) => `${c} ${median(scores[c] ?? [])}`).join('  ');
      console.log(`  ${name.padEnd(9)} ${line}`);
      const metricLine = metrics
        .map(([id, label, unit]) => `${label} ${unit ? Math.round(median(measured[id] ?? [])) : median(measured[id] ?? []).toFixed(3)}${unit ? ` ${unit}` : ''}`)
        .join('  ');
      console.log(`            ${metricLine}`);
      if (failing.size) console.log(`            below 90: ${[...failing].join('; ')}`);
    }
  } finally {
    await stack.stop();
  }
}

await main();

// The public site on the admin-scale bench's 100,000-course server (scripts/bench-admin-scale.ts):
// the course list's first and a later page, the pages that show courses, each fetched once cold
// (a page's first request renders it; the API is never kept) and then 15 times, with its size.
import * as v from 'valibot';
import type { Stack } from '../../tests/e2e/harness';
import { median } from './bulk';

const firstPage = v.object({ total: v.number(), pageCount: v.number(), courses: v.array(v.object({ slug: v.string(), category: v.object({ slug: v.string() }) })) });

async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { accept: url.includes('/api/') ? 'application/json' : 'text/html' } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - start, bytes: body.byteLength };
}

export async function publicFiguresAtScale(stack: Stack): Promise<void> {
  const list = v.parse(firstPage, await (await fetch(`${stack.baseUrl}/api/Public/courses`)).json());
  const course = list.courses[0];
  if (!course) throw new Error('no public course');
  const category = `/categories/${encodeURIComponent(course.category.slug)}`;
  const paths: Array<[string, string]> = [
    ['API: course list, page 1', '/api/Public/courses'],
    ['API: course list, page 2,000', '/api/Public/courses?page=2000'],
    ['API: age 9, Mondays, page 2', '/api/Public/courses?age=9&day=2&page=2'],
    ['API: words «رباتیک»', `/api/Public/courses?q=${encodeURIComponent('رباتیک')}`],
    ['page: home', '/'],
    ['page: /categories', '/categories'],
    ['page: /categories, page 3,000', '/categories?page=3000'],
    ['page: the category, page 2', `${category}?page=2`],
    ['page: a course', `${category}/${encodeURIComponent(course.slug)}`],
  ];
  console.log(`  public site at ${list.total.toLocaleString('en')} active courses (${list.pageCount.toLocaleString('en')} pages; Node fetch: the first request, then the median of 15):`);
  for (const [name, path] of paths) {
    const cold = await timed(`${stack.baseUrl}${path}`);
    const warm: number[] = [];
    for (let i = 0; i < 15; i++) warm.push((await timed(`${stack.baseUrl}${path}`)).ms);
    console.log(`    ${name.padEnd(32)} first ${cold.ms.toFixed(1)} ms, then ${median(warm).toFixed(1)} ms; ${(cold.bytes / 1024).toFixed(1)} kB`);
  }
}

// @vitest-environment node
// What the public site may see of a record is declared once, in its schema file (publicView):
// the contract's component and the server's projection are generated from it. Each public answer
// carries exactly the declared fields and what the server adds, and nothing else of the row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { registry } from '../../../schema/registry.gen';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const contract: unknown = JSON.parse(readFileSync(new URL('../../../codegen/openapi.gen.json', import.meta.url), 'utf8'));
const document = isRecord(contract) && isRecord(contract.document) ? contract.document : {};
const components = isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : {};

/** Every property name a component allows, through its allOf and references. */
function propertiesOf(schema: unknown): string[] {
  if (!isRecord(schema)) return [];
  if (typeof schema.$ref === 'string') return propertiesOf(components[schema.$ref.split('/').pop() ?? '']);
  const own = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  return [...own, ...(Array.isArray(schema.allOf) ? schema.allOf.flatMap(propertiesOf) : [])];
}

const viewing = Object.values(registry).filter((entity) => entity.decl.publicView);

describe('public views', () => {
  it('are declared by the catalogue’s entities and the holidays, each the contract component of its fields', () => {
    expect(viewing.map((e) => e.key).sort()).toEqual(['articles', 'categories', 'courses', 'holidays', 'teachers']);
    for (const entity of viewing) {
      const view = entity.decl.publicView;
      if (!view) continue;
      expect(propertiesOf(components[view.component]).sort()).toEqual(['id', ...(entity.slugFrom ? ['slug'] : []), ...view.fields].sort());
    }
  });

  it('leave nothing undeclared in the answers: a course has its view and what the server adds, never its class link', async () => {
    const answer = await server.call<{ courses: Array<Record<string, unknown>> }>('GET', '/api/Public/courses');
    expect(answer.status).toBe(200);
    const allowed = new Set(propertiesOf(components.PublicCourse));
    expect(answer.body.courses.length).toBeGreaterThan(0);
    for (const course of answer.body.courses) {
      expect(Object.keys(course).filter((key) => !allowed.has(key))).toEqual([]);
      for (const field of registry.courses.decl.publicView?.fields ?? []) expect(course).toHaveProperty(field);
      expect(course).not.toHaveProperty('classLink');
      expect(course).not.toHaveProperty('inActive');
      expect(course).not.toHaveProperty('earlyBirdPriceInTomans');
    }
  });

  it('a public section answers its records as their view, in its order, and nothing for an unknown section', async () => {
    const holidays = await server.call<Array<Record<string, unknown>>>('GET', '/api/Public/sections/{section}', { params: { section: 'holidays' } });
    expect(holidays.status).toBe(200);
    expect(holidays.body.length).toBeGreaterThan(0);
    const allowed = propertiesOf(components.PublicHoliday).sort();
    expect(allowed).toEqual(['date', 'endDate', 'id', 'title']);
    for (const row of holidays.body) expect(Object.keys(row).sort()).toEqual(allowed);
    const dates = holidays.body.map((row) => String(row.date));
    expect(dates).toEqual([...dates].sort());
    const unknown = await server.call<{ message: string }>('GET', '/api/Public/sections/{section}', { params: { section: 'no-such-section' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('بخش مورد نظر یافت نشد');
    // Holidays have no slug: no record has a page of its own.
    expect((await server.call('GET', '/api/Public/sections/{section}/{slug}', { params: { section: 'holidays', slug: 'x' } })).status).toBe(404);
  });

  it('teachers, categories and articles answer their views the same way', async () => {
    const calls: Array<[string, string]> = [
      ['/api/Public/teachers', 'PublicTeacherSummary'],
      ['/api/Public/categories', 'PublicCategory'],
      ['/api/Public/articles', 'PublicArticleSummary'],
    ];
    for (const [path, component] of calls) {
      const answer = await server.call<Array<Record<string, unknown>>>('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.length, path).toBeGreaterThan(0);
      const allowed = propertiesOf(components[component]).sort();
      for (const row of answer.body) expect(Object.keys(row).sort(), path).toEqual(allowed);
    }
  });
});

import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { blankRecord } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { callOperation } from '../../src/api/operations';
import { startEntity, reach } from './harness';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

describe('GET cache of the API client', () => {
  it('serves a repeated GET from the cache', async () => {
    const first = await callOperation('GET /api/Category/GetSelectList');
    const second = await callOperation('GET /api/Category/GetSelectList');
    expect(second).toEqual(first);
    expect(backend.count('GET /api/Category/GetSelectList')).toBe(1);
  });

  it('a reload without a write is served from the cache', async () => {
    const { list } = startEntity(registry.teachers);
    await reach(list, (s) => s.matches('table'));
    list.send({ type: 'reload' });
    await reach(list, (s) => s.matches('table'));
    expect(backend.count('GET /api/Teacher/GetSelectList')).toBe(1);
  });

  it('a successful create invalidates it, so the reload reaches the server', async () => {
    const { list, form } = startEntity(registry.categories);
    await reach(list, (s) => s.matches('table'));
    form.send({ type: 'open.add' });
    form.send({ type: 'submit', values: { ...blankRecord(registry.categories), name: 'طراحی وب' } });
    await reach(list, (s) => s.matches('table') && s.context.rows.length === 3);
    expect(backend.count('GET /api/Category/GetSelectList')).toBe(2);
  });

  it('a failed write does not invalidate it', async () => {
    await callOperation('GET /api/Category/GetSelectList');
    backend.fail('POST /api/Category/Create', { status: 500 });
    await expect(callOperation('POST /api/Category/Create', { body: {} })).rejects.toMatchObject({ status: 500 });
    await callOperation('GET /api/Category/GetSelectList');
    expect(backend.count('GET /api/Category/GetSelectList')).toBe(1);
  });
});

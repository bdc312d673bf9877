// A list screen's first page is asked for by its route's loader while the screen's code is still
// on its way; the screen's own call, made once its code runs, joins that one instead of asking
// again. A write in between forgets it: a page asked for after a write shows the write.
import { backend, server } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { fetchPage } from '../../src/machines/entityApi';
import { sampleSeed } from '../support/msw-handlers';

let asked: string[] = [];
server.events.on('request:start', ({ request }) => {
  if (new URL(request.url).pathname.endsWith('/GetSelectList')) asked.push(request.url);
});

beforeEach(() => {
  backend.reset(sampleSeed);
  clearGetCache();
  asked = [];
});

describe('a list page on its way', () => {
  it('is joined by a second call for the same page, not asked for again', async () => {
    const query = { page: '1', pageSize: '100', sort: '-id' };
    const first = fetchPage(registry.courses, query);
    const second = fetchPage(registry.courses, { ...query });
    expect(second).toBe(first);
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(asked).toHaveLength(1);
    // Another page, or another entity's, is a call of its own.
    await fetchPage(registry.courses, { ...query, page: '2' });
    await fetchPage(registry.categories, query);
    expect(asked).toHaveLength(3);
  });

  it('is forgotten by a write: the page asked for after it is asked for again', async () => {
    const query = { page: '1', pageSize: '100' };
    const before = fetchPage(registry.courses, query);
    // What a successful write does to everything read so far.
    clearGetCache();
    const after = fetchPage(registry.courses, query);
    expect(after).not.toBe(before);
    await Promise.all([before, after]);
    expect(asked).toHaveLength(2);
  });
});

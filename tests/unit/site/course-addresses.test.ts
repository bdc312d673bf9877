// @vitest-environment jsdom
// The client router's side of the spec's route table: /courses and /categories/courses go to
// /categories, where the all-courses search lives, and an old link's filters come along (the
// server's 301s are tested in tests/server/catalogue/catalogue.test.ts).
import { createMemoryHistory } from '@tanstack/react-router';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '../../../codegen/openapi.gen';
import { createAppRouter } from '../../../src/router';

// The catalogue's calls answer empty lists: only where the router lands is of interest here.
const api = createClient<paths>({ baseUrl: 'http://academy.test', fetch: async () => Response.json([]) });

describe('the client router', () => {
  it.each([
    ['/courses', '/categories'],
    ['/categories/courses', '/categories'],
    ['/courses?age=9&day=2', '/categories?age=9&day=2'],
    ['/categories/courses?q=رباتیک&type=online', `/categories?q=${encodeURIComponent('رباتیک')}&type=online`],
  ])('sends %s to %s', async (from, to) => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [from] }), api });
    await router.load();
    expect(router.state.location.pathname).toBe('/categories');
    expect(router.state.location.href).toBe(to);
    expect(router.state.matches.at(-1)?.routeId).toBe('/_site/categories/');
  });
});

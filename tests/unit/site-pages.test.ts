// The server's table of the site's pages (server/features/catalogue/pages.ts: which exist, which
// need a record) names exactly the routes of the site, as TanStack's generated route tree lists
// them: a page added to src/routes without a line in the table, or a line left for a page gone,
// fails here. The server does not import the route tree, so this is where the two are held together.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pages } from '../../server/features/catalogue/pages';

function routePaths(): string[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? '');
}

describe("the server's page table", () => {
  it('has one entry per route of the site, and no other', () => {
    const routes = routePaths();
    expect(routes.length).toBeGreaterThan(10);
    expect(Object.keys(pages).sort()).toEqual(routes.sort());
  });
});

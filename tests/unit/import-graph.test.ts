// The import graph of the product's code (src/, server/, schema/, codegen/), type-only imports
// included, read with TypeScript's own scanner: it has no circle but the one TanStack's generated
// route tree makes with the router and the root route. ESLint's no-cycle keeps value imports
// from closing a circle as they are written; this also catches one closed by types.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const roots = ['src', 'server', 'schema', 'codegen'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = path.normalize(path.join(path.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this spelling
    }
  }
  return null;
}

/** Each file's imports of other files of the tree (relative specifiers that resolve). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.filter((entry) => entry.fileName.startsWith('.')).map((entry) => resolve(file, entry.fileName));
    graph.set(file, targets.filter((target): target is string => target !== null && /\.(ts|tsx)$/.test(target)));
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  const graph = importGraph();

  it('has no circle besides the generated route tree', () => {
    expect(circles(graph)).toEqual([[path.join('src', 'routeTree.gen.ts'), path.join('src', 'router.tsx'), path.join('src', 'routes', '__root.tsx')]]);
  });

  it('finds a circle closed only by types', () => {
    const withTypeCircle = new Map(graph);
    withTypeCircle.set('server/engine/behaviours.ts', [...(graph.get('server/engine/behaviours.ts') ?? []), 'server/engine/audit.ts']);
    withTypeCircle.set('server/engine/audit.ts', [...(graph.get('server/engine/audit.ts') ?? []), 'server/engine/behaviours.ts']);
    const closed = circles(withTypeCircle).find((circle) => circle.includes('server/engine/audit.ts'));
    expect(closed).toEqual(expect.arrayContaining(['server/engine/audit.ts', 'server/engine/behaviours.ts']));
  });

  it('leads from server/ into no file of src/ (the render entry is loaded built, by its path), and from the engine to no feature', () => {
    const crossings = [...graph].flatMap(([file, targets]) => targets.map((target) => [file, target] as const));
    const intoSrc = crossings.filter(([file, target]) => file.startsWith('server/') && target.startsWith('src/')).map(([, target]) => target);
    expect(intoSrc).toEqual([]);
    expect(crossings.filter(([file, target]) => file.startsWith('server/engine/') && target.startsWith('server/features/'))).toEqual([]);
    expect(crossings.filter(([file, target]) => file.startsWith('server/platform/') && /^server\/(engine|features|seed)\//.test(target))).toEqual([]);
  });
});

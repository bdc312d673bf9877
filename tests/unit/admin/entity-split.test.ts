// The admin loads each entity's schema file with the screen that shows it: the panel's frame
// (sidebar, dashboard) imports no schema file, and each screen's route loads the entities the
// generated index (codegen/entityIndex.ts) lists for it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entitySummaries } from '../../../schema/entityIndex.gen';
import { registry, registryKeys } from '../../../schema/registry.gen';

function resolve(from: string, specifier: string): string | null {
  const base = path.normalize(path.join(path.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this spelling
    }
  }
  return null;
}

/** Every file `entry` brings with it (static value imports; a dynamic import is a later load). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = resolve(file, match[1] ?? '');
      if (target && /\.(ts|tsx)$/.test(target)) walk(target);
    }
  };
  walk(entry);
  return seen;
}

const schemaFiles = new Set(registryKeys.map((key) => path.normalize(`schema/${key}.ts`)));

describe('each entity with its own screen', () => {
  it('the panel’s frame and its first screen import no schema file', () => {
    for (const entry of ['src/routes/admin.tsx', 'src/components/admin/AdminShell.tsx', 'src/routes/admin/dashboard.tsx', 'src/components/admin/navigation.ts']) {
      const brought = [...staticClosure(entry)];
      expect(brought.filter((file) => schemaFiles.has(file) || file.endsWith('registry.gen.ts')), entry).toEqual([]);
    }
    // The scanner does see a schema file where one is imported.
    expect([...staticClosure('src/routes/admin/audit.tsx')].some((file) => schemaFiles.has(file))).toBe(true);
  });

  it('lists for each screen its own entity and every entity it names', () => {
    for (const key of registryKeys) {
      const { list, record } = entitySummaries[key];
      expect(list, key).toContain(key);
      for (const field of Object.values(registry[key].allFields)) {
        const target = field.reference?.entity ?? field.references?.entity;
        if (target) expect(list, `${key} names ${target}`).toContain(target);
      }
      for (const other of list) expect(record, key).toContain(other);
    }
    // A record's screen shows the groups of the records naming it: a category's courses.
    expect(entitySummaries.categories.record).toContain('courses');
    // A user names their staff role and the teacher whose account they are.
    expect(entitySummaries.users.list).toEqual(['staffRoles', 'teachers', 'users']);
    expect(entitySummaries.staffRoles.grantable).toBe(false);
    expect(entitySummaries.users.grantable).toBeUndefined();
    expect(entitySummaries.messages.badgeTitle).toBe(registry.messages.navBadge?.title);
  });
});

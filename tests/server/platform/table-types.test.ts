// @vitest-environment node
// The entity tables' types are generated from the schema files (server/platform/entityTables.gen.ts).
// For a table a hand migration made, the schema file must say what the migration did; this holds
// every generated type to the migrated database, column by column: the same columns, the same
// null-ness, and a default wherever an insert may leave a column out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableColumns } from '../../../codegen/tableTypes';
import { registry } from '../../../schema/registry.gen';
import { migrate, openDatabase, openPostgres, type DB } from '../../../server/platform/db';
import { databaseFor, dropDatabaseFor, usePostgres } from '../../support/postgres-db';

let db: DB;
let dir: string;
let tables: Awaited<ReturnType<DB['introspection']['getTables']>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'academy-table-types-'));
  db = usePostgres ? openPostgres(await databaseFor(dir), 2) : openDatabase(path.join(dir, 'academy.db'));
  await migrate(db);
  tables = await db.introspection.getTables();
});

afterAll(async () => {
  await db.destroy();
  if (usePostgres) await dropDatabaseFor(dir);
  rmSync(dir, { recursive: true, force: true });
});

describe(`the generated table types are the migrated tables (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  for (const entity of Object.values(registry)) {
    it(`${entity.key}: the same columns, null-ness and defaults`, () => {
      const table = tables.find((t) => t.name === entity.table);
      if (!table) throw new Error(`no table ${entity.table}`);
      const typed = tableColumns(entity);
      expect(table.columns.map((c) => c.name).sort()).toEqual(typed.map((c) => c.name).sort());
      for (const column of typed) {
        if (column.name === 'id') continue;
        const actual = table.columns.find((c) => c.name === column.name);
        expect({ column: column.name, nullable: actual?.isNullable }).toEqual({ column: column.name, nullable: column.nullable });
        // An insert may leave out only what the database fills.
        if (column.generated) expect({ column: column.name, hasDefault: actual?.hasDefaultValue }).toEqual({ column: column.name, hasDefault: true });
      }
    });
  }
});

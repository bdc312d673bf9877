// @vitest-environment node
// The one-file proof: a new entity is one schema file plus `npm run codegen`. A temporary copy of
// the project gets the fixture tests/engine/fixtures/vouchers.ts as schema/vouchers.ts; codegen
// must change nothing but its generated files; then the copy type-checks, passes the server's
// generic CRUD, limit and access-matrix tests and the browser smoke of every entity screen with
// the new entity among them, and its section of the public site (/offers) shows a voucher in
// the browser; its many-to-many field keeps its courses and the public answer is its view
// alone. A later change of the file (a field renamed, one added, one dropped)
// makes a new migration that an existing database takes on start, its data kept, on SQLite and
// (when TEST_DATABASE_URL is set) PostgreSQL. Drift is refused by codegen or tsc.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/harness';
import { databaseFor, dropDatabaseFor } from '../support/postgres-db';
import { courseBody } from '../support/samples';
import { testBudgetMs, waitBudgetMs } from '../support/budget';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/engine/fixtures');
let copy: string;

async function sh(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: copy, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = typeof error === 'object' && error !== null ? error : {};
    const text = (key: string) => (key in failed ? String(Reflect.get(failed, key)) : '');
    return { code: Number(text('code')) || 1, output: text('stdout') + text('stderr') };
  }
}

/** The copy type-checked as `npm run typecheck` does it (scripts/typecheck.sh), one program. */
const typeCheck = (config: string) => sh(process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', config, '--noEmit', '--singleThreaded']);

/** Every file of the copy with its hash, node_modules and build output aside. */
async function fingerprint(dir: string, base = dir, out = new Map<string, string>()): Promise<Map<string, string>> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-ssr', 'dist-server', '.tmp', 'data', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await fingerprint(full, base, out);
    else out.set(path.relative(base, full), createHash('sha256').update(await readFile(full)).digest('hex'));
  }
  return out;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * Each step runs codegen, tsc, vitest or a build in a child process, a test of its own (the one
 * budget, tests/support/budget.ts); a test of several steps has that many. The limits only turn
 * a hang into a failure: with the machine ten times oversubscribed, tsc alone took more than 4
 * minutes.
 */
const hangLimitMs = testBudgetMs;

const generatedFiles = [
  'codegen/openapi.gen.json',
  'codegen/openapi.gen.ts',
  'openapi.yaml',
  'schema/entityGrants.gen.ts',
  'schema/entityIndex.gen.ts',
  'schema/publicSections.gen.ts',
  'schema/registry.gen.ts',
  'schema/registryKeys.gen.ts',
  'server/engine/publicViews.gen.ts',
  'server/platform/entityTables.gen.ts',
  'server/platform/migrations/history.gen.ts',
];
const migrationsFolder = 'server/platform/migrations';

/** The generated migration files of the copy's history, by name. */
async function generatedMigrations(): Promise<string[]> {
  return (await readdir(path.join(copy, migrationsFolder))).filter((f) => f.endsWith('.gen.ts') && f !== 'history.gen.ts').sort();
}

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'academy-one-file-'));
  // The tracked and new files of this checkout (what a developer has), not its build output.
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!(await stat(from).catch(() => null))?.isFile()) continue;
    await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
    await copyFile(from, path.join(copy, file));
  }
  await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
}, hangLimitMs);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('one schema file is the whole entity', () => {
  it('codegen turns schema/vouchers.ts into its contract, registry and migration, touching nothing else', async () => {
    const before = await fingerprint(copy);
    await copyFile(path.join(fixtures, 'vouchers.ts'), path.join(copy, 'schema/vouchers.ts'));
    const generated = await sh('npx', ['tsx', 'codegen/generate.ts']);
    expect(generated.code, generated.output).toBe(0);
    const after = await fingerprint(copy);
    // The new table's migration is a file of its own, named by the second it was made.
    const changed = changedFiles(before, after);
    const migration = changed.find((f) => f.startsWith(`${migrationsFolder}/`) && f !== `${migrationsFolder}/history.gen.ts`);
    expect(migration).toMatch(/^server\/platform\/migrations\/\d{14}_create_vouchers[a-z_]*\.gen\.ts$/);
    expect(changed).toEqual([...generatedFiles, 'schema/vouchers.ts', migration].sort());

    const contract = await readFile(path.join(copy, 'openapi.yaml'), 'utf8');
    for (const piece of ['/api/Voucher/GetSelectList:', '/api/Voucher/Create:', '/api/Voucher/Update:', '/api/Voucher/Delete:', 'VoucherFields:', 'operationId: createVoucher']) {
      expect(contract).toContain(piece);
    }
    // The validator's limit is the contract's limit: one declaration makes both.
    expect(contract).toMatch(/percentOff:\n\s+type: integer\n\s+minimum: 0\n\s+maximum: 100/);
    expect(await readFile(path.join(copy, migration ?? ''), 'utf8')).toMatch(/"op":"createTable","table":"vouchers"/);
    expect(await readFile(path.join(copy, `${migrationsFolder}/history.gen.ts`), 'utf8')).toContain(path.basename(migration ?? '', '.gen.ts'));
    expect(await readFile(path.join(copy, 'schema/registry.gen.ts'), 'utf8')).toContain("import vouchers from './vouchers';");
    expect(await readFile(path.join(copy, 'schema/registryKeys.gen.ts'), 'utf8')).toContain("'vouchers'");
    // The table's type for the server's queries comes from the same file.
    const tableTypes = await readFile(path.join(copy, 'server/platform/entityTables.gen.ts'), 'utf8');
    expect(tableTypes).toMatch(/export interface VouchersTable \{[^}]*\n {2}percentOff: Generated<number>;/);
    expect(tableTypes).toContain('  vouchers: VouchersTable;');
    // The many-to-many field's join table: made by the same migration, each pair once.
    expect(tableTypes).toContain('  vouchers_course_ids: VouchersCourseIdsTable;');
    const made = await readFile(path.join(copy, migration ?? ''), 'utf8');
    expect(made).toMatch(/"op":"createTable","table":"vouchers_course_ids"/);
    expect(made).toMatch(/"op":"createUnique","table":"vouchers_course_ids","columns":\["ownerId","targetId"\]/);
    // The public view: its contract component, its projection and its section of the site.
    expect(contract).toMatch(/\n {4}PublicVoucher:\n/);
    expect(await readFile(path.join(copy, 'server/engine/publicViews.gen.ts'), 'utf8')).toContain('"offers": {');
    expect(await readFile(path.join(copy, 'schema/publicSections.gen.ts'), 'utf8')).toContain('title: "پیشنهادهای ویژه"');
    const check = await sh('npx', ['tsx', 'codegen/generate.ts', '--check']);
    expect(check.code, check.output).toBe(0);
  }, hangLimitMs);

  it('codegen refuses drift: another entity’s calls, an unknown reference, a stale contract', async () => {
    const original = await readFile(path.join(copy, 'schema/vouchers.ts'), 'utf8');
    const broken: Array<[string, RegExp]> = [
      [original.replace("key: 'vouchers',", "key: 'vouchers',\n  api: 'Course',"), /call (GET|POST|PUT|DELETE) \/api\/Course\/\w+ is declared by both/],
      [original.replace("reference: { entity: 'courses', label: 'title'", "reference: { entity: 'courses', label: 'nope'"), /label 'nope' is not a field of courses/],
      [original.replace("name: 'Voucher',", "name: 'Course',"), /component Course is declared by both/],
      [original.replace("path: 'offers'", "path: 'teachers'"), /path \/teachers is a page of the site already/],
      [original.replace("hiddenWhen: 'inActive'", "hiddenWhen: 'code'"), /hidden by code, which must be a checkbox field/],
      // A relation is shown only by what the other record's own public view shows.
      [original.replace("references: { entity: 'courses', label: 'title'", "references: { entity: 'courses', label: 'classLink'"), /shown by courses' classLink, which courses' own public view does not show/],
    ];
    try {
      for (const [source, message] of broken) {
        await writeFile(path.join(copy, 'schema/vouchers.ts'), source);
        const answer = await sh('npx', ['tsx', 'codegen/generate.ts', '--check']);
        expect(answer.code).not.toBe(0);
        expect(answer.output).toMatch(message);
      }
      await writeFile(path.join(copy, 'schema/vouchers.ts'), original);
      const contract = await readFile(path.join(copy, 'openapi.yaml'), 'utf8');
      await writeFile(path.join(copy, 'openapi.yaml'), contract.replace('maximum: 100', 'maximum: 150'));
      const stale = await sh('npx', ['tsx', 'codegen/generate.ts', '--check']);
      expect(stale.code).not.toBe(0);
      expect(stale.output).toContain('openapi.yaml is stale');
      await writeFile(path.join(copy, 'openapi.yaml'), contract);
    } finally {
      await writeFile(path.join(copy, 'schema/vouchers.ts'), original);
    }
  }, hangLimitMs);

  it('type-checks, and tsc refuses a column or search field the entity does not have', async () => {
    const typecheck = await typeCheck('tsconfig.json');
    expect(typecheck.code, typecheck.output).toBe(0);
    const original = await readFile(path.join(copy, 'schema/vouchers.ts'), 'utf8');
    await writeFile(
      path.join(copy, 'schema/vouchers.ts'),
      original.replace("{ key: 'percentOff', header: 'درصد', cell: 'number' }", "{ key: 'percentOf', header: 'درصد', cell: 'number' }").replace("searchIn: ['code', 'note']", "searchIn: ['code', 'notes']"),
    );
    await writeFile(path.join(copy, 'tsconfig.schema.json'), JSON.stringify({ extends: './tsconfig.json', include: ['schema', 'codegen'] }));
    try {
      const refused = await typeCheck('tsconfig.schema.json');
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/error TS\d+: Type '"percentOf"' is not assignable/);
      expect(refused.output).toMatch(/error TS\d+: Type '"notes"' is not assignable/);
    } finally {
      await writeFile(path.join(copy, 'schema/vouchers.ts'), original);
      await rm(path.join(copy, 'tsconfig.schema.json'));
    }
  }, 2 * hangLimitMs);

  it('passes the server’s generic CRUD, limits and access-matrix tests with the new entity', async () => {
    const tests = await sh('npx', ['vitest', 'run', 'tests/server/engine/crud.test.ts', 'tests/security/access-matrix.test.ts', '-t', 'vouchers|access|matrix', '--reporter=verbose']);
    expect(tests.code, tests.output.slice(-4000)).toBe(0);
    expect(tests.output).toMatch(/vouchers: 401 anonymous, 403 learner, 200 admin/);
    expect(tests.output).toMatch(/vouchers: refuses values past each field's limits/);
  }, 2 * hangLimitMs);

  it('shows the new entity’s screen in the browser, listed, edited and deleted through the generic admin', async () => {
    const build = await sh('npx', ['vite', 'build', '--logLevel', 'warn']);
    expect(build.code, build.output.slice(-4000)).toBe(0);
    // The admin smoke and, on the public site, its section: reached from the footer, a voucher
    // listed and its own page. One vitest run for both files.
    const smoke = await sh('npx', [
      'vitest', 'run', '--config', 'tests/e2e/vitest.config.ts',
      'tests/e2e/admin-registry.test.ts', 'tests/e2e/public-sections.test.ts',
      '-t', 'vouchers|offers', '--reporter=verbose',
    ]);
    expect(smoke.code, smoke.output.slice(-4000)).toBe(0);
    expect(smoke.output).toMatch(/vouchers: lists, edits and deletes/);
    expect(smoke.output).toMatch(/offers: reached from the footer, lists a new record with its fields, and opens its page/);
  }, 3 * hangLimitMs);

  describe('a schema change migrates existing data', () => {
    const databases: Array<[string, boolean]> = [['SQLite', true], ['PostgreSQL', Boolean(process.env.TEST_DATABASE_URL)]];
    for (const [name, available] of databases) {
      it.skipIf(!available)(`${name}: renamed, added and dropped fields, data kept`, async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'academy-one-file-data-'));
        const env: Record<string, string> = name === 'PostgreSQL' ? { DATABASE_URL: await databaseFor(dataDir), JWT_SECRET: 'one-file-proof-secret-0123456789abcdef' } : {};
        const v1 = await readFile(path.join(copy, 'schema/vouchers.ts'), 'utf8');
        const history = await generatedMigrations();
        const generated = await Promise.all(generatedFiles.map((f) => readFile(path.join(copy, f), 'utf8')));
        try {
          let server = await startServer(dataDir, env);
          const created = await server.call('POST', '/api/Voucher/Create', {
            code: 'BAHAR1405',
            percentOff: 20,
            courseId: 0,
            kind: 'fixed',
            validUntil: null,
            inActive: false,
            note: 'برای نوروز',
            courseIds: [2, 1, 2],
          });
          expect(created.status).toBe(200);
          // The many-to-many field keeps each course once; the public answer is the view alone,
          // its relations named by the courses' titles (none: '').
          expect(created.body).toEqual(expect.objectContaining({ courseIds: [2, 1] }));
          const offers = await server.call('GET', '/api/Public/sections/offers');
          const titles = await server.call('GET', '/api/Course/GetSelectList?page=1&ids=1,2');
          const rows: unknown = Reflect.get(Object(titles.body), 'items');
          const titleOf = (id: number): unknown => Reflect.get(Object((Array.isArray(rows) ? rows : []).find((row) => Reflect.get(Object(row), 'id') === id)), 'title');
          expect(titleOf(1)).toBeTruthy();
          expect(offers.body).toEqual([
            { id: expect.any(Number), slug: 'bahar1405', code: 'BAHAR1405', percentOff: 20, validUntil: null, note: 'برای نوروز', courseId: '', courseIds: [titleOf(2), titleOf(1)] },
          ]);
          await server.stop();

          await copyFile(path.join(fixtures, 'vouchers-v2.ts'), path.join(copy, 'schema/vouchers.ts'));
          const generate = await sh('npx', ['tsx', 'codegen/generate.ts']);
          expect(generate.code, generate.output).toBe(0);
          // The earlier migrations stay as they were; one is added after them.
          const migratedFiles = await generatedMigrations();
          const added = migratedFiles.filter((f) => !history.includes(f));
          expect(added).toHaveLength(1);
          expect(migratedFiles.filter((f) => history.includes(f))).toEqual(history);
          const migrated = await readFile(path.join(copy, migrationsFolder, added[0] ?? ''), 'utf8');
          expect(migrated).toContain('{"op":"renameColumn","table":"vouchers","from":"note","to":"description"}');
          expect(migrated).toMatch(/"op":"addColumn","table":"vouchers","column":"maxUses"/);
          expect(migrated).toMatch(/"op":"dropColumn","table":"vouchers","column":"kind"/);

          server = await startServer(dataDir, env);
          const listed = await server.call('GET', '/api/Voucher/GetSelectList');
          const renamed = await server.call('GET', '/api/Public/sections/offers');
          // A voucher for one course goes with it: deleted by the engine, in the audit log.
          const course = await server.call('POST', '/api/Course/Create', courseBody('دوره رفتنی با بن'));
          const courseId = Number(Reflect.get(Object(course.body), 'id'));
          const tied = { code: 'GONE1', percentOff: 5, courseId, courseIds: [], validUntil: null, inActive: false, description: '', maxUses: 1 };
          expect((await server.call('POST', '/api/Voucher/Create', tied)).status).toBe(200);
          expect((await server.call('DELETE', '/api/Course/Delete', { id: courseId })).status).toBe(200);
          const afterCourse = await server.call('GET', '/api/Voucher/GetSelectList');
          const audit = await server.call('GET', '/api/Admin/audit?entity=vouchers');
          await server.stop();
          expect(JSON.stringify(afterCourse.body)).not.toContain('GONE1');
          expect(JSON.stringify(audit.body)).toMatch(/"action":"delete"/);
          expect(listed.status).toBe(200);
          expect(listed.body).toEqual([expect.objectContaining({ code: 'BAHAR1405', percentOff: 20, description: 'برای نوروز', maxUses: 1, version: 1, courseIds: [2, 1] })]);
          expect(renamed.body).toEqual([expect.objectContaining({ code: 'BAHAR1405', description: 'برای نوروز' })]);
          expect(JSON.stringify(listed.body)).not.toContain('"kind"');
        } finally {
          await writeFile(path.join(copy, 'schema/vouchers.ts'), v1);
          await Promise.all(generatedFiles.map((f, i) => writeFile(path.join(copy, f), generated[i] ?? '')));
          for (const file of await generatedMigrations()) if (!history.includes(file)) await rm(path.join(copy, migrationsFolder, file));
          if (name === 'PostgreSQL') await dropDatabaseFor(dataDir);
          await rm(dataDir, { recursive: true, force: true });
        }
      }, hangLimitMs);
    }
  });
});

interface RunningServer {
  call(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

/** The copy's server as a child process on a data dir, signed in as its administrator. */
async function startServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(dataDir, env);
    } catch (error) {
      // A port taken between freePort and the child's listen is a neighbour's doing (the test
      // command's steps run side by side): another port, as the e2e harness does.
      if (attempt < 3 && error instanceof Error && error.message.includes('EADDRINUSE')) continue;
      throw error;
    }
  }
}

async function startServerOnce(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PHONE: '09120000000', ADMIN_PASSWORD: 'One-File-Proof-Password-1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + waitBudgetMs;
  let token = '';
  while (!token) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    try {
      const response = await fetch(`${url}/api/Auth/SignIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '09120000000', password: 'One-File-Proof-Password-1' }),
      });
      const answer: unknown = await response.json();
      if (typeof answer === 'object' && answer !== null && 'accessToken' in answer && typeof answer.accessToken === 'string') token = answer.accessToken;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    async call(method, apiPath, body) {
      const response = await fetch(`${url}${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

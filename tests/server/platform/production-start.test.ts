// @vitest-environment node
// A production start (NODE_ENV=production) that a reader of the repository cannot forge into: it
// refuses the deployment template's values (deploy/academy.env as shipped, any CHANGE-ME) and a
// JWT_SECRET that is not 32 random bytes, saying how to make one; and a production database gets
// its administrator and nothing else: no sample learner, order, sign-in session or message (the
// seeded admin's session was one nobody ever ended, and with the template's key a token naming it
// was an administrator's).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { exampleRoles } from '../../../server/features/staff/exampleRoles';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { openConfiguredDatabase } from '../../../server/platform/db';
import { jwtSecretProblem, makeSecretHint, templateSecrets } from '../../../server/platform/productionSettings';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { startServer, type TestServer } from '../../support/server';
import { serverEntry } from '../../support/server-entry';

/** deploy/academy.env as an EnvironmentFile gives it: NAME=value lines, comments left out. */
function templateEnv(): Record<string, string> {
  const lines = readFileSync('deploy/academy.env', 'utf8').split('\n');
  return Object.fromEntries(lines.filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

const goodSecret = () => randomBytes(48).toString('base64');
const realPayments = { PAYMENT_GATEWAY_URL: 'https://payment.zarinpal.com', ZARINPAL_MERCHANT_ID: '11111111-2222-3333-4444-555555555555' };

describe('a production start refuses what anyone who read the repository knows', () => {
  it('refuses deploy/academy.env as shipped, naming every CHANGE-ME setting and how to make a key', () => {
    const shipped = templateEnv();
    expect(shipped.NODE_ENV).toBe('production');
    expect(shipped.JWT_SECRET).toBe('CHANGE-ME-openssl-rand-base64-48');
    let message = '';
    try {
      configFromEnv(shipped);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    for (const name of ['JWT_SECRET', 'DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'ZARINPAL_MERCHANT_ID', 'ZARINPAL_ACCESS_TOKEN']) {
      expect(message).toContain(`${name} still holds the template's CHANGE-ME`);
    }
    expect(message).toContain('openssl rand -base64 48');
    // The values themselves (a password among them) are never repeated.
    expect(message).not.toContain('academy:CHANGE-ME@');
  });

  it('refuses a key shorter than 32 random bytes, a template value or a chosen phrase; takes what a generator prints', () => {
    const refused = [
      'x',
      ...templateSecrets,
      'a'.repeat(64),
      'ab'.repeat(40),
      randomBytes(31).toString('base64'),
      randomBytes(31).toString('hex'),
      // The repository's test keys: long, but words a person chose.
      'two-machines-secret-shared-by-every-process-0123456789',
      'test-secret-that-is-long-enough-for-hs256-keys',
      'correct horse battery staple and then some more words',
    ];
    for (const secret of refused) {
      expect(jwtSecretProblem(secret), secret).toBeDefined();
      expect(() => configFromEnv({ NODE_ENV: 'production', ...realPayments, JWT_SECRET: secret }), secret).toThrow(makeSecretHint);
    }
    for (const secret of [goodSecret(), randomBytes(32).toString('base64'), randomBytes(32).toString('base64url'), randomBytes(32).toString('hex')]) {
      expect(jwtSecretProblem(secret), secret).toBeUndefined();
      expect(configFromEnv({ NODE_ENV: 'production', ...realPayments, JWT_SECRET: secret })).toMatchObject({ jwtSecret: secret, sampleData: false });
    }
    // Outside production the same keys start, with the sample data.
    expect(configFromEnv({ JWT_SECRET: 'x' })).toMatchObject({ jwtSecret: 'x', sampleData: true });
  });

  it('any setting still saying CHANGE-ME stops the start, not only the key', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production', ...realPayments, JWT_SECRET: goodSecret(), S3_BUCKET: 'CHANGE-ME' })).toThrow(/S3_BUCKET still holds the template's CHANGE-ME/);
  });

  // main.ts itself, as systemd starts it with the template: it exits before opening anything, so
  // no token forged with the template's key (for the seeded session 1 or any other) meets a server.
  it('the process started with the template exits at once with the refusal, and makes no data dir', async () => {
    const dataDir = path.join(tmpdir(), `academy-production-refused-${process.pid}`);
    const env: NodeJS.ProcessEnv = { ...process.env, ...templateEnv(), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    delete env.PASSWORD_HASH_N; // the tests' cheap hashing, itself refused in production
    const child = spawn(process.execPath, serverEntry(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).not.toBe(0);
    expect(output).toContain('Refusing to start: NODE_ENV=production');
    expect(output).toContain('JWT_SECRET still holds the template');
    expect(output).not.toContain('Academy is running');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('a production database holds its administrator and nothing else', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** Every table's row count, read straight from the server's database. */
  async function rowCounts(server: TestServer): Promise<Record<string, number>> {
    const db = openConfiguredDatabase({ databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined, databaseFile: path.join(server.dataDir, 'academy.sqlite') });
    try {
      const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
      const counts: Record<string, number> = {};
      for (const table of tables) {
        // A name the database itself just listed; Kysely's typed builder knows only the app's tables.
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        counts[table] = Number(rows[0]?.n ?? 0);
      }
      return counts;
    } finally {
      await db.destroy();
    }
  }

  it('differs from an unseeded database by the administrator and the example staff roles (no staff account); no media either', async () => {
    const empty = await startServer({ seed: false });
    servers.push(empty);
    const production = await startServer({ sampleData: false });
    servers.push(production);
    const sample = await startServer();
    servers.push(sample);
    const [before, after, withSample] = await Promise.all([rowCounts(empty), rowCounts(production), rowCounts(sample)]);
    // The lists' search index and change feed follow the rows they index (the admin's own entry).
    const derived = new Set(['list_search', 'list_search_meta', 'list_changes', 'page_data_version']);
    const added = Object.fromEntries(Object.entries(after).filter(([table, n]) => n !== before[table] && !derived.has(table)));
    // The example roles are the academy's to edit; nobody holds them until an administrator says so.
    expect(added).toEqual({ users: 1, staff_roles: exampleRoles.length });
    // The sample start seeds what production must not: sessions (the admin's open one), learners, orders.
    for (const table of ['sessions', 'orders', 'children', 'contact_messages', 'courses']) expect(withSample[table], table).toBeGreaterThan(0);
    expect(withSample.users).toBeGreaterThan(1);
    const db = openConfiguredDatabase({ databaseUrl: usePostgres ? await databaseFor(production.dataDir) : undefined, databaseFile: path.join(production.dataDir, 'academy.sqlite') });
    try {
      expect(await db.selectFrom('users').select(['id', 'role']).execute()).toEqual([{ id: 1, role: 300 }]);
    } finally {
      await db.destroy();
    }
    expect(await production.media.list('images')).toEqual([]);
  });

  // main.ts on the SQLite file; the PostgreSQL side is the test above.
  it.skipIf(usePostgres)('a production process started with a sound key on a new data dir seeds the administrator alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-production-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PAYMENT_SANDBOX: '1', JWT_SECRET: goodSecret(), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    for (const name of ['DATABASE_URL', 'DATABASE_FILE', 'MEDIA_DIR', 'PASSWORD_HASH_N']) delete env[name];
    const child = spawn(process.execPath, serverEntry(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        void exited.then(() => reject(new Error(`server exited: ${output}`)));
        child.stdout.on('data', () => output.includes('Academy is running') && resolve());
      });
      const db = openConfiguredDatabase({ databaseFile: path.join(dataDir, 'academy.sqlite') });
      try {
        expect(await db.selectFrom('users').select(['id', 'role']).execute()).toEqual([{ id: 1, role: 300 }]);
        for (const table of ['sessions', 'orders', 'children', 'courses', 'categories', 'contact_messages', 'notifications'] as const) {
          const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          expect(Number(row.n), table).toBe(0);
        }
      } finally {
        await db.destroy();
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

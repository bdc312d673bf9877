// Liveness and readiness for a load balancer, a process supervisor or a container runtime.
//
// GET /health: the process is up and its event loop answers (nothing else is asked, so a database
// outage never makes a supervisor restart every process at once).
// GET /ready: this process should be sent traffic — the database answers and holds every
// migration this code knows, the media store answers (MediaStore.check), and the process is not
// draining (a stop was asked for: server/main.ts). 200, else 503; the body names each check.
//
// Both are outside the API (/api, openapi.yaml), like robots.txt: no session, no rate limit, and
// never kept by a cache. A readiness check costs one small query and one call to the media
// store; probes arriving while one runs share it, so a crowd of probes costs no more.
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { migrationProvider } from './migrations/index';
import type { DB } from './db';

export interface HealthOptions {
  db: DB;
  /** The media store (a local folder or a bucket): ready when its check answers. */
  media: { check(): Promise<void> };
  /** A check that has not answered by then counts as failed (default 3 s). */
  checkTimeoutMs?: number;
}

export interface Readiness {
  /** From now on /ready answers 503 (the process is stopping). */
  drain: () => void;
  readonly draining: boolean;
}

type CheckResult = 'ok' | 'failed' | 'timeout';

export interface ReadyReport {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult | 'pending'; media: CheckResult; draining: boolean };
}

/** Shown with a 503, for whoever reads the probe by hand. */
const notReadyText = 'این سرور اکنون آماده پاسخ دادن نیست';

async function within(check: Promise<unknown>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([check.then((): CheckResult => 'ok', (): CheckResult => 'failed'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, options: HealthOptions): Readiness {
  const { db, media } = options;
  const limitMs = options.checkTimeoutMs ?? 3000;
  let draining = false;
  let known: Promise<string[]> | null = null;
  const knownMigrations = () => (known ??= migrationProvider.getMigrations().then((all) => Object.keys(all)));

  const runChecks = async (): Promise<Omit<ReadyReport['checks'], 'draining'>> => {
    let pending = false;
    const database = within(
      (async () => {
        const applied = await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table('kysely_migration')}`.execute(db);
        const names = new Set(applied.rows.map((row) => row.name));
        pending = (await knownMigrations()).some((name) => !names.has(name));
      })(),
      limitMs,
    );
    const store = within(media.check(), limitMs);
    const [databaseResult, mediaResult] = await Promise.all([database, store]);
    return { database: databaseResult, migrations: databaseResult !== 'ok' ? databaseResult : pending ? 'pending' : 'ok', media: mediaResult };
  };
  let inFlight: ReturnType<typeof runChecks> | null = null;
  const check = async (): Promise<ReadyReport> => {
    inFlight ??= runChecks().finally(() => {
      inFlight = null;
    });
    const checks = { ...(await inFlight), draining };
    return { ready: !draining && checks.database === 'ok' && checks.migrations === 'ok' && checks.media === 'ok', checks };
  };

  app.get('/health', answerHealth);
  app.get('/ready', answerReady);

  function answerHealth(_request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  }

  async function answerReady(_request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    // Draining answers at once: the balancer should stop sending, whatever the checks say.
    if (draining) return reply.code(503).send({ status: 'draining', message: notReadyText, checks: { draining: true } });
    const report = await check();
    if (report.ready) return reply.send({ status: 'ready', checks: report.checks });
    return reply.code(503).send({ status: report.checks.draining ? 'draining' : 'unready', message: notReadyText, checks: report.checks });
  }

  return {
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

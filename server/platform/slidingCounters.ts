// Sliding-window counters (failed sign-ins, sign-ups, contact posts) stored in login_attempts.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import { isPostgres, type Database, type DB } from './db';

/** Rows of an attempt that is under way: counted by later attempts, not yet a failure. */
export interface Reservation {
  rows: Array<{ id: number; bucket: string }>;
}

/** A bucket and the failures allowed in it within the window. */
export interface BucketLimit {
  bucket: string;
  limit: number;
}

export interface AdmitOptions {
  windowMs: number;
  /** An attempt that still has to wait after this long is refused. */
  maxWaitMs: number;
  /** At most this many attempts per lock key wait (poll) for a place; more are refused at once. */
  maxQueue: number;
}

// An attempt being checked is stored under this prefix until its outcome is known, so the failure
// counts (exact bucket names) never include attempts that may still succeed.
const pendingPrefix = 'pending:';
// A password check takes about a second; a pending row older than this belongs to a process that
// died mid-check and must not hold the queue.
const pendingStaleMs = 30_000;
const pollMs = 120;


/**
 * A bucket's failures in the window and its attempts still being checked, in one statement, so
 * an attempt turning from one into the other in between cannot be missed by both counts.
 */
async function tally(trx: Transaction<Database>, bucket: string, windowMs: number): Promise<{ failures: number; inFlight: number }> {
  const now = Date.now();
  const since = new Date(now - windowMs).toISOString();
  const fresh = new Date(now - pendingStaleMs).toISOString();
  const pending = pendingPrefix + bucket;
  const row = await trx
    .selectFrom('login_attempts')
    .select([
      sql<number | string>`count(case when ${sql.ref('bucket')} = ${bucket} and ${sql.ref('at')} > ${since} then 1 end)`.as('failures'),
      sql<number | string>`count(case when ${sql.ref('bucket')} = ${pending} and ${sql.ref('at')} > ${fresh} then 1 end)`.as('inFlight'),
    ])
    .where('bucket', 'in', [bucket, pending])
    .executeTakeFirst();
  return { failures: Number(row?.failures ?? 0), inFlight: Number(row?.inFlight ?? 0) };
}

export class Attempts {
  /** Attempts waiting for a place, per lock key, in this process. */
  private readonly waiting = new Map<string, number>();

  constructor(private readonly db: DB) {}

  async count(bucket: string, windowMs: number): Promise<number> {
    const since = new Date(Date.now() - windowMs).toISOString();
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** When the bucket's newest row was written (ISO), if it has one. */
  async latest(bucket: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('at')
      .where('bucket', '=', bucket)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.at;
  }

  /**
   * How long until the bucket holds fewer than `limit` rows in the window, so that `take` admits
   * again: when the limit-th newest row leaves the window. 0 when it admits now.
   */
  async waitMs(bucket: string, limit: number, windowMs: number): Promise<number> {
    const since = new Date(Date.now() - windowMs).toISOString();
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('at')
      .where('bucket', '=', bucket)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    const edge = rows.length >= limit ? rows.at(-1) : undefined;
    return edge ? Math.max(0, Date.parse(edge.at) + windowMs - Date.now()) : 0;
  }

  async record(...buckets: string[]): Promise<void> {
    const at = new Date().toISOString();
    await this.db
      .insertInto('login_attempts')
      .values(buckets.map((bucket) => ({ bucket, at })))
      .execute();
    await this.trim();
  }

  /**
   * Records an attempt in the bucket unless the bucket already holds `limit` in the window; the
   * new row's id, or undefined when refused. Counting and recording under one lock holds against
   * a parallel burst: two attempts never both take the last place.
   */
  async take(bucket: string, limit: number, windowMs: number): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
      const since = new Date(Date.now() - windowMs).toISOString();
      const row = await trx
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('bucket', '=', bucket)
        .where('at', '>', since)
        .executeTakeFirst();
      if (Number(row?.n ?? 0) >= limit) return undefined;
      const inserted = await trx
        .insertInto('login_attempts')
        .values({ bucket, at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  }

  /**
   * Takes a place in every bucket (`take`), or in none: at the first bucket already full, the
   * places taken are given back and that bucket is answered.
   */
  async takeAll(limits: readonly BucketLimit[], windowMs: number): Promise<{ taken: number[] } | { full: BucketLimit }> {
    const taken: number[] = [];
    for (const limit of limits) {
      const slot = await this.take(limit.bucket, limit.limit, windowMs);
      if (slot === undefined) {
        await this.releaseIds(taken);
        return { full: limit };
      }
      taken.push(slot);
    }
    return { taken };
  }

  /** Whether any of the buckets holds its limit in the window. */
  async anyFull(limits: readonly BucketLimit[], windowMs: number): Promise<boolean> {
    for (const { bucket, limit } of limits) if ((await this.count(bucket, windowMs)) >= limit) return true;
    return false;
  }

  /** Old rows are useless past the longest window; trimming on writes keeps the table small. */
  async trim(): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - 24 * 3600_000).toISOString()).execute();
  }

  /**
   * Admits an attempt to its (slow) check, or refuses it. Refused when a bucket's failures in the
   * window reach its limit. When the failures plus the attempts still being checked would reach
   * it, the attempt waits for those to end: a failure then counts against it, a success (which
   * leaves no row) lets it through. So a parallel burst of guesses gets no more checks than the
   * limit, while correct sign-ins at the same moment only queue, never refused for failures they
   * did not make. The buckets must all belong to `lockKey` (one client address): admissions under
   * one key are serialised, so two of them never both take the last place.
   */
  async admit(lockKey: string, limits: BucketLimit[], options: AdmitOptions): Promise<Reservation | undefined> {
    const deadline = Date.now() + options.maxWaitMs;
    let queued = false;
    try {
      for (;;) {
        const decision = await this.db.transaction().execute(async (trx) => {
          // SQLite runs one transaction at a time already; PostgreSQL needs the lock.
          if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(trx);
          let mustWait = false;
          for (const { bucket, limit } of limits) {
            const { failures, inFlight } = await tally(trx, bucket, options.windowMs);
            if (failures >= limit) return 'refused' as const;
            if (failures + inFlight >= limit) mustWait = true;
          }
          if (mustWait) return 'wait' as const;
          const at = new Date().toISOString();
          const rows = await trx
            .insertInto('login_attempts')
            .values(limits.map(({ bucket }) => ({ bucket: pendingPrefix + bucket, at })))
            .returning('id')
            .execute();
          return { rows: rows.map((row, i) => ({ id: row.id, bucket: limits[i]?.bucket ?? '' })) };
        });
        if (decision === 'refused') return undefined;
        if (decision !== 'wait') return decision;
        if (!queued) {
          // Waiters hold a connection open and poll: a burst larger than the queue is refused at
          // once. Counted per process, which is enough to bound each process's polling.
          if ((this.waiting.get(lockKey) ?? 0) >= options.maxQueue) return undefined;
          this.waiting.set(lockKey, (this.waiting.get(lockKey) ?? 0) + 1);
          queued = true;
        }
        if (Date.now() + pollMs > deadline) return undefined;
        await sleep(pollMs);
      }
    } finally {
      if (queued) {
        const left = (this.waiting.get(lockKey) ?? 1) - 1;
        if (left > 0) this.waiting.set(lockKey, left);
        else this.waiting.delete(lockKey);
      }
    }
  }

  /** The reserved attempt failed: it now counts against each bucket, from this moment. */
  async confirm(reservation: Reservation): Promise<void> {
    const at = new Date().toISOString();
    for (const row of reservation.rows) {
      await this.db.updateTable('login_attempts').set({ bucket: row.bucket, at }).where('id', '=', row.id).execute();
    }
    await this.trim();
  }

  /** Takes back a reserved attempt that turned out not to be a failure (or was never checked). */
  async release(reservation: Reservation): Promise<void> {
    await this.releaseIds(reservation.rows.map((row) => row.id));
  }

  async releaseIds(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
  }
}

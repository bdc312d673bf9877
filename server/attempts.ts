// Sliding-window counters (failed sign-ins, sign-ups, contact posts) stored in login_attempts.
import type { DB } from './db';

/** Rows of an attempt that is under way: counted by later attempts, not yet a failure. */
export interface Reservation {
  rows: Array<{ id: number; bucket: string }>;
}

/** A bucket's failures allowed in the window, and how many attempts may queue behind them. */
export interface BucketLimit {
  bucket: string;
  limit: number;
}

export interface AdmitOptions {
  windowMs: number;
  /** An attempt that still has to wait after this long is refused. */
  maxWaitMs: number;
  /** Attempts further back in the queue than this are refused at once instead of polling. */
  maxQueue: number;
}

// An attempt under way is stored under this prefix until its outcome is known, so the failure
// counts (exact bucket names) never include attempts that may still succeed.
const pendingPrefix = 'pending:';
// A password check takes about a second; a pending row older than this belongs to a process that
// died mid-check and must not hold the queue.
const pendingStaleMs = 30_000;
const pollMs = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Attempts {
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

  async record(...buckets: string[]): Promise<void> {
    const at = new Date().toISOString();
    await this.db
      .insertInto('login_attempts')
      .values(buckets.map((bucket) => ({ bucket, at })))
      .execute();
    await this.trim();
  }

  /**
   * Records one attempt and answers how many attempts of the bucket in the window came before it
   * or with it (itself included). Limiting on this rank, rather than on a count taken before
   * recording, holds against a parallel burst: each attempt of the burst has its own rank.
   */
  async recordRanked(bucket: string, windowMs: number): Promise<{ id: number; rank: number }> {
    const at = new Date().toISOString();
    const row = await this.db.insertInto('login_attempts').values({ bucket, at }).returning('id').executeTakeFirstOrThrow();
    const since = new Date(Date.now() - windowMs).toISOString();
    const ranked = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('at', '>', since)
      .where('id', '<=', row.id)
      .executeTakeFirst();
    return { id: row.id, rank: Number(ranked?.n ?? 0) };
  }

  /** Old rows are useless past the longest window; trimming on writes keeps the table small. */
  async trim(): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - 24 * 3600_000).toISOString()).execute();
  }

  /**
   * Records an attempt as under way in each bucket before it is checked, so attempts running at
   * the same moment see each other (counting only after the slow password check let a parallel
   * burst through unlimited).
   */
  async reserve(...buckets: string[]): Promise<Reservation> {
    const at = new Date().toISOString();
    const rows = await this.db
      .insertInto('login_attempts')
      .values(buckets.map((bucket) => ({ bucket: pendingPrefix + bucket, at })))
      .returning('id')
      .execute();
    return { rows: rows.map((row, i) => ({ id: row.id, bucket: buckets[i] ?? '' })) };
  }

  /**
   * Whether a reserved attempt may be checked now. Refused when a bucket's failures already reach
   * its limit. When the failures plus the attempts reserved *before* this one would reach it, the
   * attempt waits for those to end: a failure then counts against it, a success (which leaves no
   * row) lets it through. So a parallel burst of guesses gets no more checks than the limit, while
   * a burst of correct sign-ins is only queued, never refused for failures it did not make.
   */
  async admit(reservation: Reservation, limits: BucketLimit[], options: AdmitOptions): Promise<boolean> {
    const deadline = Date.now() + options.maxWaitMs;
    for (;;) {
      let mustWait = false;
      for (const { bucket, limit } of limits) {
        const failures = await this.count(bucket, options.windowMs);
        if (failures >= limit) return false;
        const own = reservation.rows.find((row) => row.bucket === bucket);
        if (!own) continue;
        const ahead = await this.pendingBefore(bucket, own.id);
        if (failures + ahead >= limit + options.maxQueue) return false;
        if (failures + ahead >= limit) mustWait = true;
      }
      if (!mustWait) return true;
      if (Date.now() + pollMs > deadline) return false;
      await sleep(pollMs);
    }
  }

  private async pendingBefore(bucket: string, id: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', pendingPrefix + bucket)
      .where('id', '<', id)
      .where('at', '>', new Date(Date.now() - pendingStaleMs).toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
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

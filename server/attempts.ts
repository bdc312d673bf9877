// Sliding-window counters (failed sign-ins, contact posts) stored in login_attempts.
import type { DB } from './db';

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

  /** Old rows are useless past the longest window; trimming on writes keeps the table small. */
  async trim(): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - 24 * 3600_000).toISOString()).execute();
  }

  /**
   * Records one attempt in each bucket before the attempt is checked and returns the rows, so
   * that attempts running at the same moment count each other (counting first and recording
   * after the slow password check let a parallel burst through unlimited).
   */
  async reserve(...buckets: string[]): Promise<number[]> {
    const at = new Date().toISOString();
    const rows = await this.db
      .insertInto('login_attempts')
      .values(buckets.map((bucket) => ({ bucket, at })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Takes back reserved attempts that turned out not to be failures. */
  async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
  }
}

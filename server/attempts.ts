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
    // Old rows are useless past the longest window; trimming here keeps the table small.
    await this.db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - 24 * 3600_000).toISOString()).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('bucket', '=', bucket).execute();
  }
}

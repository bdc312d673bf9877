// Wrong passwords at an account since its owner last signed in: counted at each failure and told
// once at the next sign-in (by password or by SMS code), then reset.
import { nowIso, type DB } from '../../platform/db';

/** One more wrong password at this account since its owner last signed in. */
export async function noteFailure(db: DB, userId: number): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('sign_in_alerts')
    .values({ userId, failures: 1, lastFailureAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ failures: eb('sign_in_alerts.failures', '+', 1), lastFailureAt: at })))
    .execute();
}

/** The failures since the last sign-in, reset in the same statement (parallel sign-ins see them once). */
export async function takeFailures(db: DB, userId: number): Promise<{ failures: number; lastFailureAt: string } | undefined> {
  const row = await db
    .deleteFrom('sign_in_alerts')
    .where('userId', '=', userId)
    .returning(['failures', 'lastFailureAt'])
    .executeTakeFirst();
  return row && row.failures > 0 ? { failures: Number(row.failures), lastFailureAt: row.lastFailureAt } : undefined;
}

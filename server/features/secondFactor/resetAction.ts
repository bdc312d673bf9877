// The administrator's reset of another account's second factor (schema/users.ts
// «بازنشانی ورود دومرحله‌ای»): for a lost phone with its recovery codes. The factor, the passkeys and
// the recovery codes go, and none of the account's sessions counts as having passed any more; the
// engine audits the action like every other.
// Only administrators run it: the action is declared `administratorOnly` in the schema, so its
// route refuses every staff role whatever it holds.
import type { ActionHandler } from '../../engine/behaviours';

export const resetSecondFactor: ActionHandler = async ({ trx, record }) => {
  const userId = Number(record.id);
  await trx.deleteFrom('second_factors').where('userId', '=', userId).execute();
  await trx.deleteFrom('passkeys').where('userId', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('userId', '=', userId).execute();
  await trx.updateTable('sessions').set({ secondFactorAt: null, passkeyChallenge: null }).where('userId', '=', userId).execute();
  return { set: {} };
};

// The administrator's reset of another account's second factor (schema/users.ts
// «بازنشانی ورود دومرحله‌ای»): for a lost phone with its recovery codes. The factor, the passkeys and
// the recovery codes go, and none of the account's sessions counts as having passed any more; the
// engine audits the action like every other.
import type { ActionHandler } from '../../engine/behaviours';
import { HttpError } from '../../platform/errors';
import { administratorRole } from '../../../schema/rules/roles';

export const resetTexts = { administratorsOnly: 'فقط مدیر سیستم می‌تواند ورود دومرحله‌ای دیگران را بازنشانی کند' } as const;

export const resetSecondFactor: ActionHandler = async ({ trx, record, actor }) => {
  // Whatever a staff role is granted: with another's password, a reset would hand over their panel.
  if (actor.role !== administratorRole) throw new HttpError(403, resetTexts.administratorsOnly);
  const userId = Number(record.id);
  await trx.deleteFrom('second_factors').where('userId', '=', userId).execute();
  await trx.deleteFrom('passkeys').where('userId', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('userId', '=', userId).execute();
  await trx.updateTable('sessions').set({ secondFactorAt: null, passkeyChallenge: null }).where('userId', '=', userId).execute();
  return { set: {} };
};

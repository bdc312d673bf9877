// The users' record actions (schema/users.ts): locking ends every session of the account at
// once (the token version moves, so no token issued before is accepted again, even after an
// unlock) and keeps the account out until it is unlocked.
import { plugIn, type ActionHandler } from '../../engine/behaviours';
import { HttpError } from '../../platform/errors';
import { administratorRole } from '../../../schema/rules/roles';
import { serializeAdminChanges } from './accountGuards';
import { endAllSessions } from './signInSessions';
import { issueResetToken, resetLinkPath } from './userAccounts';

export const userActionTexts = {
  selfLock: 'نمی‌توانید حساب کاربری خودتان را قفل کنید',
} as const;

// The caller is an active administrator, so locking anyone but oneself leaves one able to run the
// panel, provided two admins cannot lock each other at the same moment (serializeAdminChanges).
const lock: ActionHandler = async ({ trx, record, actor }) => {
  if (Number(record.id) === actor.id) throw new HttpError(409, userActionTexts.selfLock);
  if (Number(record.role) === administratorRole) await serializeAdminChanges(trx, actor);
  await endAllSessions(trx, Number(record.id), 'admin');
  return { set: { isLockout: 1 } };
};

const unlock: ActionHandler = async () => ({ set: { isLockout: 0 } });

// A one-time link the admin hands over (server/features/identity/userAccounts.ts): shown once, in the answer,
// never stored readable; the account itself is unchanged until the link is used.
const resetPassword: ActionHandler = async ({ trx, record, actor, siteUrl }) => {
  const token = await issueResetToken(trx, Number(record.id), actor.id);
  return { set: {}, notice: `${siteUrl}${resetLinkPath(token)}` };
};

export function plugInUserActions(): void {
  plugIn('users', { actions: { lock, unlock, resetPassword } });
}

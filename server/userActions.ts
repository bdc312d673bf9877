// The users' record actions (schema/users.ts): locking ends every session of the account at
// once (the token version moves, so no token issued before is accepted again, even after an
// unlock) and keeps the account out until it is unlocked.
import type { ActionHandler } from './actions';
import { HttpError } from './errors';
import { endAllSessions } from './sessions';

export const userActionTexts = {
  selfLock: 'نمی‌توانید حساب کاربری خودتان را قفل کنید',
} as const;

// The caller is an active administrator (the role and lock are read from the database on every
// call), so locking anyone but oneself always leaves one able to run the panel.
const lock: ActionHandler = async ({ trx, record, actor }) => {
  if (Number(record.id) === actor.id) throw new HttpError(409, userActionTexts.selfLock);
  await endAllSessions(trx, Number(record.id), 'admin');
  return { isLockout: 1 };
};

const unlock: ActionHandler = async () => ({ isLockout: 0 });

export const userActions = { lock, unlock };

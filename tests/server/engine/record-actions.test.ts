// @vitest-environment node
// Record actions declared in schema files (schema/define.ts ActionDecl), against the real server
// on SQLite or PostgreSQL: the users' lock and unlock. Locking stops the account's tokens on the
// very next call and keeps them dead after an unlock; the engine's version check, `when` rule,
// guards, audit entry and revert apply to every action alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;

interface UserRow {
  id: number;
  version: number;
  isLockout: boolean;
  phoneNumber: string;
  role: number;
}

const me = (token: string) => server.call('GET', '/api/Me', { token });
const userByPhone = async (phone: string): Promise<UserRow> => {
  const answer = await server.call<{ items: UserRow[] }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { page: '1', q: phone } });
  const found = answer.body.items.find((user) => user.phoneNumber === phone);
  if (!found) throw new Error(`no user ${phone}`);
  return found;
};
// An action answers { record, notice? }; a refusal answers { message }.
async function runUserAction(call: 'Lock' | 'Unlock', user: { id: number; version?: number }, token: string) {
  const body = user.version === undefined ? { id: user.id } : { id: user.id, version: user.version };
  const answer = await server.call<{ record?: UserRow; notice?: string; message?: string; conflict?: unknown }>('POST', `/api/User/${call}`, { token, body });
  // A refusal has no record: an id of 0 names none.
  const record: UserRow = answer.body.record ?? { id: 0, version: 0, isLockout: false, phoneNumber: '', role: 0 };
  return { status: answer.status, body: { ...record, message: answer.body.message, notice: answer.body.notice }, conflict: answer.body.conflict };
}
const lock = (user: { id: number; version?: number }, token = admin) => runUserAction('Lock', user, token);
const unlock = (user: { id: number; version?: number }, token = admin) => runUserAction('Unlock', user, token);

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(() => server.close());

describe('locking an account from the panel', () => {
  it('stops the account’s tokens at once, and an unlock does not bring them back', async () => {
    const phone = '09121110001';
    const learner = await signUpLearner(server, phone);
    expect((await me(learner)).status).toBe(200);
    const user = await userByPhone(phone);
    expect(user.isLockout).toBe(false);

    const locked = await lock(user);
    expect(locked.status).toBe(200);
    expect(locked.body.isLockout).toBe(true);
    expect(locked.body.version).toBe(user.version + 1);
    expect((await me(learner)).status).toBe(401);

    const unlocked = await unlock(locked.body);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.isLockout).toBe(false);
    // The token issued before the lock stays dead; signing in again gives a working one.
    expect((await me(learner)).status).toBe(401);
    const again = await server.signIn(phone, 'learner-pass-123');
    expect((await me(again)).status).toBe(200);
  });

  it('applies only where its `when` says: a locked account cannot be locked again, an open one not unlocked', async () => {
    const user = await userByPhone('09121110001');
    expect((await unlock(user)).status).toBe(409);
    const locked = await lock(user);
    expect(locked.status).toBe(200);
    const twice = await lock(locked.body);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('این کار برای این رکورد در وضعیت فعلی آن ممکن نیست');
    expect((await unlock(locked.body)).status).toBe(200);
  });

  it('refuses a stale version with the conflict, as an edit would', async () => {
    const user = await userByPhone('09121110001');
    const stale = await lock({ id: user.id, version: user.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.conflict).toMatchObject({ current: { id: user.id, version: user.version } });
    expect((await userByPhone('09121110001')).isLockout).toBe(false);
  });

  it('refuses locking oneself; another administrator can be locked, and their token dies', async () => {
    const self = await userByPhone(adminPhone);
    const answer = await lock(self);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('نمی‌توانید حساب کاربری خودتان را قفل کنید');

    const otherPhone = '09121110002';
    await signUpLearner(server, otherPhone);
    const promoted = await server.call<UserRow>('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: (await userByPhone(otherPhone)).id, phoneNumber: otherPhone, emailAddress: '', role: 300 },
    });
    expect(promoted.status).toBe(200);
    const otherAdmin = await server.signIn(otherPhone, 'learner-pass-123');
    expect((await lock(await userByPhone(otherPhone))).status).toBe(200);
    expect((await lock(self, otherAdmin)).status).toBe(401);
    expect((await userByPhone(adminPhone)).isLockout).toBe(false);
  });

  it('two administrators locking each other at the same moment leave one of them active', async () => {
    const phones = ['09121110004', '09121110005'];
    const tokens: string[] = [];
    for (const phone of phones) {
      await signUpLearner(server, phone);
      const user = await userByPhone(phone);
      const promoted = await server.call('PUT', '/api/User/UpdateByAdmin', { token: admin, body: { userId: user.id, phoneNumber: phone, emailAddress: '', role: 300 } });
      expect(promoted.status).toBe(200);
      tokens.push(await server.signIn(phone, 'learner-pass-123'));
    }
    const [a, b] = await Promise.all(phones.map((phone) => userByPhone(phone)));
    if (!a || !b) throw new Error('two admins expected');
    const answers = await Promise.all([lock({ id: b.id }, tokens[0]), lock({ id: a.id }, tokens[1])]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One lock wins; the other finds its own account locked (409, or 401 if it had not yet passed
    // the token check) and changes nothing.
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const after = await Promise.all(phones.map((phone) => userByPhone(phone)));
    expect(after.filter((user) => !user.isLockout)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const learner = await signUpLearner(server, '09121110003');
    const user = await userByPhone('09121110003');
    expect((await lock(user, learner)).status).toBe(403);
    expect((await lock(user, '')).status).toBe(401);
    expect((await userByPhone('09121110003')).isLockout).toBe(false);
  });

  it('is written to the audit log, and reverting the entry unlocks the account', async () => {
    const user = await userByPhone('09121110003');
    const locked = await lock(user);
    expect(locked.status).toBe(200);
    const log = await server.call<{ items: Array<{ id: number; action: string; before: UserRow; after: UserRow; revertible: boolean }> }>('GET', '/api/Admin/audit', {
      token: admin,
      query: { entity: 'users', recordId: String(user.id) },
    });
    const entry = log.body.items[0];
    expect(entry).toMatchObject({ action: 'update', revertible: true });
    expect(entry?.before.isLockout).toBeFalsy();
    expect(entry?.after.isLockout).toBeTruthy();
    const reverted = await server.call('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(entry?.id) } });
    expect(reverted.status).toBe(200);
    expect((await userByPhone('09121110003')).isLockout).toBe(false);
  });
});

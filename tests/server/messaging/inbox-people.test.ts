// @vitest-environment node
// Against the real server on SQLite or PostgreSQL: the inbox (a
// message's status and note, the sidebar's counts, opening marks read), the people screens
// (sign-in history as a list-only entity, creating a user with sign-up's rules, one-time
// password reset links) and who may call what.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../../../server/platform/db';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let learner: string;

interface Message {
  id: number;
  version: number;
  fullName: string;
  message: string;
  status: string;
  note: string;
}
interface UserRow {
  id: number;
  version: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: string;
  role: number;
  isLockout: boolean;
}
interface Related {
  entity: string;
  total: number;
  items: Array<Record<string, unknown>>;
}

const badges = async (token = admin) => server.call<{ badges: Record<string, number> }>('GET', '/api/Admin/badges', { token });
const newCount = async () => (await badges()).body.badges.messages ?? 0;
const send = async (fullName: string, message: string) => {
  const sent = await server.call<{ id: number }>('POST', '/api/Contact', { body: { fullName, phoneNumber: '09121234567', emailAddress: '', message } });
  expect(sent.status).toBe(200);
  return sent.body.id;
};
const messageById = async (id: number): Promise<Message> => {
  const page = await server.call<{ items: Message[] }>('GET', '/api/Contact/GetSelectList', { token: admin, query: { ids: String(id) } });
  const found = page.body.items[0];
  if (!found) throw new Error(`no message ${id}`);
  return found;
};
const open = (entity: string, id: number, token = admin) =>
  server.call<{ record: Record<string, unknown>; opened?: boolean; related: Related[] }>('GET', '/api/Admin/{entity}/{id}', {
    token,
    params: { entity, id: String(id) },
  });
const createUser = (body: Record<string, unknown>, token = admin) => server.call<UserRow & { message?: string }>('POST', '/api/User/Create', { token, body });
const newUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'کیان',
  lastName: 'مرادی',
  phoneNumber: '09127770001',
  emailAddress: '',
  role: 1,
  password: '',
  ...extra,
});

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09127770099');
});
afterAll(() => server.close());

describe('the inbox', () => {
  it('keeps a new message as new with an empty note; the admin sets its status and note', async () => {
    const id = await send('پرستو', 'سطر اول\nسطر دوم');
    const message = await messageById(id);
    expect(message).toMatchObject({ status: 'new', note: '', message: 'سطر اول\nسطر دوم' });

    const saved = await server.call<Message>('PUT', '/api/Contact/Update', {
      token: admin,
      body: { id, version: message.version, status: 'answered', note: 'تماس گرفته شد' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'answered', note: 'تماس گرفته شد', message: 'سطر اول\nسطر دوم', version: message.version + 1 });

    const badStatus = await server.call<{ message: string }>('PUT', '/api/Contact/Update', { token: admin, body: { id, status: 'deleted', note: '' } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('وضعیت را از فهرست انتخاب کنید');

    // The text is the sender's: an update body cannot change it.
    await server.call('PUT', '/api/Contact/Update', { token: admin, body: { id, status: 'archived', note: '', message: 'دست‌کاری' } });
    expect((await messageById(id)).message).toBe('سطر اول\nسطر دوم');

    const archived = await server.call<{ items: Message[]; total: number }>('GET', '/api/Contact/GetSelectList', {
      token: admin,
      query: { page: '1', 'f.status': 'archived' },
    });
    expect(archived.body.items.every((m) => m.status === 'archived')).toBe(true);
    expect(archived.body.items.some((m) => m.id === id)).toBe(true);
  });

  it('counts new messages for the sidebar in one call, and opening one marks it read (once, audited)', async () => {
    const before = await newCount();
    const id = await send('بهار', 'پیام تازه برای شمارش');
    expect(await newCount()).toBe(before + 1);
    const version = (await messageById(id)).version;

    const first = await open('messages', id);
    expect(first.status).toBe(200);
    expect(first.body.opened).toBe(true);
    expect(first.body.record).toMatchObject({ status: 'read', version: version + 1 });
    expect(await newCount()).toBe(before);

    const again = await open('messages', id);
    expect(again.body.opened).toBeUndefined();
    expect(again.body.record).toMatchObject({ status: 'read', version: version + 1 });

    const audit = await server.call<{ items: Array<{ action: string; recordId: number; after: Record<string, unknown> | null }> }>('GET', '/api/Admin/audit', {
      token: admin,
      query: { entity: 'messages', recordId: String(id) },
    });
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ action: 'update', after: { status: 'read' } });

    // An answered message stays answered when opened.
    await server.call('PUT', '/api/Contact/Update', { token: admin, body: { id, status: 'answered', note: '' } });
    expect((await open('messages', id)).body.record).toMatchObject({ status: 'answered' });
  });

  it('refuses a learner: counts, message edits and the detail call are the admin’s', async () => {
    expect((await badges(learner)).status).toBe(403);
    expect((await server.call('PUT', '/api/Contact/Update', { token: learner, body: { id: 1, status: 'read', note: '' } })).status).toBe(403);
    expect((await open('messages', 1, learner)).status).toBe(403);
    expect((await server.call('GET', '/api/Admin/badges')).status).toBe(401);
  });
});

describe('people', () => {
  it('lists sign-in sessions under their user, list-only, and they never keep a user from being deleted', async () => {
    const phone = '09127770002';
    await signUpLearner(server, phone);
    const users = await server.call<{ items: UserRow[] }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { page: '1', q: phone } });
    const user = users.body.items.find((u) => u.phoneNumber === phone);
    if (!user) throw new Error('signed-up user not listed');

    const sessions = await server.call<{ items: Array<{ userId: number; endedAt: string | null; address: string }> }>('GET', '/api/Session/GetSelectList', {
      token: admin,
      query: { page: '1', 'f.userId': String(user.id) },
    });
    expect(sessions.status).toBe(200);
    expect(sessions.body.items).toHaveLength(1);
    expect(sessions.body.items[0]).toMatchObject({ userId: user.id, endedAt: null });

    const detail = await open('users', user.id);
    const history = detail.body.related.find((group) => group.entity === 'sessions');
    expect(history?.total).toBe(1);

    expect((await server.call('GET', '/api/Session/GetSelectList', { token: learner })).status).toBe(403);

    const removed = await server.call('DELETE', '/api/User/Delete', { token: admin, body: { id: user.id } });
    expect(removed.status).toBe(200);
  });

  it('creates a user from the panel with sign-up’s rules, held on the server', async () => {
    const missingName = await createUser(newUser({ firstName: '  ' }));
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toBe('نام الزامی است');
    const badPhone = await createUser(newUser({ phoneNumber: '12345' }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('شماره تلفن باید به شکل ۰۹xxxxxxxxx باشد');
    const weak = await createUser(newUser({ password: 'short' }));
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('رمز عبور باید دست‌کم ۸ نویسه باشد');
    const taken = await createUser(newUser({ phoneNumber: '09127770099' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('این شماره موبایل قبلاً ثبت شده است');
    const badRole = await createUser(newUser({ role: 5 }));
    expect(badRole.status).toBe(400);

    // Persian digits are the same number; the email is kept in lower case.
    const made = await createUser(newUser({ phoneNumber: '۰۹۱۲۷۷۷۰۰۰۳', emailAddress: 'Kian@Example.com', password: 'kian-pass-1234' }));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ firstName: 'کیان', lastName: 'مرادی', phoneNumber: '09127770003', emailAddress: 'kian@example.com', role: 1, isLockout: false });
    expect(made.body).not.toHaveProperty('password');
    expect(made.body).not.toHaveProperty('passwordHash');
    const signedIn = await server.signIn('09127770003', 'kian-pass-1234');
    expect((await server.call('GET', '/api/Me', { token: signedIn })).status).toBe(200);

    const sameEmail = await createUser(newUser({ phoneNumber: '09127770004', emailAddress: 'KIAN@example.com' }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('این ایمیل قبلاً ثبت شده است');

    // The names are the learner's afterwards: an update body does not carry them.
    const edited = await server.call<UserRow>('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: made.body.id, firstName: 'دیگر', phoneNumber: '09127770003', emailAddress: 'kian@example.com', role: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.firstName).toBe('کیان');

    expect((await createUser(newUser({ phoneNumber: '09127770005' }), learner)).status).toBe(403);
  });

  it('creates a user without a password who cannot sign in until a reset link is used', async () => {
    const made = await createUser(newUser({ phoneNumber: '09127770006', role: 300 }));
    expect(made.status).toBe(200);
    expect(made.body.role).toBe(300);
    const refused = await server.call('POST', '/api/Auth/SignIn', { body: { username: '09127770006', password: '' } });
    expect(refused.status).toBe(400);
    const guessed = await server.call('POST', '/api/Auth/SignIn', { body: { username: '09127770006', password: '!created$' } });
    expect(guessed.status).toBe(401);
  });
});

describe('one-time password reset links', () => {
  const phone = '09127770010';
  let learnerToken = '';
  let userId = 0;

  const issue = async (token = admin) => {
    const users = await server.call<{ items: UserRow[] }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { page: '1', q: phone } });
    const user = users.body.items.find((u) => u.phoneNumber === phone);
    if (!user) throw new Error('no user');
    userId = user.id;
    return server.call<{ record: UserRow; notice?: string; message?: string }>('POST', '/api/User/ResetPassword', { token, body: { id: user.id, version: user.version } });
  };
  const tokenOf = (notice: string | undefined) => {
    const match = /^http:\/\/academy\.test\/auth\/reset\/([A-Za-z0-9_-]{43})$/.exec(notice ?? '');
    if (!match?.[1]) throw new Error(`not a reset link: ${notice}`);
    return match[1];
  };
  const reset = (token: string, newPassword: string) =>
    server.call<{ ended: number; message?: string }>('POST', '/api/Auth/ResetPassword', { body: { token, newPassword } });

  beforeAll(async () => {
    learnerToken = await signUpLearner(server, phone);
  });

  it('hands the admin a link once; using it sets the password, ends every session, and it works only once', async () => {
    const issued = await issue();
    expect(issued.status).toBe(200);
    expect(issued.body.record.id).toBe(userId);
    const token = tokenOf(issued.body.notice);

    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('رمز عبور جدید باید دست‌کم ۸ نویسه باشد');

    const done = await reset(token, 'new-learner-pass-1');
    expect(done.status).toBe(200);
    expect(done.body.ended).toBe(1);
    expect((await server.call('GET', '/api/Me', { token: learnerToken })).status).toBe(401);
    const signedIn = await server.signIn(phone, 'new-learner-pass-1');
    expect((await server.call('GET', '/api/Me', { token: signedIn })).status).toBe(200);
    expect((await server.call('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'learner-pass-123' } })).status).toBe(401);

    const again = await reset(token, 'another-pass-123');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('این پیوند بازنشانی رمز عبور معتبر نیست، پیش‌تر استفاده شده یا منقضی شده است؛ از صفحه «فراموشی رمز عبور» یا از مدیر پیوند تازه بخواهید');
    expect((await reset('made-up-token', 'another-pass-123')).status).toBe(400);
  });

  it('a newer link replaces the older one, and an expired link is refused', async () => {
    const older = tokenOf((await issue()).body.notice);
    const newer = tokenOf((await issue()).body.notice);
    expect((await reset(older, 'older-link-pass-1')).status).toBe(400);

    const db = openConfiguredDatabase({
      databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
      databaseFile: path.join(server.dataDir, 'academy.sqlite'),
    });
    try {
      await db.updateTable('password_resets').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', userId).execute();
      // Only a hash is kept: neither token is in the table.
      const stored = await db.selectFrom('password_resets').select('tokenHash').where('userId', '=', userId).execute();
      expect(stored.every((row) => row.tokenHash !== newer && row.tokenHash !== older && /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    } finally {
      await db.destroy();
    }
    expect((await reset(newer, 'expired-link-pass-1')).status).toBe(400);
  });

  it('refuses an address that keeps trying wrong links (429), without hashing anything', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await reset(`guess-${i}`, 'guessed-pass-123')).status);
    expect(statuses.slice(0, 15).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is the admin’s to issue: a learner gets 403', async () => {
    const answer = await server.call('POST', '/api/User/ResetPassword', { token: learner, body: { id: 1 } });
    expect(answer.status).toBe(403);
  });
});

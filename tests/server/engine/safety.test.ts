// @vitest-environment node
// Safety for a team of admins, against the real server (SQLite, or PostgreSQL with
// TEST_DATABASE=postgres): versions and the 409 conflict, the audit log and its revert, the
// guards on users, and references that must exist or still point here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';
import { courseBody } from '../../support/samples';

let server: TestServer;
let admin: string;
let adminId: number;

type Row = Record<string, unknown> & { id: number; version: number };
interface AuditEntry {
  id: number;
  at: string;
  userId: number;
  userName: string;
  entity: string;
  recordId: number;
  action: string;
  before: Row | null;
  after: Row | null;
  revertible: boolean;
}
interface AuditPage {
  items: AuditEntry[];
  total: number;
  actors: Array<{ id: number; name: string }>;
}
interface Conflict {
  message: string;
  conflict: { current: Row; changedFields: string[]; changedBy: { id: number; name: string } | null; changedAt: string | null };
}

/**
 * A call the contract's entity blocks do not document yet (409 on Course/Update): sent without
 * the contract check, which the lead's generated blocks will make unnecessary.
 */
async function raw<T>(method: string, path: string, body: unknown, token = admin): Promise<{ status: number; body: T }> {
  const response = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // The server's JSON answer, typed by the caller for the assertions.
  return { status: response.status, body: (await response.json()) as T };
}

const course = (title: string, extra: Record<string, unknown> = {}) => courseBody(title, { durationInHours: 12, priceInTomans: 500_000, ...extra });

const audit = async (query: Record<string, string> = {}) => {
  const answer = await server.call<AuditPage>('GET', '/api/Admin/audit', { token: admin, query });
  expect(answer.status).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
  adminId = users.body.queryResult.find((u) => u.phoneNumber === adminPhone)?.id ?? 0;
});
afterAll(async () => {
  await server.close();
});

describe('optimistic concurrency', () => {
  it('every row carries a version; each update bumps it; a stale version answers 409 with what changed, by whom and when', async () => {
    const list = await server.call<Row[]>('GET', '/api/Course/GetSelectList', { token: admin });
    expect(list.body.every((row) => row.version >= 1)).toBe(true);

    const created = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course('نسخه‌دار') });
    expect(created.body.version).toBe(1);
    const id = created.body.id;

    // Without a version (the spec's clients) an update overwrites as before, and bumps it.
    const plain = await server.call<Row>('PUT', '/api/Course/Update', { token: admin, body: { ...course('نسخه‌دار ۲'), id } });
    expect(plain.status).toBe(200);
    expect(plain.body.version).toBe(2);

    // Admin A saves with the version it loaded (2)...
    const first = await server.call<Row>('PUT', '/api/Course/Update', {
      token: admin,
      body: { ...course('نسخه‌دار ۳', { priceInTomans: 700_000 }), id, version: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(3);

    // ...admin B, who also loaded version 2, is told who changed what.
    const stale = await raw<Conflict>('PUT', '/api/Course/Update', { ...course('نسخه من'), id, version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/مدیر دیگری/);
    expect(stale.body.conflict.current).toMatchObject({ id, title: 'نسخه‌دار ۳', priceInTomans: 700_000, version: 3 });
    expect(stale.body.conflict.changedFields.sort()).toEqual(['priceInTomans', 'title']);
    expect(stale.body.conflict.changedBy).toEqual({ id: adminId, name: expect.any(String) });
    expect(Date.parse(stale.body.conflict.changedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Nothing was written by the refused save.
    const after = await server.call<Row[]>('GET', '/api/Course/GetSelectList', { token: admin });
    expect(after.body.find((r) => r.id === id)).toMatchObject({ title: 'نسخه‌دار ۳', version: 3 });

    // Overwriting deliberately: the current version.
    const overwrite = await server.call<Row>('PUT', '/api/Course/Update', { token: admin, body: { ...course('نسخه من'), id, version: 3 } });
    expect(overwrite.status).toBe(200);
    expect(overwrite.body).toMatchObject({ title: 'نسخه من', version: 4 });

    const bad = await server.call<{ message: string }>('PUT', '/api/Course/Update', { token: admin, body: { ...course('x'), id, version: 'دو' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('نسخه رکورد نامعتبر است');
  });

  it('two saves of one version at the same moment: exactly one wins', async () => {
    const created = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course('همزمان') });
    const id = created.body.id;
    const answers = await Promise.all(
      ['الف', 'ب', 'پ'].map((title) => raw<Row>('PUT', '/api/Course/Update', { ...course(title), id, version: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('users: a stale role change answers 409 too', async () => {
    await signUpLearner(server, '09360000201');
    const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    const user = users.body.queryResult.find((u) => u.phoneNumber === '09360000201');
    if (!user) throw new Error('no user');
    const body = { userId: user.id, phoneNumber: user.phoneNumber, emailAddress: 'a@example.com', role: 1 };
    const ok = await server.call<Row>('PUT', '/api/User/UpdateByAdmin', { token: admin, body: { ...body, version: user.version } });
    expect(ok.status).toBe(200);
    const stale = await server.call<Conflict>('PUT', '/api/User/UpdateByAdmin', { token: admin, body: { ...body, role: 300, version: user.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict.changedFields).toEqual(['emailAddress']);
  });
});

describe('audit log', () => {
  it('records create, update and delete with who, when, before and after; filters; newest first', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const created = await server.call<Row>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'گزارش‌پذیر', inActive: false, coverImage: '' },
    });
    const id = created.body.id;
    await server.call('PUT', '/api/Category/Update', { token: admin, body: { id, name: 'گزارش‌پذیر ۲', inActive: true, coverImage: '' } });
    await server.call('DELETE', '/api/Category/Delete', { token: admin, body: { id } });

    const page = await audit({ entity: 'categories', recordId: String(id) });
    expect(page.items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, made] = page.items;
    expect(made?.before).toBeNull();
    expect(made?.after).toMatchObject({ id, name: 'گزارش‌پذیر', inActive: false, version: 1 });
    expect(updated?.before).toMatchObject({ name: 'گزارش‌پذیر', inActive: false, version: 1 });
    expect(updated?.after).toMatchObject({ name: 'گزارش‌پذیر ۲', inActive: true, version: 2 });
    expect(deleted?.after).toBeNull();
    expect(deleted?.userId).toBe(adminId);
    expect(page.items.every((e) => e.userName.length > 0 && Date.parse(e.at) >= Date.parse(since))).toBe(true);
    // Only the newest step of a record can be undone: the delete (nothing holds the id).
    expect(page.items.map((e) => e.revertible)).toEqual([true, false, false]);

    expect((await audit({ entity: 'categories', action: 'update', recordId: String(id) })).total).toBe(1);
    expect((await audit({ userId: String(adminId), from: since })).total).toBeGreaterThanOrEqual(3);
    expect((await audit({ from: new Date(Date.now() + 3_600_000).toISOString() })).total).toBe(0);
    expect(page.actors.some((a) => a.id === adminId)).toBe(true);

    const bad = await server.call<{ message: string }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'nothing' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('نوع رکورد نامعتبر است');
  });

  it('users: an entry never holds the password hash', async () => {
    const page = await audit({ entity: 'users' });
    expect(page.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|tokenVersion/);
  });

  it('a refused change leaves no entry (the entry is written in the same transaction)', async () => {
    const before = (await audit()).total;
    const refused = await server.call('DELETE', '/api/User/Delete', { token: admin, body: { id: adminId } });
    expect(refused.status).toBe(409);
    expect((await audit()).total).toBe(before);
  });

  it('reverts an update, a delete (same id) and a create, each audited; refuses when the record changed since', async () => {
    const created = await server.call<Row>('POST', '/api/Teacher/Create', {
      token: admin,
      body: { fullName: 'مدرس بازگشتی', skill: 'رباتیک', descirption: 'شرح', coverImage: 'course-1.webp' },
    });
    const id = created.body.id;
    await server.call('PUT', '/api/Teacher/Update', { token: admin, body: { id, fullName: 'نام اشتباه', skill: 'رباتیک', descirption: 'شرح', coverImage: 'course-1.webp' } });
    const [update] = (await audit({ entity: 'teachers', recordId: String(id), action: 'update' })).items;
    if (!update) throw new Error('no update entry');

    const reverted = await server.call<AuditEntry>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(update.id) } });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ action: 'revert', recordId: id, after: { fullName: 'مدرس بازگشتی', version: 3 } });
    const teachers = await server.call<Row[]>('GET', '/api/Teacher/GetSelectList', { token: admin });
    expect(teachers.body.find((t) => t.id === id)?.fullName).toBe('مدرس بازگشتی');

    // The record moved on (the revert itself changed it): the old entry cannot be applied again.
    const again = await server.call<{ message: string }>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(update.id) } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('امکان بازگرداندن نیست: این رکورد پس از این تغییر دوباره ویرایش شده است');

    await server.call('DELETE', '/api/Teacher/Delete', { token: admin, body: { id } });
    const [deletion] = (await audit({ entity: 'teachers', recordId: String(id), action: 'delete' })).items;
    if (!deletion) throw new Error('no delete entry');
    const restored = await server.call<AuditEntry>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(deletion.id) } });
    expect(restored.status).toBe(200);
    const back = await server.call<Row[]>('GET', '/api/Teacher/GetSelectList', { token: admin });
    expect(back.body.find((t) => t.id === id)).toMatchObject({ fullName: 'مدرس بازگشتی', skill: 'رباتیک' });

    const [creation] = (await audit({ entity: 'teachers', recordId: String(id), action: 'create' })).items;
    if (!creation) throw new Error('no create entry');
    // The create's state is long gone (several versions since).
    expect(creation.revertible).toBe(false);
    const made = await server.call<Row>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'تازه', skill: 'هنر', descirption: 'شرح', coverImage: 'course-1.webp' } });
    expect(made.status).toBe(200);
    const [fresh] = (await audit({ entity: 'teachers', recordId: String(made.body.id) })).items;
    if (!fresh) throw new Error('no create entry');
    const undone = await server.call<AuditEntry>('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: String(fresh.id) } });
    expect(undone.status).toBe(200);
    expect(undone.body.after).toBeNull();
    const gone = await server.call<Row[]>('GET', '/api/Teacher/GetSelectList', { token: admin });
    expect(gone.body.some((t) => t.id === made.body.id)).toBe(false);

    const reverts = await audit({ entity: 'teachers', action: 'revert' });
    expect(reverts.total).toBe(3);
    const missing = await server.call('POST', '/api/Admin/audit/{id}/revert', { token: admin, params: { id: '999999' } });
    expect(missing.status).toBe(404);
  });
});

describe('guards', () => {
  it('an admin cannot delete or demote themself', async () => {
    const self = await server.call<{ message: string }>('DELETE', '/api/User/Delete', { token: admin, body: { id: adminId } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('نمی‌توانید حساب کاربری خودتان را حذف کنید');
    const demote = await server.call<{ message: string }>('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: adminId, phoneNumber: adminPhone, emailAddress: '', role: 1 },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('نمی‌توانید نقش مدیریتی خودتان را تغییر دهید');
    // Editing one's own phone or email stays allowed.
    const own = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: adminId, phoneNumber: adminPhone, emailAddress: 'admin@example.com', role: 300 },
    });
    expect(own.status).toBe(200);
  });

  it('another admin may be demoted while one remains', async () => {
    await signUpLearner(server, '09360000202', 'second-admin-pass-1');
    const users = await server.call<{ queryResult: Row[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    const second = users.body.queryResult.find((u) => u.phoneNumber === '09360000202');
    if (!second) throw new Error('no user');
    const promote = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: admin,
      body: { userId: second.id, phoneNumber: second.phoneNumber, emailAddress: '', role: 300 },
    });
    expect(promote.status).toBe(200);
    const secondToken = await server.signIn('09360000202', 'second-admin-pass-1');
    // The second admin demotes the first: allowed, one admin remains...
    const demoted = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: secondToken,
      body: { userId: adminId, phoneNumber: adminPhone, emailAddress: '', role: 1 },
    });
    expect(demoted.status).toBe(200);
    // ...who cannot then delete or demote themself, the last administrator.
    const last = await server.call<{ message: string }>('DELETE', '/api/User/Delete', { token: secondToken, body: { id: second.id } });
    expect(last.status).toBe(409);
    // Back as it was, for the other tests.
    const restore = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: secondToken,
      body: { userId: adminId, phoneNumber: adminPhone, emailAddress: '', role: 300 },
    });
    expect(restore.status).toBe(200);
  });

  it('a record in use is not deleted, and the answer says what uses it (Persian digits)', async () => {
    const category = await server.call<Row>('POST', '/api/Category/Create', { token: admin, body: { name: 'پرکاربرد', inActive: false, coverImage: '' } });
    for (const title of ['یک', 'دو', 'سه']) {
      const made = await server.call('POST', '/api/Course/Create', { token: admin, body: course(`دوره ${title}`, { categoryId: category.body.id }) });
      expect(made.status).toBe(200);
    }
    const refused = await server.call<{ message: string }>('DELETE', '/api/Category/Delete', { token: admin, body: { id: category.body.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('امکان حذف نیست: ۳ دوره به این دسته‌بندی وابسته است');
    // Deactivating instead is an ordinary update.
    const deactivated = await server.call<Row>('PUT', '/api/Category/Update', {
      token: admin,
      body: { id: category.body.id, name: 'پرکاربرد', inActive: true, coverImage: '', version: category.body.version },
    });
    expect(deactivated.status).toBe(200);
  });

  it('a reference to a record that does not exist is refused with 400 naming the field; 0 (none) is allowed', async () => {
    const missing = await server.call<{ message: string }>('POST', '/api/Course/Create', { token: admin, body: course('بی‌دسته', { categoryId: 987654 }) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('دسته‌بندی انتخاب‌شده وجود ندارد');
    const teacher = await server.call<{ message: string }>('POST', '/api/Course/Create', { token: admin, body: course('بی‌مدرس', { techerId: 987654 }) });
    expect(teacher.status).toBe(400);
    expect(teacher.body.message).toBe('مدرس انتخاب‌شده وجود ندارد');
    const made = await server.call<Row>('POST', '/api/Course/Create', { token: admin, body: course('آزاد') });
    expect(made.status).toBe(200);
    const update = await server.call<{ message: string }>('PUT', '/api/Course/Update', {
      token: admin,
      body: { ...course('آزاد', { categoryId: 987654 }), id: made.body.id },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe('دسته‌بندی انتخاب‌شده وجود ندارد');
  });
});

// @vitest-environment node
// Staff roles against the real server: a teacher's account holding a role that grants its own
// courses without their prices, and their class sessions with the roll. It sees and changes only
// what the role grants (its own rows, no hidden field in any answer), is refused money on every
// path, cannot raise its own role, and a role changed or revoked takes effect on the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grants } from '../../../schema/rules/permissions';
import { staffRole } from '../../../schema/rules/roles';
import { entityGrantFacts } from '../../../schema/entityGrants.gen';
import { courseBody } from '../../support/samples';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let teacher: string;
let roleId: number;
let staffUserId: number;
let ownCourse: number;
let otherCourse: number;
const staffPhone = '09125550001';
const staffPassword = 'staff-pass-for-tests-1';

const teacherGrants: Grants = {
  entities: {
    courses: { verbs: ['read', 'update'], actions: [], hidden: ['priceInTomans', 'earlyBirdPriceInTomans'], readOnly: [], own: true },
    classSessions: { verbs: ['read'], actions: ['roll'], hidden: [], readOnly: [], own: true },
    users: { verbs: ['read', 'update'], actions: [], hidden: ['phoneNumber'], readOnly: [], own: false },
  },
};

async function ok<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  const mine = await ok(server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'مریم مدرس', skill: 'رباتیک', descirption: 'مدرس آزمایشی', coverImage: 'course-1.webp' } }));
  const theirs = await ok(server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'رضا دیگری', skill: 'پایتون', descirption: 'مدرس آزمایشی', coverImage: 'course-1.webp' } }));
  ownCourse = (await ok(server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody('رباتیک مریم', { techerId: mine.id, priceInTomans: 1_500_000 }) }))).id;
  otherCourse = (await ok(server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body: courseBody('پایتون رضا', { techerId: theirs.id, priceInTomans: 2_000_000 }) }))).id;
  roleId = (await ok(server.call<{ id: number }>('POST', '/api/StaffRole/Create', { token: admin, body: { name: 'مدرس آزمایشی', description: '', grants: JSON.stringify(teacherGrants) } }))).id;
  staffUserId = (
    await ok(
      server.call<{ id: number }>('POST', '/api/User/Create', {
        token: admin,
        body: { firstName: 'مریم', lastName: 'مدرس', phoneNumber: staffPhone, emailAddress: '', role: staffRole, password: staffPassword, staffRoleId: roleId, teacherId: mine.id },
      }),
    )
  ).id;
  teacher = await server.signIn(staffPhone, staffPassword);
});
afterAll(async () => {
  await server?.close();
});

describe('a teacher holding a scoped role', () => {
  it('is told its access', async () => {
    const access = await ok(server.call<{ kind: string; roleName: string; teacherId: number | null }>('GET', '/api/Admin/access', { token: teacher }));
    expect(access).toMatchObject({ kind: 'staff', roleName: 'مدرس آزمایشی' });
    expect(access.teacherId).toBeGreaterThan(0);
  });

  it('lists only its own courses, without their prices, whole or paged', async () => {
    const whole = await ok(server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: teacher }));
    expect(whole.map((row) => row.id)).toEqual([ownCourse]);
    expect(whole[0]).not.toHaveProperty('priceInTomans');
    const paged = await ok(server.call<{ items: Array<Record<string, unknown>>; total: number }>('GET', '/api/Course/GetSelectList', { token: teacher, query: { page: '1', pageSize: '10' } }));
    expect(paged.total).toBe(1);
    expect(paged.items[0]).not.toHaveProperty('priceInTomans');
    // The administrator's list is whole, prices and all.
    const all = await ok(server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: admin }));
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining([ownCourse, otherCourse]));
    expect(all[0]).toHaveProperty('priceInTomans');
  });

  it('cannot learn a hidden price by sorting or filtering on it', async () => {
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: teacher, query: { sort: 'priceInTomans' } })).status).toBe(403);
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: teacher, query: { 'f.priceInTomans': '1500000' } })).status).toBe(403);
  });

  it('reads its own course, not another teacher’s, and its export leaves the price out', async () => {
    const own = await ok(server.call<{ record: Record<string, unknown> }>('GET', '/api/Admin/{entity}/{id}', { token: teacher, params: { entity: 'courses', id: String(ownCourse) } }));
    expect(own.record.title).toBe('رباتیک مریم');
    expect(JSON.stringify(own)).not.toContain('1500000');
    expect((await server.call('GET', '/api/Admin/{entity}/{id}', { token: teacher, params: { entity: 'courses', id: String(otherCourse) } })).status).toBe(404);
    const csv = await server.call<string>('GET', '/api/Admin/{entity}/export', { token: teacher, params: { entity: 'courses' } });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('رباتیک مریم');
    expect(String(csv.body)).not.toContain('پایتون رضا');
    expect(String(csv.body)).not.toContain('۱٬۵۰۰٬۰۰۰');
    // Not even the column's header.
    expect(String(csv.body).split('\r\n')[0]).not.toContain('قیمت');
  });

  it('edits its own course without touching the price it cannot see, and is refused setting it', async () => {
    const { record } = await ok(server.call<{ record: Record<string, unknown> }>('GET', '/api/Admin/{entity}/{id}', { token: teacher, params: { entity: 'courses', id: String(ownCourse) } }));
    const { id, ...fields } = record;
    const saved = await server.call<Record<string, unknown>>('PUT', '/api/Course/Update', { token: teacher, body: { ...fields, title: 'رباتیک مریم (ترم بهار)', id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await ok(server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: admin }));
    expect(after.find((row) => row.id === ownCourse)).toMatchObject({ title: 'رباتیک مریم (ترم بهار)', priceInTomans: 1_500_000 });
    const priced = await server.call<{ message: string }>('PUT', '/api/Course/Update', { token: teacher, body: { ...fields, id, priceInTomans: 10 } });
    expect(priced.status).toBe(403);
    expect(priced.body.message).toContain('نقش شما');
    expect((await server.call('PUT', '/api/Course/Update', { token: teacher, body: { ...courseBody('پایتون رضا'), id: otherCourse } })).status).toBe(404);
  });

  it('is refused money on every path: list, record, export, labels, options, bulk, audit of orders', async () => {
    const calls: Array<[string, string, Record<string, string>, Record<string, string>]> = [
      ['GET', '/api/OrderRecord/GetSelectList', {}, {}],
      ['GET', '/api/Admin/{entity}/{id}', { entity: 'orders', id: '1' }, {}],
      ['GET', '/api/Admin/{entity}/export', { entity: 'orders' }, {}],
      ['GET', '/api/Admin/{entity}/labels', { entity: 'orders' }, { ids: '1' }],
      ['GET', '/api/Admin/{entity}/options', { entity: 'orders' }, {}],
      ['POST', '/api/Admin/{entity}/bulk-delete', { entity: 'orders' }, {}],
      ['POST', '/api/OrderRecord/Refund', {}, {}],
      ['GET', '/api/Admin/{entity}/labels', { entity: 'paymentAttempts' }, { ids: '1' }],
    ];
    for (const [method, path, params, query] of calls) {
      const answer = await server.call(method, path, { token: teacher, params, query, ...(method === 'POST' ? { body: { id: 1, ids: [1] } } : {}) });
      expect(answer.status, `${path} ${JSON.stringify(params)}`).toBe(403);
    }
    const audit = await ok(server.call<{ items: Array<{ entity: string }> }>('GET', '/api/Admin/audit', { token: teacher }));
    expect(audit.items.length).toBeGreaterThan(0);
    expect(audit.items.every((entry) => ['courses', 'classSessions', 'users'].includes(entry.entity))).toBe(true);
  });

  it('cannot learn a hidden field through a search, nor through the audit log', async () => {
    const search = await server.call('GET', '/api/User/GetPagedFilter', { token: teacher, query: { q: '0912' } });
    expect(search.status).toBe(403);
    const audit = await ok(server.call<{ items: Array<{ entity: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }> }>('GET', '/api/Admin/audit', { token: teacher, query: { entity: 'courses' } }));
    const courseEntries = audit.items.filter((entry) => entry.after !== null);
    expect(courseEntries.length).toBeGreaterThan(0);
    for (const entry of courseEntries) expect(entry.after).not.toHaveProperty('priceInTomans');
    // The administrator's log keeps them.
    const full = await ok(server.call<{ items: Array<{ after: Record<string, unknown> | null }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'courses' } }));
    expect(full.items.some((entry) => entry.after !== null && 'priceInTomans' in entry.after)).toBe(true);
  });

  it('cannot raise its own role', async () => {
    const answer = await server.call<{ message: string }>('PUT', '/api/User/UpdateByAdmin', {
      token: teacher,
      body: { userId: staffUserId, phoneNumber: staffPhone, emailAddress: '', role: 300 },
    });
    expect(answer.status).toBe(403);
  });

  it('loses what the role loses on its very next call', async () => {
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: teacher })).status).toBe(200);
    const { record: stored } = await ok(server.call<{ record: Record<string, unknown> }>('GET', '/api/Admin/{entity}/{id}', { token: admin, params: { entity: 'staffRoles', id: String(roleId) } }));
    // Saved without a version: each save overwrites, as the spec's clients do.
    const { version: _version, ...role } = stored;
    const revoked: Grants = { entities: {} };
    await ok(server.call('PUT', '/api/StaffRole/Update', { token: admin, body: { ...role, id: roleId, grants: JSON.stringify(revoked) } }));
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: teacher })).status).toBe(403);
    await ok(server.call('PUT', '/api/StaffRole/Update', { token: admin, body: { ...role, id: roleId, grants: JSON.stringify(teacherGrants) } }));
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: teacher })).status).toBe(200);
  });

  it('refuses a role whose grants are not a grant, in Persian', async () => {
    const answer = await server.call<{ message: string }>('POST', '/api/StaffRole/Create', { token: admin, body: { name: 'خراب', description: '', grants: '{"entities":{"courses":{"verbs":["fly"]}}}' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('دسترسی‌ها');
  });
});

describe('the audit log', () => {
  it('names the role each change was made in', async () => {
    const audit = await ok(server.call<{ items: Array<{ userId: number; userRole: string; entity: string }> }>('GET', '/api/Admin/audit', { token: admin, query: { entity: 'courses' } }));
    expect(audit.items.find((entry) => entry.userId === staffUserId)?.userRole).toBe('مدرس آزمایشی');
    expect(audit.items.find((entry) => entry.userId !== staffUserId)?.userRole).toBe('مدیر سیستم');
  });
});

describe('the dashboard', () => {
  it('tells the academy’s day to a role without orders, and no money', async () => {
    const board = await ok(server.call<Record<string, unknown>>('GET', '/api/User/GetDashboardData', { token: teacher }));
    expect(board).toHaveProperty('today');
    expect(board).not.toHaveProperty('money');
    expect(board).not.toHaveProperty('refundDueInTomans');
    // Of the day, only what the role reads: no count of messages it cannot open.
    const adminBoard = await ok(server.call<{ today: { newMessages: number } }>('GET', '/api/User/GetDashboardData', { token: admin }));
    expect(adminBoard.today.newMessages).toBeGreaterThan(0);
    expect(board.today).toMatchObject({ newMessages: 0, seatsOffered: 0 });
    expect(await ok(server.call<Record<string, unknown>>('GET', '/api/User/GetDashboardData', { token: admin }))).toHaveProperty('money');
  });
});

describe('an administrator-only action', () => {
  it('is refused to a role that names it in its grants, and the grid does not offer it', async () => {
    const { record: stored } = await ok(server.call<{ record: Record<string, unknown> }>('GET', '/api/Admin/{entity}/{id}', { token: admin, params: { entity: 'staffRoles', id: String(roleId) } }));
    const { version: _version, ...role } = stored;
    const crafted: Grants = { entities: { ...teacherGrants.entities, users: { verbs: ['read', 'update'], actions: ['resetSecondFactor', 'lock'], hidden: [], readOnly: [], own: false } } };
    await ok(server.call('PUT', '/api/StaffRole/Update', { token: admin, body: { ...role, id: roleId, grants: JSON.stringify(crafted) } }));
    const reset = await server.call<{ message: string }>('POST', '/api/User/ResetSecondFactor', { token: teacher, body: { id: staffUserId } });
    expect(reset.status).toBe(403);
    const offered = entityGrantFacts.find((facts) => facts.key === 'users')?.actions.map(([key]) => key);
    expect(offered).toContain('lock');
    expect(offered).not.toContain('resetSecondFactor');
    await ok(server.call('PUT', '/api/StaffRole/Update', { token: admin, body: { ...role, id: roleId, grants: JSON.stringify(teacherGrants) } }));
  });
});

// @vitest-environment node
// A list's page brings the labels its columns show (the list protocol's `labels`), so the admin's
// table shows its first rows named without a labels call after them; for a staff role it brings
// only what the labels call would give that role: nothing of an entity it may not read, nothing
// through a field it may not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grants } from '../../../schema/rules/permissions';
import { staffRole } from '../../../schema/rules/roles';
import { courseBody, sampleChild } from '../../support/samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let staff: string;
let teacherId: number;
let assistantId: number;
let courseId: number;
let categoryId: number;
let childId: number;
let enrolmentId: number;
const staffPhone = '09125550077';
const staffPassword = 'staff-pass-for-tests-7';

// Courses without their assistant teachers, teachers and children readable; categories and users
// (the parents) not at all.
const grants: Grants = {
  entities: {
    courses: { verbs: ['read'], actions: [], hidden: ['assistantTeacherIds'], readOnly: [], own: false },
    teachers: { verbs: ['read'], actions: [], hidden: [], readOnly: [], own: false },
    children: { verbs: ['read'], actions: [], hidden: [], readOnly: [], own: false },
  },
};

interface Page {
  items: Array<Record<string, unknown> & { id: number }>;
  total: number;
  labels: { references: Record<string, Record<string, string>>; columns: Record<string, Record<string, string>>; names: Record<string, string> };
}

async function ok<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  teacherId = (await ok(server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'سارا برچسب', skill: 'رباتیک', descirption: 'مدرس آزمایشی', coverImage: 'course-1.webp' } }))).id;
  assistantId = (await ok(server.call<{ id: number }>('POST', '/api/Teacher/Create', { token: admin, body: { fullName: 'نیما دستیار', skill: 'پایتون', descirption: 'مدرس آزمایشی', coverImage: 'course-1.webp' } }))).id;
  const categories = await ok(server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin }));
  categoryId = categories[0]?.id ?? 0;
  const body = courseBody('رباتیک برچسب', { techerId: teacherId, assistantTeacherIds: [assistantId], categoryId, capacity: 12 });
  courseId = (await ok(server.call<{ id: number }>('POST', '/api/Course/Create', { token: admin, body }))).id;
  const roleId = (await ok(server.call<{ id: number }>('POST', '/api/StaffRole/Create', { token: admin, body: { name: 'خواننده دوره‌ها', description: '', grants: JSON.stringify(grants) } }))).id;
  await ok(
    server.call('POST', '/api/User/Create', {
      token: admin,
      body: { firstName: 'نگار', lastName: 'خواننده', phoneNumber: staffPhone, emailAddress: '', role: staffRole, password: staffPassword, staffRoleId: roleId },
    }),
  );
  staff = await server.signIn(staffPhone, staffPassword);
  const parent = await signUpLearner(server, '09365550077');
  childId = (await ok(server.call<{ id: number }>('POST', '/api/Children/Create', { token: parent, body: { firstName: 'آوا', lastName: 'برچسب', ...sampleChild } }))).id;
  enrolmentId = (await ok(server.call<{ id: number }>('POST', '/api/EnrollmentRecord/Create', { token: admin, body: { childId, courseId, payment: 'free', amountInTomans: 0, reference: '' } }))).id;
});
afterAll(async () => {
  await server?.close();
});

const firstPage = (token: string) => ok(server.call<Page>('GET', '/api/Course/GetSelectList', { token, query: { page: '1', pageSize: '50', sort: '-id' } }));

describe('a list page', () => {
  it('brings the labels of the records its rows refer to, and its path and many columns, as the labels call gives them', async () => {
    const page = await firstPage(admin);
    const row = page.items.find((item) => item.id === courseId);
    expect(row).toMatchObject({ techerId: teacherId, assistantTeacherIds: [assistantId], categoryId });
    // The teacher and the assistant (a many-to-many column) alike, by the referenced entity.
    expect(page.labels.references.teachers).toMatchObject({ [String(teacherId)]: 'سارا برچسب', [String(assistantId)]: 'نیما دستیار' });
    const category = await ok(server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'categories' }, query: { ids: String(categoryId) } }));
    expect(page.labels.references.categories?.[String(categoryId)]).toBe(category.labels[String(categoryId)]);
    // The seats column (enrolments counted of the capacity), keyed by the course's own id.
    const seats = await ok(server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'courses' }, query: { ids: String(courseId), many: 'enrollments.courseId.seats' } }));
    expect(page.labels.columns.seats?.[String(courseId)]).toBe(seats.labels[String(courseId)]);
    // Every referenced record of the page is named: none is left for a call after the rows.
    for (const item of page.items) {
      if (typeof item.techerId === 'number' && item.techerId > 0) expect(page.labels.references.teachers).toHaveProperty(String(item.techerId));
      expect(page.labels.references.categories).toHaveProperty(String(item.categoryId));
    }
  });

  it('brings a staff role nothing of an entity it may not read, nor through a field it may not see', async () => {
    const page = await firstPage(staff);
    const row = page.items.find((item) => item.id === courseId);
    expect(row).toMatchObject({ techerId: teacherId, categoryId });
    expect(row).not.toHaveProperty('assistantTeacherIds');
    // The labels call would refuse it the categories; the page has their entry, empty.
    expect((await server.call('GET', '/api/Admin/{entity}/labels', { token: staff, params: { entity: 'categories' }, query: { ids: String(categoryId) } })).status).toBe(403);
    expect(page.labels.references.categories).toEqual({});
    // Teachers it reads, but the assistants' field is hidden from it: only the teacher is named.
    expect(page.labels.references.teachers?.[String(teacherId)]).toBe('سارا برچسب');
    expect(JSON.stringify(page.labels)).not.toContain('نیما دستیار');
  });

  it('names no record of an entity the role may not read at the end of a path (a child’s parent)', async () => {
    const parentOf = (token: string) =>
      server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token, params: { entity: 'children' }, query: { ids: String(childId), path: 'userId' } });
    expect((await ok(parentOf(admin))).labels[String(childId)]).toContain('نگار');
    expect((await ok(parentOf(staff))).labels).toEqual({});
  });

  it('brings the names of its rows when they are made of other records’ names (an enrolment: child and course)', async () => {
    const page = await ok(server.call<Page>('GET', '/api/EnrollmentRecord/GetSelectList', { token: admin, query: { page: '1', pageSize: '50' } }));
    const named = await ok(server.call<{ labels: Record<string, string> }>('GET', '/api/Admin/{entity}/labels', { token: admin, params: { entity: 'enrollments' }, query: { ids: String(enrolmentId) } }));
    expect(page.labels.names[String(enrolmentId)]).toBe(named.labels[String(enrolmentId)]);
    expect(page.labels.names[String(enrolmentId)]).toContain('رباتیک برچسب');
    // A course is named by its own title: its page brings no names.
    expect((await firstPage(admin)).labels.names).toEqual({});
  });
});

// @vitest-environment node
// Against the real server on SQLite, or PostgreSQL with TEST_DATABASE=postgres: the dashboard's
// today (GET /api/User/GetDashboardData → today) counts the academy's day in Tehran: the sessions
// dated today in the order they start (yesterday's and tomorrow's left out, a cancelled one
// marked), the messages not yet read and the seats offered and not yet taken.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyDayOf, academyDayStart, dayKey, nextDay } from '../../../schema/rules/calendar';
import { dropDatabaseFor, rawSql, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer({ keepData: true });
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  if (!server) return;
  await server.app.close();
  rmSync(server.dataDir, { recursive: true, force: true });
  if (usePostgres) await dropDatabaseFor(server.dataDir);
});

interface Today {
  day: string;
  sessions: Array<{ id: number; courseId: number; courseTitle: string; startTime: string; endTime: string; cancelled: boolean }>;
  newMessages: number;
  seatsOffered: number;
}
type Dashboard = { today: Today; refundDueOrders: number; money: { today: { paidOrders: number } } };

const dashboard = async () => {
  const answer = await server.call<Dashboard>('GET', '/api/User/GetDashboardData', { token: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

describe("the dashboard's today", () => {
  it('lists the Tehran day’s sessions by start time and counts new messages and offered seats', async () => {
    const before = await dashboard();
    const today = academyDayOf(Date.now());
    expect(before.today.day).toBe(dayKey(today));
    const yesterday = academyDayOf(academyDayStart(today).getTime() - 1);
    const dayAt = (day: typeof today) => academyDayStart(day).toISOString();
    const title = 'دوره آزمایشی امروز';
    await rawSql(server.dataDir, `insert into courses ("id", "title", "createdAt", "slug") values (7701, '${title}', '${new Date().toISOString()}', 'today-test-course')`);
    const sessions: Array<[number, string, string, string, string]> = [
      // id, date, start, end, status
      [7711, dayAt(today), '16:00', '17:30', 'scheduled'],
      [7712, dayAt(today), '09:00', '10:00', 'scheduled'],
      [7713, dayAt(today), '12:00', '13:00', 'cancelled'],
      [7714, dayAt(yesterday), '09:00', '10:00', 'scheduled'],
      [7715, dayAt(nextDay(today)), '09:00', '10:00', 'scheduled'],
    ];
    for (const [id, date, start, end, status] of sessions) {
      await rawSql(server.dataDir, `insert into class_sessions ("id", "courseId", "date", "startTime", "endTime", "status") values (${id}, 7701, '${date}', '${start}', '${end}', '${status}')`);
    }
    const sent = new Date().toISOString();
    await rawSql(server.dataDir, `insert into contact_messages ("fullName", "phoneNumber", "message", "status", "createdAt") values
      ('پیام تازه', '09120000001', 'سلام', 'new', '${sent}'), ('پیام خوانده', '09120000002', 'سلام', 'read', '${sent}')`);
    await rawSql(server.dataDir, `insert into children ("id", "userId", "firstName", "lastName", "birthDate", "grade") values (7721, 1, 'کودک', 'یک', null, 'سوم'), (7722, 1, 'کودک', 'دو', null, 'سوم')`);
    await rawSql(server.dataDir, `insert into waitlist_entries ("courseId", "childId", "status", "joinedAt", "offeredAt") values
      (7701, 7721, 'offered', '${sent}', '${sent}'), (7701, 7722, 'waiting', '${sent}', null)`);

    const after = await dashboard();
    const ours = after.today.sessions.filter((session) => session.courseId === 7701);
    expect(ours).toEqual([
      { id: 7712, courseId: 7701, courseTitle: title, startTime: '09:00', endTime: '10:00', cancelled: false },
      { id: 7713, courseId: 7701, courseTitle: title, startTime: '12:00', endTime: '13:00', cancelled: true },
      { id: 7711, courseId: 7701, courseTitle: title, startTime: '16:00', endTime: '17:30', cancelled: false },
    ]);
    expect(after.today.newMessages).toBe(before.today.newMessages + 1);
    expect(after.today.seatsOffered).toBe(before.today.seatsOffered + 1);
  });
});

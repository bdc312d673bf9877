// @vitest-environment node
// A teacher's day with the account the seed makes for them (role «مدرس», their own courses): they
// take the roll of their own session and mark it all present, and are told nothing of another
// teacher's session, of money or of refunds. The seed prints their phone and password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: string;
let teacher: string;

interface Session {
  id: number;
  courseId: number;
  status: string;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
  const password = /password (\S+)/.exec(server.printed.find((line) => line.startsWith('Staff sign-in')) ?? '')?.[1];
  const phone = server.printed.map((line) => /^ {2}مدرس: .+: phone (09\d{9})$/.exec(line)?.[1]).find((found) => found !== undefined);
  if (!password || !phone) throw new Error(`no teacher account printed: ${server.printed.join('\n')}`);
  teacher = await server.signIn(phone, password);
});
afterAll(async () => {
  await server?.close();
});

const sessionsOf = async (token: string) => {
  const answer = await server.call<Session[]>('GET', '/api/ClassSession/GetSelectList', { token });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe("a teacher's day", () => {
  it('takes the roll of its own session and marks everyone present', async () => {
    const own = (await sessionsOf(teacher)).filter((session) => session.status === 'scheduled');
    expect(own.length).toBeGreaterThan(0);
    const all = await sessionsOf(admin);
    expect(own.length).toBeLessThan(all.length);
    const [session] = own;
    if (!session) throw new Error('no session');
    const roll = await server.call<{ record: { id: number } }>('POST', '/api/ClassSession/Roll', { token: teacher, body: { id: session.id } });
    expect(roll.status, roll.text).toBe(200);
    const present = await server.call('POST', '/api/ClassSession/AllPresent', { token: teacher, body: { id: session.id } });
    expect(present.status, present.text).toBe(200);
    const marks = await server.call<Array<{ sessionId: number; status: string }>>('GET', '/api/Attendance/GetSelectList', { token: teacher });
    expect(marks.status).toBe(200);
    // Only its own sessions' marks are its to see.
    const ownIds = new Set((await sessionsOf(teacher)).map((s) => s.id));
    expect(marks.body.some((mark) => mark.sessionId === session.id)).toBe(true);
    expect(marks.body.every((mark) => ownIds.has(mark.sessionId))).toBe(true);
  });

  it("is told nothing of another teacher's session, and nothing of money", async () => {
    const ownIds = new Set((await sessionsOf(teacher)).map((session) => session.id));
    const other = (await sessionsOf(admin)).find((session) => !ownIds.has(session.id) && session.status === 'scheduled');
    if (!other) throw new Error('every session is this teacher’s');
    expect((await server.call('POST', '/api/ClassSession/Roll', { token: teacher, body: { id: other.id } })).status).toBe(404);
    expect((await server.call('GET', '/api/Admin/{entity}/{id}', { token: teacher, params: { entity: 'classSessions', id: String(other.id) } })).status).toBe(404);
    expect((await server.call('POST', '/api/OrderRecord/Refund', { token: teacher, body: { id: 1 } })).status).toBe(403);
    expect((await server.call('GET', '/api/OrderRecord/GetSelectList', { token: teacher })).status).toBe(403);
    const courses = await server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: teacher });
    expect(courses.status).toBe(200);
    expect(courses.body.length).toBeGreaterThan(0);
    for (const course of courses.body) expect(course).not.toHaveProperty('priceInTomans');
  });
});

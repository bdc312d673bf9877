// @vitest-environment node
// Ending sessions: sign-out ends the token used, sign-out everywhere every
// token of that user, a password change every other token. Two servers share one database here
// (as two processes behind a load balancer would), each with its caches warmed first, so a
// session ended through one must be refused by the other on the very next call.
import Database from 'better-sqlite3';
import { decodeJwt } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-sessions-'));
let a: TestServer;
let b: TestServer;
let admin: string;

beforeAll(async () => {
  a = await startServer({ dataDir });
  b = await startServer({ dataDir });
  admin = await a.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await a.close();
  await b.close();
  if (usePostgres) await dropDatabaseFor(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The status of GET /api/Me with this token on each server, in order [a, b]. */
async function meOn(token: string): Promise<[number, number]> {
  const [onA, onB] = await Promise.all([a.call('GET', '/api/Me', { token }), b.call('GET', '/api/Me', { token })]);
  return [onA.status, onB.status];
}

describe('ending sessions', () => {
  it("sign-out refuses that token at once, on this server and another one, and leaves the user's other sessions working", async () => {
    const first = await signUpLearner(a, '09381110001', 'learner-pass-123');
    const second = await b.signIn('09381110001', 'learner-pass-123');
    expect(decodeJwt(first).sid).not.toBe(decodeJwt(second).sid);
    expect(await meOn(first)).toEqual([200, 200]); // both servers have now checked (and kept) it
    const out = await a.call<{ ended: number }>('POST', '/api/Auth/SignOut', { token: first });
    expect(out.status).toBe(200);
    expect(out.body.ended).toBe(1);
    expect(await meOn(first)).toEqual([401, 401]);
    expect(await meOn(second)).toEqual([200, 200]);
    expect((await b.call('POST', '/api/Auth/SignOut', { token: first })).status).toBe(401);

    // The session row is the sign-in history: when, from where, with what, and how it ended.
    if (!usePostgres) {
      const db = new Database(path.join(dataDir, 'academy.sqlite'), { readonly: true });
      try {
        const rows = db.prepare('select id, endedAt, endedBy, userAgent, address from sessions where userId = ? order by id').all(Number(decodeJwt(first).sub));
        expect(rows).toMatchObject([
          { id: decodeJwt(first).sid, endedBy: 'signOut', address: '127.0.0.1' },
          { id: decodeJwt(second).sid, endedAt: null, endedBy: null, address: '127.0.0.1' },
        ]);
        expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ userAgent: expect.stringMatching(/\S/) })]));
      } finally {
        db.close();
      }
    }
  });

  it("sign-out everywhere refuses every token of that user, and nobody else's", async () => {
    const other = await signUpLearner(a, '09381110002');
    const first = await signUpLearner(a, '09381110003', 'learner-pass-123');
    const second = await a.signIn('09381110003', 'learner-pass-123');
    expect(await meOn(first)).toEqual([200, 200]);
    expect(await meOn(second)).toEqual([200, 200]);
    expect(await meOn(other)).toEqual([200, 200]);
    const out = await b.call<{ ended: number }>('POST', '/api/Auth/SignOutEverywhere', { token: second });
    expect(out.status).toBe(200);
    expect(out.body.ended).toBe(2);
    expect(await meOn(first)).toEqual([401, 401]);
    expect(await meOn(second)).toEqual([401, 401]);
    expect(await meOn(other)).toEqual([200, 200]);
    expect((await a.call('GET', '/api/User/GetDashboardData', { token: admin })).status).toBe(200);
    // Signing in again opens a new session that works.
    expect(await meOn(await a.signIn('09381110003', 'learner-pass-123'))).toEqual([200, 200]);
  });

  it('a password change refuses the old tokens and the old password, and answers a token that works', async () => {
    const first = await signUpLearner(a, '09381110004', 'old-password-1');
    const second = await b.signIn('09381110004', 'old-password-1');
    expect(await meOn(first)).toEqual([200, 200]);
    expect(await meOn(second)).toEqual([200, 200]);

    const refusals: Array<[unknown, string | RegExp]> = [
      [{ currentPassword: 'wrong-password-1', newPassword: 'new-password-1' }, 'رمز عبور فعلی درست نیست'],
      [{ currentPassword: 'old-password-1', newPassword: 'short' }, 'رمز عبور جدید باید دست‌کم ۸ نویسه باشد'],
      [{ currentPassword: 'old-password-1', newPassword: 'x'.repeat(129) }, 'رمز عبور جدید حداکثر ۱۲۸ نویسه است'],
      [{ currentPassword: 'old-password-1', newPassword: 'old-password-1' }, 'رمز عبور جدید باید با رمز عبور فعلی فرق داشته باشد'],
      [{ newPassword: 'new-password-1' }, 'رمز عبور فعلی ارسال نشده است'],
      [['not an object'], /شیء/],
    ];
    for (const [body, message] of refusals) {
      const answer = await a.call<{ message: string }>('POST', '/api/Auth/ChangePassword', { token: first, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await meOn(first)).toEqual([200, 200]); // a refused change ends nothing

    const changed = await a.call<{ accessToken: string }>('POST', '/api/Auth/ChangePassword', {
      token: first,
      body: { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.accessToken;
    // The same session goes on under a token of the new version.
    expect(decodeJwt(fresh).sid).toBe(decodeJwt(first).sid);
    expect(await meOn(first)).toEqual([401, 401]);
    expect(await meOn(second)).toEqual([401, 401]);
    expect(await meOn(fresh)).toEqual([200, 200]);

    const oldPassword = await a.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: '09381110004', password: 'old-password-1' } });
    expect(oldPassword.status).toBe(401);
    expect(await meOn(await b.signIn('09381110004', 'new-password-1'))).toEqual([200, 200]);
  });

  it('limits wrong current passwords, so a stolen token cannot guess its way to the account', async () => {
    const token = await signUpLearner(a, '09381110005', 'right-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await a.call('POST', '/api/Auth/ChangePassword', { token, body: { currentPassword: `guess-${i}-password`, newPassword: 'taken-over-123' } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Refused even with the right password until the window passes; the session itself goes on.
    const right = await a.call('POST', '/api/Auth/ChangePassword', { token, body: { currentPassword: 'right-password-1', newPassword: 'taken-over-123' } });
    expect(right.status).toBe(429);
    expect(await meOn(token)).toEqual([200, 200]);
  });
});

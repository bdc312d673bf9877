// @vitest-environment node
// An administrator's edits of an account follow sign-up's rules: the phone
// is an Iranian mobile, required and stored as 09xxxxxxxxx; the email is stored in lower case
// and may not repeat another account's in any letter case. Otherwise an edit leaves an account
// with no identifier, or one whose email can never sign in.
import Database from 'better-sqlite3';
import { decodeJwt } from 'jose';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor, usePostgres } from '../../support/postgres-db';
import { adminPassword, adminPhone, startServer, type TestServer } from '../../support/server';

interface UserRow {
  id: number;
  phoneNumber: string;
  emailAddress: string;
  role: number;
  version: number;
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn(adminPhone, adminPassword);
});
afterAll(async () => {
  await server.close();
});

async function signUp(phoneNumber: string, emailAddress: string, password = 'learner-pass-123'): Promise<number> {
  const code = await server.sendCode(phoneNumber, 'signUp');
  const answer = await server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
    body: { firstName: 'کاربر', lastName: 'آزمایشی', phoneNumber, emailAddress, password, code },
  });
  expect(answer.status).toBe(200);
  return Number(decodeJwt(answer.body.accessToken).sub);
}

const edit = (userId: number, fields: Partial<Pick<UserRow, 'phoneNumber' | 'emailAddress' | 'role'>>, base: Pick<UserRow, 'phoneNumber' | 'emailAddress'>) =>
  server.call<UserRow & { message: string }>('PUT', '/api/User/UpdateByAdmin', {
    token: admin,
    body: { userId, phoneNumber: base.phoneNumber, emailAddress: base.emailAddress, role: 1, ...fields },
  });

/** Runs SQL on the server's database as another program would, below the API's validators. */
async function rawSql(text: string, params: unknown[]): Promise<void> {
  if (usePostgres) {
    const client = new pg.Client({ connectionString: await databaseFor(server.dataDir) });
    await client.connect();
    try {
      await client.query(text.replace(/\?/g, (_, offset: number) => `$${text.slice(0, offset).split('?').length}`), params);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(server.dataDir, 'academy.sqlite'));
  try {
    db.prepare(text).run(...params);
  } finally {
    db.close();
  }
}

describe('admin edits of accounts', () => {
  it('refuses an email that differs from another account’s only in letter case (409, Persian)', async () => {
    await signUp('09391110001', 'foo@example.com');
    const other = await signUp('09391110002', '');
    const clash = await edit(other, { emailAddress: 'Foo@Example.com' }, { phoneNumber: '09391110002', emailAddress: '' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('ایمیل تکراری است');

    // An address stored in another case before this rule (by an older version, or by hand) is
    // still found: the comparison itself ignores case.
    await signUp('09391110003', '');
    await rawSql('update users set "emailAddress" = ? where "phoneNumber" = ?', ['Legacy@Example.COM', '09391110003']);
    const legacy = await edit(other, { emailAddress: 'legacy@example.com' }, { phoneNumber: '09391110002', emailAddress: '' });
    expect(legacy.status).toBe(409);
    expect(legacy.body.message).toBe('ایمیل تکراری است');
  });

  it('stores an email typed in capitals in lower case, and the account signs in with it', async () => {
    const id = await signUp('09391110004', '', 'capital-pass-123');
    const saved = await edit(id, { emailAddress: '  New.Person@Example.COM ' }, { phoneNumber: '09391110004', emailAddress: '' });
    expect(saved.status).toBe(200);
    expect(saved.body.emailAddress).toBe('new.person@example.com');
    const token = await server.signIn('NEW.Person@example.com', 'capital-pass-123');
    expect(decodeJwt(token).sub).toBe(String(id));
  });

  it('refuses an empty or malformed phone with a Persian 400, and stores Persian digits as 09… in Latin ones', async () => {
    const id = await signUp('09391110005', '');
    const base = { phoneNumber: '09391110005', emailAddress: '' };
    const refusals: Array<[string, string | RegExp]> = [
      ['', 'شماره تلفن الزامی است'],
      ['   ', 'شماره تلفن الزامی است'],
      ['12345', /شماره تلفن باید به شکل/],
      ['021-5555-1234', /شماره تلفن باید به شکل/],
    ];
    for (const [phoneNumber, message] of refusals) {
      const answer = await edit(id, { phoneNumber }, base);
      expect(answer.status, JSON.stringify(phoneNumber)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const persian = await edit(id, { phoneNumber: '۰۹۳۹۱۱۱۰۰۰۹' }, base);
    expect(persian.status).toBe(200);
    expect(persian.body.phoneNumber).toBe('09391110009');
    const international = await edit(id, { phoneNumber: '+98 939 111 0008' }, base);
    expect(international.body.phoneNumber).toBe('09391110008');
    const users = await server.call<{ queryResult: UserRow[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    expect(users.body.queryResult.find((u) => u.id === id)?.phoneNumber).toBe('09391110008');
  });

  it('a CSV import follows the same rules: emails stored in lower case, case-blind duplicates refused', async () => {
    const imported = await server.call<{ created: number; rejected: Array<{ line: number; message: string }> }>('POST', '/api/Admin/{entity}/import', {
      token: admin,
      params: { entity: 'users' },
      rawBody: ['phoneNumber,emailAddress,role', '۰۹۳۹۱۱۱۰۰۱۰,Imported@Example.COM,1'].join('\n'),
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(1);
    const users = await server.call<{ queryResult: UserRow[] }>('GET', '/api/User/GetPagedFilter', { token: admin });
    expect(users.body.queryResult.find((u) => u.phoneNumber === '09391110010')?.emailAddress).toBe('imported@example.com');
    const again = await server.call<{ created: number; rejected: Array<{ line: number; message: string }> }>('POST', '/api/Admin/{entity}/import', {
      token: admin,
      params: { entity: 'users' },
      rawBody: ['phoneNumber,emailAddress,role', '09391110011,IMPORTED@example.com,1', ',,1'].join('\n'),
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    expect(again.body.created).toBe(0);
    expect(again.body.rejected.map((r) => r.line)).toEqual([2, 3]);
    expect(again.body.rejected.every((r) => /[\u0600-\u06ff]/.test(r.message))).toBe(true);
  });
});

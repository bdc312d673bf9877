// @vitest-environment node
import { decodeJwt, SignJWT } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInSchema } from '../../../schema/rules/forms/signInRules';
import { SignUpCodeSchema } from '../../../schema/rules/forms/signUpRules';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('sign-up and sign-in', () => {
  it('the API refuses every body its form refuses, in the form’s words', async () => {
    const signUp = { firstName: 'سارا', lastName: 'رضایی', phoneNumber: '09121110000', emailAddress: '', password: 'learner-pass-123', code: '123456' };
    const cases: Array<[string, v.GenericSchema, Record<string, unknown>]> = [
      ['/api/Auth/SignIn', SignInSchema, { username: '', password: 'x' }],
      ['/api/Auth/SignIn', SignInSchema, { username: '09121110000', password: 'p'.repeat(129) }],
      ['/api/Auth/SignUp', SignUpCodeSchema, { ...signUp, password: 'short' }],
      ['/api/Auth/SignUp', SignUpCodeSchema, { ...signUp, phoneNumber: '02112345678' }],
      ['/api/Auth/SignUp', SignUpCodeSchema, { ...signUp, firstName: 'ن'.repeat(101) }],
      ['/api/Auth/SignUp', SignUpCodeSchema, { ...signUp, code: '12' }],
    ];
    for (const [path, schema, body] of cases) {
      const form = v.safeParse(schema, body);
      expect(form.success, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(false);
      const answer = await server.call<{ message: string }>('POST', path, { body });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toContain(form.issues?.[0]?.message ?? '—');
    }
  });

  it('signs up with Persian digits, answers a token for role User, and signs in by mobile and email', async () => {
    const code = await server.sendCode('09351234567', 'signUp');
    const up = await server.call<{ accessToken: string }>('POST', '/api/Auth/SignUp', {
      body: { firstName: 'سارا', lastName: 'نوری', phoneNumber: '۰۹۳۵۱۲۳۴۵۶۷', emailAddress: 'Sara@Example.com', password: 'long-enough-1', code },
    });
    expect(up.status).toBe(200);
    const claims = decodeJwt(up.body.accessToken);
    expect(claims.role).toBe('User');
    expect(typeof claims.sub).toBe('string');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);

    const me = await server.call<{ phoneNumber: string; role: number; emailAddress: string }>('GET', '/api/Me', { token: up.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ phoneNumber: '09351234567', role: 1, emailAddress: 'sara@example.com' });
    expect(JSON.stringify(me.body)).not.toContain('passwordHash');

    const byEmail = await server.signIn('sara@example.com', 'long-enough-1');
    expect(decodeJwt(byEmail).sub).toBe(claims.sub);

    // "Already registered" is told to the phone's holder only: with a code it received.
    const taken = await server.call<{ message: string }>('POST', '/api/Auth/SignUp', {
      body: { firstName: 'الف', lastName: 'ب', phoneNumber: adminPhone, password: 'long-enough-2', code: await server.sendCode(adminPhone, 'signUp') },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('این شماره موبایل قبلاً ثبت شده است');
  });

  it('refuses invalid sign-up bodies with a Persian message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ lastName: 'ب', phoneNumber: '09350000001', password: 'long-enough-1' }, /نام/],
      [{ firstName: 'الف', lastName: 'ب', phoneNumber: '12345', password: 'long-enough-1' }, /موبایل/],
      [{ firstName: 'الف', lastName: 'ب', phoneNumber: '09350000001', password: 'short' }, /رمز عبور/],
      [{ firstName: 'الف', lastName: 'ب', phoneNumber: '09350000001', password: 'x'.repeat(129) }, /رمز عبور/],
      [{ firstName: 'الف', lastName: 'ب', phoneNumber: 9350000001, password: 'long-enough-1' }, /موبایل/],
      [['not', 'an', 'object'], /شیء/],
    ];
    for (const [body, message] of cases) {
      const answer = await server.call<{ message: string }>('POST', '/api/Auth/SignUp', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('answers the same message for an unknown account and a wrong password, then limits attempts', async () => {
    const unknown = await server.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: '09359999999', password: 'whatever-123' } });
    const wrong = await server.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: adminPhone, password: 'wrong-password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('نام کاربری یا رمز عبور اشتباه است');
    expect(unknown.body.message).toBe(wrong.body.message);

    // The admin account has one failure already; four more reach the limit of five.
    for (let i = 0; i < 4; i++) {
      const answer = await server.call('POST', '/api/Auth/SignIn', { body: { username: adminPhone, password: `wrong-${i}-pass` } });
      expect(answer.status).toBe(401);
    }
    const limited = await server.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: adminPhone, password: adminPassword } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('تعداد تلاش‌های ناموفق زیاد است؛ چند دقیقه دیگر دوباره تلاش کنید');
    // Persian digits name the same account, so they do not get around the limit.
    const persian = await server.call('POST', '/api/Auth/SignIn', { body: { username: '۰۹۱۲۰۰۰۰۰۰۰', password: adminPassword } });
    expect(persian.status).toBe(429);
  });

  it('rejects forged, expired and tampered tokens', async () => {
    const token = await signUpLearner(server, '09350000002');
    expect((await server.call('GET', '/api/Me', { token })).status).toBe(200);
    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await server.call('GET', '/api/Me', { token: none })).status).toBe(401);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), role: 'Administrator', sub: '1' })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: tampered })).status).toBe(401);
    const otherKey = await new SignJWT({ role: 'Administrator', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-enough-length-123'));
    expect((await server.call('GET', '/api/Course/GetSelectList', { token: otherKey })).status).toBe(401);
    const anonymous = await server.call<{ message: string }>('GET', '/api/Me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/وارد/);
  });
});

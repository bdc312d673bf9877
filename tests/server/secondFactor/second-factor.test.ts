// @vitest-environment node
// The panel's second factor with PANEL_SECOND_FACTOR=required, against the real server on SQLite
// or PostgreSQL: a password alone reaches the learner's calls but no panel call (403 naming what
// to do), enrolment with an authenticator app, codes used once and limited per account, recovery
// codes spent once, and the administrator's audited reset. Codes are computed here from the
// secret the server showed, as the app would.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { adminPassword, adminPhone, codeFromLog, signUpLearner, startServer, type TestServer } from '../../support/server';

let server: TestServer;

interface Refusal {
  message: string;
  secondFactor?: 'enrol' | 'verify';
}
interface Status {
  state: string;
  totp: boolean;
  recoveryCodesLeft: number;
}

const codeAt = (secret: string, at = Date.now()) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const panel = (token: string) => server.call<Refusal>('GET', '/api/Admin/access', { token });
const verify = (token: string, code: string) => server.call<Status & Refusal>('POST', '/api/Auth/SecondFactor/Verify', { token, body: { code } });

/** Enrols an authenticator for the token's account: its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[]; firstCode: string }> {
  const started = await server.call<{ secret: string; uri: string; qrSvg: string }>('POST', '/api/Auth/SecondFactor/Totp', { token });
  expect(started.status, started.text).toBe(200);
  const { secret } = started.body;
  const firstCode = codeAt(secret);
  const confirmed = await server.call<{ recoveryCodes: string[] }>('POST', '/api/Auth/SecondFactor/Totp/Confirm', { token, body: { code: firstCode } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes, firstCode };
}

beforeAll(async () => {
  server = await startServer({ panelSecondFactor: 'required' });
});

afterAll(async () => {
  await server.close();
});

describe('the panel second factor (required)', () => {
  let admin = '';
  let secret = '';
  let recoveryCodes: string[] = [];
  let firstCode = '';

  it('answers a password-only session of a panel account with 403 and the marker, while its own calls work', async () => {
    admin = await server.signIn(adminPhone, adminPassword);
    const refused = await panel(admin);
    expect(refused.status).toBe(403);
    expect(refused.body.secondFactor).toBe('enrol');
    expect(refused.body.message).toContain('ورود دومرحله‌ای');
    expect((await server.call('GET', '/api/Me', { token: admin })).status).toBe(200);
    const status = await server.call<Status>('GET', '/api/Auth/SecondFactor', { token: admin });
    expect(status.body).toMatchObject({ state: 'enrol', totp: false, recoveryCodesLeft: 0 });
    // A learner has no second factor to enrol.
    const learner = await signUpLearner(server, '09127779876');
    const notApplicable = await server.call<Refusal>('POST', '/api/Auth/SecondFactor/Totp', { token: learner });
    expect(notApplicable.status).toBe(400);
  });

  it('enrols with a QR code drawn on the server and a first code, then opens the panel', async () => {
    const started = await server.call<{ secret: string; uri: string; qrSvg: string }>('POST', '/api/Auth/SecondFactor/Totp', { token: admin });
    expect(started.body.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    const wrong = await server.call<Refusal>('POST', '/api/Auth/SecondFactor/Totp/Confirm', { token: admin, body: { code: codeAt(started.body.secret, Date.now() - 10 * 60_000) } });
    expect(wrong.status).toBe(400);
    expect((await panel(admin)).status).toBe(403);
    ({ secret, recoveryCodes, firstCode } = await enrol(admin));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await panel(admin)).status).toBe(200);
  });

  it('asks every new session to verify, and refuses a code already used (replay)', async () => {
    const next = await server.signIn(adminPhone, adminPassword);
    const refused = await panel(next);
    expect(refused.body.secondFactor).toBe('verify');
    // A password alone cannot swap the factor for another.
    expect((await server.call('POST', '/api/Auth/SecondFactor/Totp', { token: next })).status).toBe(403);
    // The enrolment's own code, replayed (Persian digits as typed on a phone).
    const replayed = await verify(next, firstCode.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d));
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toContain('قبلاً');
    // The next step's code (the app a little ahead) passes once…
    const ahead = codeAt(secret, Date.now() + 30_000);
    const passed = await verify(next, ahead);
    expect(passed.status, passed.text).toBe(200);
    expect(passed.body.state).toBe('passed');
    expect((await panel(next)).status).toBe(200);
    // …and never again, in another session.
    const third = await server.signIn(adminPhone, adminPassword);
    expect((await verify(third, ahead)).status).toBe(400);
    expect((await panel(third)).status).toBe(403);
  });

  it('spends a recovery code once', async () => {
    const session = await server.signIn(adminPhone, adminPassword);
    const code = recoveryCodes[0] ?? '';
    expect((await verify(session, code.toUpperCase())).status).toBe(200);
    expect((await panel(session)).status).toBe(200);
    const status = await server.call<Status>('GET', '/api/Auth/SecondFactor', { token: session });
    expect(status.body.recoveryCodesLeft).toBe(9);
    const again = await server.signIn(adminPhone, adminPassword);
    expect((await verify(again, code)).status).toBe(400);
    expect((await panel(again)).status).toBe(403);
  });

  it("lets an administrator reset another panel account's factor, audited, and that account must enrol again", async () => {
    const created = await server.call<{ id: number }>('POST', '/api/User/Create', {
      token: admin,
      body: { firstName: 'سارا', lastName: 'دومرحله', phoneNumber: '09127771234', emailAddress: '', role: 300, staffRoleId: 0, teacherId: 0, password: 'second-admin-pass-1' },
    });
    expect(created.status, created.text).toBe(200);
    const other = await server.signIn('09127771234', 'second-admin-pass-1');
    await enrol(other);
    expect((await panel(other)).status).toBe(200);
    const reset = await server.call('POST', '/api/User/ResetSecondFactor', { token: admin, body: { id: created.body.id } });
    expect(reset.status, reset.text).toBe(200);
    // The session that had passed no longer counts as having passed: the factor it passed is gone.
    const after = await panel(other);
    expect(after.status).toBe(403);
    expect(after.body.secondFactor).toBe('enrol');
    const audit = await server.call<{ items: Array<{ entity: string; recordId: number; revertRefusal: string | null }> }>('GET', '/api/Admin/audit', {
      token: admin,
      query: { entity: 'users', recordId: String(created.body.id) },
    });
    expect(audit.body.items.some((entry) => entry.revertRefusal?.includes('عامل دوم'))).toBe(true);
  });

  it('limits wrong codes per account: the sixth attempt is refused even with the right code', async () => {
    // The account reset above, enrolled again: no failure counted against it yet.
    const first = await server.signIn('09127771234', 'second-admin-pass-1');
    const { secret: fresh } = await enrol(first);
    const session = await server.signIn('09127771234', 'second-admin-pass-1');
    const valid = [-30_000, 0, 30_000].map((shift) => codeAt(fresh, Date.now() + shift));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code)) ?? '';
    for (let i = 0; i < 5; i += 1) expect((await verify(session, wrong)).status).toBe(400);
    const limited = await verify(session, codeAt(fresh, Date.now() + 30_000));
    expect(limited.status).toBe(429);
    expect((await panel(session)).status).toBe(403);
  });

  it('a password recovered with the link and its SMS code still opens no panel without the factor', async () => {
    const users = await server.call<{ items: Array<{ id: number; phoneNumber: string }> }>('GET', '/api/User/GetPagedFilter', { token: admin, query: { page: '1', q: '09127771234' } });
    const other = users.body.items.find((user) => user.phoneNumber === '09127771234');
    const issued = await server.call<{ notice?: string }>('POST', '/api/User/ResetPassword', { token: admin, body: { id: other?.id } });
    const token = /\/auth\/reset\/([A-Za-z0-9_-]{43})/.exec(issued.body.notice ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect((await server.call('POST', '/api/Auth/SendResetLinkCode', { body: { token } })).status).toBe(200);
    const code = codeFromLog(server.printed, '09127771234') ?? '';
    const reset = await server.call('POST', '/api/Auth/ResetPassword', { body: { token, newPassword: 'recovered-pass-2', code } });
    expect(reset.status, reset.text).toBe(200);
    const recovered = await server.signIn('09127771234', 'recovered-pass-2');
    const refused = await panel(recovered);
    expect(refused.status).toBe(403);
    expect(refused.body.secondFactor).toBe('verify');
  });

  it('refuses a production start with the factor only offered', () => {
    const production = { NODE_ENV: 'production', PAYMENT_SANDBOX: '1' };
    expect(configFromEnv(production).panelSecondFactor).toBe('required');
    expect(() => configFromEnv({ ...production, PANEL_SECOND_FACTOR: 'offered' })).toThrow(/PANEL_SECOND_FACTOR=offered/);
    expect(configFromEnv({}).panelSecondFactor).toBe('offered');
  });
});

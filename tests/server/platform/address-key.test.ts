// @vitest-environment node
// Per-address limits and IPv6: a home or phone connection on IPv6 is handed a whole /64 and may
// use any of its addresses, so every per-address limit keys a client by addressKey (server/
// limits.ts): IPv6 by its /64, IPv4-mapped IPv6 as the IPv4 address. Against the real server
// (SQLite or PostgreSQL) with TRUST_PROXY=1, so X-Forwarded-For names each request's client.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../../server/platform/config';
import { contactTexts, maxPerAddress } from '../../../server/features/catalogue/contact';
import { codeTexts } from '../../../server/features/identity/oneTimeCodes';
import { addressBudgets, addressKey, addressKeys, codeLimits, lineBudgetTimes, resetMailLimits, signInLimits } from '../../../server/platform/limits';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

describe('addressKey', () => {
  it.each([
    // IPv4: as it is.
    ['198.51.100.7', '198.51.100.7'],
    [' 198.51.100.7 ', '198.51.100.7'],
    // IPv6: the /64, however it is written.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:AAAA:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:0:0:0:0', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['1::', '1:0:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
    // IPv4-mapped IPv6 (a dual-stack socket's IPv4 client): the IPv4 address.
    ['::ffff:192.0.2.33', '192.0.2.33'],
    ['::FFFF:192.0.2.33', '192.0.2.33'],
    ['0:0:0:0:0:ffff:c000:221', '192.0.2.33'],
    ['::ffff:c000:221', '192.0.2.33'],
    // Not an address (Fastify never gives one): kept, so a key is always made.
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('counts an IPv6 client under its /56 as well, with lineBudgetTimes the budget; IPv4 under one key', () => {
    expect(addressKeys('2001:db8:abcd:12ab::1')).toEqual(['2001:db8:abcd:12ab::/64', '2001:db8:abcd:1200::/56']);
    expect(addressKeys('2001:db8:abcd:12ff:ffff::1')[1]).toBe('2001:db8:abcd:1200::/56');
    expect(addressKeys('2001:db8:abcd:1300::1')[1]).toBe('2001:db8:abcd:1300::/56');
    expect(addressKeys('::ffff:192.0.2.33')).toEqual(['192.0.2.33']);
    expect(addressKeys('198.51.100.7')).toEqual(['198.51.100.7']);
    expect(addressBudgets('pair', '2001:db8::1', 5, '|0912')).toEqual([
      { bucket: 'pair:2001:db8:0:0::/64|0912', limit: 5 },
      { bucket: 'pair:2001:db8:0:0::/56|0912', limit: 5 * lineBudgetTimes },
    ]);
    expect(addressBudgets('ip', '198.51.100.7', 20)).toEqual([{ bucket: 'ip:198.51.100.7', limit: 20 }]);
  });

  it('gives two addresses of one /64 one key, and of neighbouring /64s two', () => {
    expect(addressKey('2001:db8:abcd:12::1')).toBe(addressKey('2001:db8:abcd:12:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:abcd:12::1')).not.toBe(addressKey('2001:db8:abcd:13::1'));
    expect(addressKey('2001:db8:abcd:12::1')).not.toBe(addressKey('2001:db8:abcd:112::1'));
  });
});

describe('per-address limits count an IPv6 /64 as one address, and its /56 as one line', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('wrong passwords: addresses of one /64 share the budget, another /64 has its own', async () => {
    const phone = '09371000001';
    await signUpLearner(server, phone, 'right-password-1');
    const wrong = (address: string) => server.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'wrong-password' }, headers: from(address) });
    // Each try from another address of the same /64, as a client hopping addresses would.
    for (let i = 1; i <= signInLimits.perAccountAndAddress; i += 1) expect((await wrong(`2001:db8:77:1::${i.toString(16)}`)).status).toBe(401);
    const hopped = await wrong('2001:db8:77:1:dead:beef:0:1');
    expect(hopped.status).toBe(429);
    // The owner on another connection (another /64) is not refused.
    expect((await wrong('2001:db8:77:2::1')).status).toBe(401);
    const owner = await server.call('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'right-password-1' }, headers: from('2001:db8:77:2::2') });
    expect(owner.status).toBe(200);
  });

  it('the contact form: one /64 is one sender; an IPv4-mapped address is its IPv4 address', async () => {
    const send = (address: string) =>
      server.call<{ message: string }>('POST', '/api/Contact', {
        body: { fullName: 'آزمون شش', phoneNumber: '09371000002', message: 'پیامی برای آزمون محدودیت نشانی' },
        headers: from(address),
      });
    for (let i = 1; i <= maxPerAddress; i += 1) expect((await send(`2001:db8:88:1:${i}::1`)).status).toBe(200);
    const over = await send('2001:db8:88:1::abc');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(contactTexts.tooMany);
    expect((await send('2001:db8:88:2::1')).status).toBe(200);

    for (let i = 1; i <= maxPerAddress; i += 1) expect((await send('::ffff:198.51.100.44')).status).toBe(200);
    expect((await send('198.51.100.44')).status).toBe(429);
  });

  // A home line or a tunnel hands out a /56 (or more): its 256 /64s are one client's, not 256.
  it('code SMS: 25 /64s of one /56 share one budget (lineBudgetTimes × one address\'s), another /56 has its own', async () => {
    const line = (i: number) => `2001:db8:5600:${(0x10 + i).toString(16)}::${i + 1}`;
    const send = (i: number, phone: string) => server.call<{ message: string }>('POST', '/api/Auth/SendCode', { body: { phoneNumber: phone, purpose: 'signIn' }, headers: from(line(i % 25)) });
    let accepted = 0;
    let refused: { status: number; body: { message: string } } | undefined;
    for (let i = 0; i < 25 * 2 && !refused; i += 1) {
      const answer = await send(i, `0937${String(2000000 + i)}`);
      if (answer.status === 200) accepted += 1;
      else refused = answer;
    }
    expect(accepted).toBe(codeLimits.perAddress * lineBudgetTimes);
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toBe(codeTexts.addressTooMany);
    // A /64 of the line not used yet is refused too; the next /56 is another client.
    expect((await server.call('POST', '/api/Auth/SendCode', { body: { phoneNumber: '09373000001', purpose: 'signIn' }, headers: from('2001:db8:5600:ff::1') })).status).toBe(429);
    expect((await server.call('POST', '/api/Auth/SendCode', { body: { phoneNumber: '09373000002', purpose: 'signIn' }, headers: from('2001:db8:5600:100::1') })).status).toBe(200);
  });

  it('reset mail: 25 /64s of one /56 share one budget', async () => {
    const ask = (i: number) =>
      server.call('POST', '/api/Auth/SendResetLink', { body: { emailAddress: `line-${i}@example.com` }, headers: from(`2001:db8:5800:${(0x30 + (i % 25)).toString(16)}::1`) });
    const statuses: number[] = [];
    for (let i = 0; i < 25 * 2; i += 1) statuses.push((await ask(i)).status);
    const allowed = resetMailLimits.perAddress * lineBudgetTimes;
    expect(statuses.filter((status) => status === 200)).toHaveLength(allowed);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
  });

  it('wrong passwords: 25 /64s of one /56 share one budget at an account', async () => {
    const phone = '09371000004';
    await signUpLearner(server, phone, 'right-password-1');
    const wrong = (i: number) => server.call<{ message: string }>('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'wrong-password' }, headers: from(`2001:db8:5700:${(0x20 + (i % 25)).toString(16)}::1`) });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await wrong(i)).status);
    const allowed = signInLimits.perAccountAndAddress * lineBudgetTimes;
    expect(statuses.slice(0, allowed)).toEqual(Array<number>(allowed).fill(401));
    expect(new Set(statuses.slice(allowed))).toEqual(new Set([429]));
    // The owner on another line gets in.
    expect((await server.call('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'right-password-1' }, headers: from('2001:db8:5700:100::1') })).status).toBe(200);
  });

  it('the sign-in history keeps the full address, not its /64', async () => {
    const phone = '09371000003';
    await signUpLearner(server, phone, 'right-password-1');
    const signedIn = await server.call('POST', '/api/Auth/SignIn', { body: { username: phone, password: 'right-password-1' }, headers: from('2001:db8:99:1:1234:5678:9abc:def0') });
    expect(signedIn.status).toBe(200);
    const admin = await server.signIn(adminPhone, adminPassword);
    const sessions = await server.call<Array<{ address: string }>>('GET', '/api/Session/GetSelectList', { token: admin });
    expect(sessions.status).toBe(200);
    expect(sessions.body.map((session) => session.address)).toContain('2001:db8:99:1:1234:5678:9abc:def0');
  });
});

// Many addresses together (a botnet, or lines each within its own budget) still meet one ceiling:
// the site's code SMS an hour (SMS_PER_HOUR), whose crossing is an alert line for the operator.
describe('the site-wide hourly ceiling of code SMS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: 1, smsPerHour: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses codes past it with a Persian 429, from any address, and alerts once', async () => {
    const alerts: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void alerts.push(String(line)));
    try {
      const send = (i: number) =>
        server.call<{ message: string }>('POST', '/api/Auth/SendCode', { body: { phoneNumber: `0937400000${i}`, purpose: 'signIn' }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      for (let i = 0; i < 3; i += 1) expect((await send(i)).status).toBe(200);
      expect(alerts).toEqual([]);
      for (let i = 3; i < 6; i += 1) {
        const refused = await send(i);
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe(codeTexts.siteTooMany);
      }
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatch(/^ALERT sms-ceiling: 3 code SMS were sent within the last hour \(SMS_PER_HOUR\)/);
      // Nothing was sent past it.
      expect(server.printed.filter((line) => line.startsWith('SMS to '))).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('is read from SMS_PER_HOUR, default codeLimits.sitePerHour; a bad value stops the start', () => {
    expect(configFromEnv({}).smsPerHour).toBe(codeLimits.sitePerHour);
    expect(configFromEnv({ SMS_PER_HOUR: '50' }).smsPerHour).toBe(50);
    for (const bad of ['0', '-3', 'many']) expect(() => configFromEnv({ SMS_PER_HOUR: bad }), bad).toThrow(/SMS_PER_HOUR/);
  });
});

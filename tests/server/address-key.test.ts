// @vitest-environment node
// Per-address limits and IPv6: a home or phone connection on IPv6 is handed a whole /64 and may
// use any of its addresses, so every per-address limit keys a client by addressKey (server/
// limits.ts): IPv6 by its /64, IPv4-mapped IPv6 as the IPv4 address. Against the real server
// (SQLite or PostgreSQL) with TRUST_PROXY=1, so X-Forwarded-For names each request's client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactTexts, maxPerAddress } from '../../server/features/catalogue/contact';
import { addressKey, signInLimits } from '../../server/platform/limits';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../support/server';

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

  it('gives two addresses of one /64 one key, and of neighbouring /64s two', () => {
    expect(addressKey('2001:db8:abcd:12::1')).toBe(addressKey('2001:db8:abcd:12:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:abcd:12::1')).not.toBe(addressKey('2001:db8:abcd:13::1'));
    expect(addressKey('2001:db8:abcd:12::1')).not.toBe(addressKey('2001:db8:abcd:112::1'));
  });
});

describe('per-address limits count an IPv6 /64 as one address', () => {
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

// @vitest-environment node
// Abuse of sign-in and sign-up: an attacker cannot lock the owner out and
// the owner hears of the attack; correct sign-ins at the same moment all succeed; sign-up answers
// "already registered" (only to whoever holds the phone's code) and creates
// accounts only within a per-address budget, and hashes one password at a time; behind a proxy the client is the address the proxy saw, never a forged one.
// The server runs with TRUST_PROXY=1, so each request's address is the right-most
// X-Forwarded-For entry (item 4 proves that is the one the proxy appended).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountDelayMs } from '../../server/features/identity/auth';
import { authTexts } from '../../server/features/identity/authTexts';
import { parseTrustProxy } from '../../server/platform/config';
import { contactTexts } from '../../server/features/catalogue/contact';
import { signInLimits, signUpLimits } from '../../server/platform/limits';
import { adminPassword, adminPhone, codeFromLog, startServer, type Answer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ trustProxy: 1 });
});
afterAll(async () => {
  vi.useRealTimers();
  await server.close();
});

interface SignedIn {
  accessToken: string;
  failedSignIns?: number;
  lastFailedSignInAt?: string;
}

let requestsSent = 0;
let serverErrors = 0;
const count = <T,>(answer: Answer<T>): Answer<T> => {
  requestsSent += 1;
  if (answer.status >= 500) serverErrors += 1;
  return answer;
};

/** `forged` is what a client may write itself; `address` is what the proxy appends. */
const signIn = async (username: string, password: string, address: string, forged?: string) =>
  count(
    await server.call<SignedIn | { message: string }>('POST', '/api/Auth/SignIn', {
      body: { username, password },
      headers: { 'x-forwarded-for': forged ? `${forged}, ${address}` : address },
    }),
  );

/**
 * The phone's sign-up code (read from the server's log, where SMS go in tests). A number gets one
 * code a minute: when it had one just now, the clock (Date only) is moved on past that wait.
 */
async function signUpCode(phoneNumber: string, address: string): Promise<string> {
  const ask = () => server.call<{ retryAfterSeconds?: number }>('POST', '/api/Auth/SendCode', { body: { phoneNumber, purpose: 'signUp' }, headers: { 'x-forwarded-for': address } });
  let answer = count(await ask());
  if (answer.status === 429 && answer.body.retryAfterSeconds) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + answer.body.retryAfterSeconds * 1000);
    answer = count(await ask());
  }
  expect(answer.status, answer.text).toBe(200);
  const code = codeFromLog(server.printed, phoneNumber);
  if (!code) throw new Error(`no code for ${phoneNumber}`);
  return code;
}

const signUp = async (phoneNumber: string, address: string, emailAddress = '', code?: string) =>
  count(
    await server.call<SignedIn | { message: string }>('POST', '/api/Auth/SignUp', {
      body: { firstName: 'نوید', lastName: 'آزمون', phoneNumber, emailAddress, password: 'Abuse-test-pass-1', code: code ?? (await signUpCode(phoneNumber, address)) },
      headers: { 'x-forwarded-for': address },
    }),
  );

const message = (answer: Answer<unknown>): string =>
  typeof answer.body === 'object' && answer.body !== null && 'message' in answer.body && typeof answer.body.message === 'string'
    ? answer.body.message
    : '';

const timed = async <T,>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

afterAll(() => {
  console.log(`abuse suite: ${requestsSent} requests sent, ${serverErrors} answered 5xx`);
});

describe('item 1: lockout abuse', () => {
  it('slows an account under attack by at most a few seconds and never refuses it (unit)', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(signInLimits.accountSlowFrom - 1)).toBe(0);
    expect(accountDelayMs(signInLimits.accountSlowFrom)).toBe(signInLimits.accountDelayStepMs);
    expect(accountDelayMs(signInLimits.accountSlowFrom + 3)).toBe(4 * signInLimits.accountDelayStepMs);
    expect(accountDelayMs(1_000_000)).toBe(signInLimits.accountDelayMaxMs);
  });

  it("an attacker guessing the administrator's password from two addresses, forging X-Forwarded-For, cannot keep the owner out; the owner is told", async () => {
    const attackers = ['198.51.100.1', '198.51.100.2'];
    const owner = '203.0.113.50';
    let guesses = 0;
    let refused = 0;
    for (const [a, attacker] of attackers.entries()) {
      for (let i = 0; i < signInLimits.perAccountAndAddress; i += 1) {
        // A different forged left-most entry each time: the limit follows the appended address.
        const answer = await signIn(adminPhone, `wrong-guess-${a}-${i}`, attacker, `10.${a}.0.${i + 1}`);
        expect(answer.status).toBe(401);
        guesses += 1;
      }
      for (const password of ['wrong-guess-more', adminPassword]) {
        const answer = await signIn(adminPhone, password, attacker, `10.${a}.9.9`);
        expect(answer.status).toBe(429);
        expect(message(answer)).toBe(authTexts.tooMany);
        refused += 1;
      }
    }
    // The account has had 10 failures: the owner waits a little, and gets in.
    const failures = attackers.length * signInLimits.perAccountAndAddress;
    const { value: ownerAnswer, ms } = await timed(() => signIn(adminPhone, adminPassword, owner));
    expect(ownerAnswer.status).toBe(200);
    expect(ownerAnswer.body).toMatchObject({ failedSignIns: failures });
    const body = ownerAnswer.body;
    const at = 'lastFailedSignInAt' in body ? body.lastFailedSignInAt : undefined;
    expect(Number.isNaN(Date.parse(at ?? ''))).toBe(false);
    expect(ms).toBeGreaterThanOrEqual(accountDelayMs(failures) - 20);
    // Told once: the next sign-in has nothing to report.
    const again = await signIn(adminPhone, adminPassword, owner);
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('failedSignIns');
    console.log(
      `lockout abuse: ${guesses} wrong passwords tried from ${attackers.length} addresses, ${refused} further attempts refused (429), ` +
        `owner signed in (200) from their own address after ${ms.toFixed(0)} ms, told of ${failures} failures`,
    );
  });
});

describe('item 2: correct sign-ins at the same moment', () => {
  it('8 parallel correct sign-ins of one account from one address all succeed; 15 parallel wrong ones get at most 5 checks', async () => {
    const address = '203.0.113.60';
    expect((await signUp('09331110001', '203.0.113.61')).status).toBe(200);
    const correct = await Promise.all(Array.from({ length: 8 }, () => signIn('09331110001', 'Abuse-test-pass-1', address)));
    expect(correct.map((a) => a.status)).toEqual(Array<number>(8).fill(200));

    const wrongAddress = '203.0.113.62';
    const wrong = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn('09331110001', `Wrong-burst-${i}`, wrongAddress)));
    const statuses = wrong.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(signInLimits.perAccountAndAddress);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await signIn('09331110001', 'Abuse-test-pass-1', wrongAddress)).status).toBe(429);
    console.log(
      `parallel sign-ins: 8 correct at once → ${correct.filter((a) => a.status === 200).length} × 200; ` +
        `15 wrong at once → ${statuses.filter((s) => s === 401).length} checked (401), ${statuses.filter((s) => s === 429).length} refused (429)`,
    );
  });
});

describe('item 3: sign-up oracle and flood', () => {
  it('answers "already registered" (to the holder of the phone\'s code) three times per address an hour, then refuses every number alike and creates nothing', async () => {
    const address = '203.0.113.70';
    expect((await signUp('09331110010', address, 'owner-of-10@example.com')).status).toBe(200);
    const probes = [
      await signUp('09331110010', address),
      await signUp(adminPhone, address),
      await signUp('09331110011', address, 'owner-of-10@example.com'),
    ];
    expect(probes.map((a) => a.status)).toEqual([409, 409, 409]);
    expect(probes.map(message)).toEqual([authTexts.phoneTaken, authTexts.phoneTaken, authTexts.emailTaken]);
    expect(signUpLimits.takenAnswersPerAddress).toBe(probes.length);
    // Now a registered number and a free one get the same answer, and the free one is not created.
    const registered = await signUp('09331110010', address);
    const free = await signUp('09331110012', address);
    for (const answer of [registered, free]) {
      expect(answer.status).toBe(429);
      expect(message(answer)).toBe(authTexts.signUpTooMany);
    }
    expect((await signIn('09331110012', 'Abuse-test-pass-1', '203.0.113.71')).status).toBe(401);
    // Another address is unaffected.
    expect((await signUp('09331110012', '203.0.113.72')).status).toBe(200);
    console.log(`sign-up oracle: ${probes.length} "already registered" answers, then registered and free numbers both 429`);
  });

  it(`creates at most ${signUpLimits.perAddress} accounts per address an hour`, async () => {
    const address = '203.0.113.80';
    const statuses: number[] = [];
    for (let i = 0; i < signUpLimits.perAddress; i += 1) statuses.push((await signUp(`093311120${String(i).padStart(2, '0')}`, address)).status);
    expect(statuses).toEqual(Array<number>(signUpLimits.perAddress).fill(200));
    const over = await signUp('09331112099', address);
    expect(over.status).toBe(429);
    expect(message(over)).toBe(authTexts.signUpTooMany);
    expect((await signIn('09331112099', 'Abuse-test-pass-1', '203.0.113.81')).status).toBe(401);
    console.log(`sign-up per address: ${statuses.length} accepted, the next refused (429)`);
  });

  it('a flood of 12 simultaneous sign-ups from 12 addresses hashes one at a time, refuses the excess, and sign-in still answers', async () => {
    const baseline = await timed(() => signIn('09331110001', 'Abuse-test-pass-1', '203.0.113.90'));
    expect(baseline.value.status).toBe(200);
    // Each with its phone's code, asked for first: the sign-ups themselves arrive at once.
    const numbers = Array.from({ length: 12 }, (_, i) => ({ phone: `093311130${String(i).padStart(2, '0')}`, address: `192.0.2.${i + 1}` }));
    const codes: string[] = [];
    for (const { phone, address } of numbers) codes.push(await signUpCode(phone, address));
    const flood = numbers.map(({ phone, address }, i) => timed(() => signUp(phone, address, '', codes[i])));
    // Started while the flood is being hashed.
    const during = timed(() => signIn('09331110001', 'Abuse-test-pass-1', '203.0.113.91'));
    const answers = await Promise.all(flood);
    const signInDuring = await during;
    const statuses = answers.map((a) => a.value.status);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(signUpLimits.hashConcurrency + signUpLimits.hashQueue);
    for (const answer of answers.filter((a) => a.value.status === 429)) expect(message(answer.value)).toBe(authTexts.signUpBusy);
    expect(signInDuring.value.status).toBe(200);
    console.log(
      `sign-up flood: 12 sent at once, ${accepted} hashed (one at a time), ${12 - accepted} refused (429); ` +
        `sign-in ${baseline.ms.toFixed(0)} ms before, ${signInDuring.ms.toFixed(0)} ms during; slowest sign-up ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms`,
    );
  });
});

describe('item 4: client addresses behind a proxy', () => {
  const contact = (target: TestServer, xff: string | undefined) =>
    target.call('POST', '/api/Contact', {
      body: { fullName: 'پیام آزمون', phoneNumber: '09121234567', emailAddress: '', message: 'سلام، این یک پیام آزمایشی است.' },
      headers: xff ? { 'x-forwarded-for': xff } : {},
    });

  it('TRUST_PROXY is a hop count or a list of proxy addresses; "true" and nonsense stop the start', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,loopback, ::1')).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1']);
    for (const wrong of ['true', 'yes', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/2', '99']) expect(() => parseTrustProxy(wrong)).toThrow(/TRUST_PROXY/);
  });

  it('with one proxy trusted, a client forging the left-most X-Forwarded-For is limited by the address the proxy appended', async () => {
    const real = '203.0.113.100';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push(count(await contact(server, `1.2.3.${i + 1}, ${real}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The same forged entries behind another real address are a different client.
    expect(count(await contact(server, `1.2.3.1, 203.0.113.101`)).status).toBe(200);
    console.log(`trusted proxy (1 hop): ${statuses.length} contact posts with forged left-most entries, limited after 5`);
  });

  it('without TRUST_PROXY the header is ignored; with an address list only the listed proxy is believed', async () => {
    const direct = await startServer();
    const listed = await startServer({ trustProxy: ['127.0.0.1'] });
    const other = await startServer({ trustProxy: ['10.9.9.9'] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push(count(await contact(direct, `198.51.100.${i + 1}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(message(await contact(direct, '198.51.100.200'))).toBe(contactTexts.tooMany);

      // The peer (127.0.0.1) is the listed proxy: the entry it appended is the client.
      for (let i = 0; i < 5; i += 1) expect(count(await contact(listed, `1.2.3.4, 203.0.113.110`)).status).toBe(200);
      expect(count(await contact(listed, `9.9.9.9, 203.0.113.110`)).status).toBe(429);
      expect(count(await contact(listed, `1.2.3.4, 203.0.113.111`)).status).toBe(200);

      // The peer is not the listed proxy: its X-Forwarded-For is not believed at all.
      for (let i = 0; i < 5; i += 1) expect(count(await contact(other, `203.0.113.${120 + i}`)).status).toBe(200);
      expect(count(await contact(other, '203.0.113.130')).status).toBe(429);
      console.log('proxy addresses: header ignored without TRUST_PROXY (6th post 429 whatever the header), believed only from a listed proxy');
    } finally {
      await Promise.all([direct.close(), listed.close(), other.close()]);
    }
  });
});

// @vitest-environment node
// The slow phone: the sign-in, sign-up and contact forms are on screen
// seconds before their scripts; a plain form post made in that gap (urlencoded, as a browser
// sends it) is answered by the server with the page rendered again, through the very API
// operation the scripted form calls, so its messages and limits are the API's. Typed values are
// kept (never a password), answers are `no-store`, nothing personal goes into an address, a
// session is handed to the app inside the page, and a post from another site is refused.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiToken, type Stack, startStack, waitForCode } from '../e2e/harness';

let stack: Stack;
let admin = '';

beforeAll(async () => {
  stack = await startStack();
  admin = await apiToken(stack, stack.adminPhone, stack.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

interface Posted {
  status: number;
  html: string;
  headers: Headers;
}

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> | null = null): Promise<Posted> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      ...(headers ?? { origin: stack.baseUrl }),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

async function apiMessage(path: string, body: Record<string, string>): Promise<{ status: number; message: string }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = v.parse(v.object({ message: v.string() }), await response.json());
  return { status: response.status, message: answer.message };
}

async function storedMessages(): Promise<{ fullName: string; message: string }[]> {
  const response = await fetch(`${stack.baseUrl}/api/Contact/GetSelectList`, { headers: { authorization: `Bearer ${admin}` } });
  return v.parse(v.array(v.object({ fullName: v.string(), message: v.string() })), await response.json());
}

/** The page is a real one: rendered by the server, private, with no address change. */
function expectPrivatePage(answer: Posted) {
  expect(answer.headers.get('content-type')).toContain('text/html');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('location')).toBeNull();
  expect(answer.html).toMatch(/<html lang="fa" dir="rtl">/);
}

/** The attribute value of `name`'s input (or text of its textarea) as rendered. */
function fieldValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (input) return /value="([^"]*)"/.exec(input)?.[1] ?? '';
  const textarea = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  return textarea ? (textarea[1] ?? '') : null;
}

const handoff = /<meta name="session-handoff" content="([^"]+)" data-destination="([^"]+)"([^>]*)>/;

describe('the forms are posted to the server, not sent as GETs', () => {
  it('renders each form with method="post" and its own page as the action', async () => {
    for (const [path, action] of [
      ['/auth/sign-in?redirect=%2Fdashboard%2Fcart', '/auth/sign-in?redirect=%2Fdashboard%2Fcart'],
      ['/auth/sign-up', '/auth/sign-up'],
      ['/auth/sign-in?with=code', '/auth/sign-in?with=code'],
      ['/auth/forgot', '/auth/forgot'],
      ['/auth/forgot?with=email', '/auth/forgot?with=email'],
      ['/contact-us', '/contact-us#contact-form-title'],
    ] as const) {
      const html = await (await fetch(`${stack.baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
      const form = /<form[^>]*class="form"[^>]*>/.exec(html)?.[0] ?? '';
      expect(form, path).toContain('method="post"');
      expect(form, path).toContain(`action="${action}"`);
    }
  });
});

describe('sign-in posted as a plain form', () => {
  it('answers a wrong password with the API message on the page, the username kept and the password not', async () => {
    const wrong = { username: stack.adminPhone, password: 'not-the-password-4821' };
    const api = await apiMessage('/api/Auth/SignIn', wrong);
    const answer = await post('/auth/sign-in', wrong);
    expectPrivatePage(answer);
    expect(answer.status).toBe(api.status);
    expect(answer.html).toMatch(new RegExp(`<div class="status status--error" role="alert">${api.message}</div>`));
    expect(fieldValue(answer.html, 'username')).toBe(stack.adminPhone);
    expect(fieldValue(answer.html, 'password')).toBe('');
    expect(answer.html).not.toContain(wrong.password);
    expect(answer.html).not.toMatch(handoff);
  });

  it('names an empty field beside it, as the scripted form does, without calling the API', async () => {
    const answer = await post('/auth/sign-in', { username: '۰۹۱۲ ۰۰۰', password: '' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('<p id="field-password-error" class="field__error">رمز عبور الزامی است</p>');
    expect(fieldValue(answer.html, 'username')).toBe('۰۹۱۲ ۰۰۰');
  });

  it('signs in with the right password: the page carries the token for the app and sends an admin on', async () => {
    const answer = await post('/auth/sign-in?redirect=%2Fadmin%2Fcourses', { username: stack.adminPhone, password: stack.adminPassword });
    expectPrivatePage(answer);
    expect(answer.status).toBe(200);
    const [, token = '', destination, report = ''] = handoff.exec(answer.html) ?? [];
    expect(destination).toBe('/admin/courses');
    // The wrong passwords of the test above reach the owner, as after a scripted sign-in.
    expect(report).toMatch(/ data-failed-sign-ins="[1-9][0-9]*" data-last-failed-at="\d{4}-\d{2}-\d{2}T[^"]+"/);
    expect(answer.html).toContain('ورود انجام شد');
    // Its one script stores the session and leaves; the page starts no islands.
    expect(answer.html).toMatch(/<script type="module" crossorigin src="\/assets\/handoff-[\w-]+\.js"><\/script>/);
    expect(answer.html).not.toContain('data-entry=');
    const me = await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });
});

describe('sign-up posted as a plain form', () => {
  const person = { firstName: 'مهسا', lastName: 'کریمی', emailAddress: '', password: 'form-post-pass-1' };

  it('answers an invalid phone beside the field, the names kept and the password not', async () => {
    const answer = await post('/auth/sign-up', { ...person, phoneNumber: '12345' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد');
    expect(fieldValue(answer.html, 'firstName')).toBe(person.firstName);
    expect(fieldValue(answer.html, 'phoneNumber')).toBe('12345');
    expect(answer.html).not.toContain(person.password);
  });

  it('answers a phone the API refuses with the API status and message, once its code is given', async () => {
    const taken = { ...person, phoneNumber: stack.adminPhone };
    // The first step sends the code to any number alike (the page says nothing of the account).
    const logged = stack.sms.messages.length;
    const first = await post('/auth/sign-up', taken);
    expect(first.status).toBe(200);
    expect(fieldValue(first.html, 'code')).toBe('');
    const code = await waitForCode(stack, stack.adminPhone, logged);
    const answer = await post('/auth/sign-up', { ...taken, code, step: 'verify' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('این شماره موبایل قبلاً ثبت شده است');
    expect(answer.html).not.toMatch(handoff);
    expect(answer.html).not.toContain(code);
  });

  it('signs the new learner up and in in two posts (the details, then the phone’s code), towards the dashboard', async () => {
    const logged = stack.sms.messages.length;
    const first = await post('/auth/sign-up', { ...person, phoneNumber: '۰۹۳۵۱۲۳۴۵۶۷' });
    expectPrivatePage(first);
    expect(first.status).toBe(200);
    // The code step: the details kept (as hidden fields), the password not, the code asked for.
    expect(first.html).toContain('کد ۶ رقمی به شماره ۰۹۳۵۱۲۳۴۵۶۷ پیامک شد');
    expect(fieldValue(first.html, 'firstName')).toBe(person.firstName);
    expect(fieldValue(first.html, 'password')).toBe('');
    const codeInput = /<input[^>]*name="code"[^>]*>/.exec(first.html)?.[0] ?? '';
    // (HTML attribute names know no case; React writes them as its props are spelt.)
    expect(codeInput).toMatch(/ autocomplete="one-time-code"/i);
    expect(codeInput).toMatch(/ inputmode="numeric"/i);
    expect(first.html).not.toContain(person.password);
    expect(first.html).not.toMatch(handoff);
    const code = await waitForCode(stack, '09351234567', logged);
    const wrong = await post('/auth/sign-up', { ...person, phoneNumber: '09351234567', code: '000000', step: 'verify' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).not.toMatch(handoff);
    expect(fieldValue(wrong.html, 'code')).toBe('');
    const persianCode = code.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d)));
    const answer = await post('/auth/sign-up', { ...person, phoneNumber: '09351234567', code: persianCode, step: 'verify' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(200);
    const [, token = '', destination] = handoff.exec(answer.html) ?? [];
    expect(destination).toBe('/dashboard');
    const me = await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${token}` } });
    expect(v.parse(v.object({ firstName: v.string() }), await me.json()).firstName).toBe(person.firstName);
  });
});

describe('one-time codes posted as plain forms', () => {
  const learner = { phoneNumber: '09357654321', password: 'code-post-pass-1' };
  beforeAll(async () => {
    const signedUp = await apiSignUp(stack, { firstName: 'یاسمن', lastName: 'کدی', ...learner });
    if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status}`);
  });

  it('signs in by code: the number (code step shown), then the code (a session handed over)', async () => {
    const logged = stack.sms.messages.length;
    const sent = await post('/auth/sign-in?with=code&redirect=%2Fdashboard%2Fcart', { phoneNumber: '۰۹۳۵۷۶۵۴۳۲۱', step: 'send' });
    expectPrivatePage(sent);
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('کد ۶ رقمی به شماره ۰۹۳۵۷۶۵۴۳۲۱ پیامک شد');
    expect(fieldValue(sent.html, 'phoneNumber')).toBe('۰۹۳۵۷۶۵۴۳۲۱'); // as typed, carried to the next post
    const code = await waitForCode(stack, learner.phoneNumber, logged);
    // Asking again at once: told how long to wait, still on the code step.
    const again = await post('/auth/sign-in?with=code', { phoneNumber: learner.phoneNumber, code: '', step: 'send' });
    expect(again.status).toBe(429);
    expect(again.html).toMatch(/برای کد تازه [۰-۹]+ ثانیه دیگر صبر کنید/);
    expect(fieldValue(again.html, 'code')).toBe('');
    const answer = await post('/auth/sign-in?with=code&redirect=%2Fdashboard%2Fcart', { phoneNumber: learner.phoneNumber, code, step: 'verify' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(200);
    const [, token = '', destination] = handoff.exec(answer.html) ?? [];
    expect(destination).toBe('/dashboard/cart');
    expect(answer.html).not.toContain(code);
    expect((await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('refuses an administrator signing in by code with the password hint, handing over no session', async () => {
    const logged = stack.sms.messages.length;
    const sent = await post('/auth/sign-in?with=code', { phoneNumber: stack.adminPhone, step: 'send' });
    expect(sent.status).toBe(200);
    const code = await waitForCode(stack, stack.adminPhone, logged);
    const answer = await post('/auth/sign-in?with=code', { phoneNumber: stack.adminPhone, code, step: 'verify' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(403);
    expect(answer.html).toContain('حساب مدیریت با کد پیامکی باز نمی‌شود؛ با رمز عبور وارد شوید.');
    expect(handoff.exec(answer.html)).toBeNull();
  });

  it("refuses an administrator's recovery by code alone with what to do, setting nothing", async () => {
    const logged = stack.sms.messages.length;
    const sent = await post('/auth/forgot', { phoneNumber: stack.adminPhone, step: 'send' });
    expect(sent.status).toBe(200);
    const code = await waitForCode(stack, stack.adminPhone, logged);
    const answer = await post('/auth/forgot', { phoneNumber: stack.adminPhone, code, newPassword: 'taken-over-1', repeat: 'taken-over-1', step: 'verify' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(403);
    expect(answer.html).toContain('حساب مدیریت تنها با کد پیامکی بازیابی نمی‌شود.');
    expect(answer.html).toContain('«بازیابی با ایمیل» را بزنید');
    expect(await apiToken(stack, stack.adminPhone, stack.adminPassword)).toMatch(/^eyJ/);
  });

  it('resets a forgotten password by code, the new password twice, and ends the old sessions', async () => {
    const old = await apiToken(stack, learner.phoneNumber, learner.password);
    const logged = stack.sms.messages.length;
    const sent = await post('/auth/forgot', { phoneNumber: learner.phoneNumber, step: 'send' });
    expect(sent.status).toBe(200);
    const code = await waitForCode(stack, learner.phoneNumber, logged);
    const mismatch = await post('/auth/forgot', { phoneNumber: learner.phoneNumber, code, newPassword: 'reset-by-post-1', repeat: 'something-else', step: 'verify' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('تکرار رمز عبور با خود آن یکی نیست');
    expect(mismatch.html).not.toContain('reset-by-post-1');
    const done = await post('/auth/forgot', { phoneNumber: learner.phoneNumber, code, newPassword: 'reset-by-post-1', repeat: 'reset-by-post-1', step: 'verify' });
    expectPrivatePage(done);
    expect(done.status).toBe(200);
    expect(done.html).toContain('رمز عبور تازه ذخیره شد');
    expect((await fetch(`${stack.baseUrl}/api/Me`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
    expect(await apiToken(stack, learner.phoneNumber, 'reset-by-post-1')).toMatch(/^eyJ/);
  });

  it('asks for a reset link by e-mail with the same answer for any address', async () => {
    const answer = await post('/auth/forgot?with=email', { emailAddress: 'nobody-here@example.com', step: 'mail' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('اگر حسابی با این ایمیل باشد، پیوند گذاشتن رمز تازه به آن فرستاده شد');
  });
});

describe('contact posted as a plain form', () => {
  const message = { fullName: 'رضا "<b>بلند</b>"', phoneNumber: '۰۹۱۲۳۴۵۶۷۸۹', emailAddress: '', message: 'سلام، درباره دوره رباتیک پرسشی دارم.' };

  it('answers a mistake beside its field, keeping (escaped) what was typed', async () => {
    const answer = await post('/contact-us', { ...message, phoneNumber: '123' });
    expectPrivatePage(answer);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('<p id="field-phoneNumber-error" class="field__error">شماره موبایل باید به شکل ۰۹xxxxxxxxx باشد</p>');
    expect(fieldValue(answer.html, 'fullName')).toBe('رضا &quot;&lt;b&gt;بلند&lt;/b&gt;&quot;');
    expect(fieldValue(answer.html, 'message')).toBe(message.message);
    expect(answer.html).not.toContain('<b>بلند');
  });

  it('sends the message: stored, the success text shown and the form cleared', async () => {
    const before = (await storedMessages()).length;
    const answer = await post('/contact-us', message);
    expectPrivatePage(answer);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('<div class="status status--success" role="status">پیام شما ارسال شد.');
    expect(fieldValue(answer.html, 'fullName')).toBe('');
    expect(fieldValue(answer.html, 'message')).toBe('');
    const stored = await storedMessages();
    expect(stored).toHaveLength(before + 1);
    expect(stored.some((row) => row.fullName === message.fullName && row.message === message.message)).toBe(true);
  });

  it('keeps to the API limit per address and says so in Persian', async () => {
    const statuses: number[] = [];
    let last: Posted | null = null;
    for (let i = 0; i < 6; i += 1) {
      last = await post('/contact-us', { ...message, message: `پیام شماره ${i} برای آزمون محدودیت` });
      statuses.push(last.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(last?.html).toContain('تعداد پیام‌های ارسالی زیاد است');
    expect(fieldValue(last?.html ?? '', 'message')).toBe('پیام شماره 5 برای آزمون محدودیت');
  });
});

describe('a post from another site is refused', () => {
  it('does not sign in from a foreign Origin, nor without Origin and Referer, nor from Origin null', async () => {
    const credentials = { username: stack.adminPhone, password: stack.adminPassword };
    const foreign: Record<string, string>[] = [{ origin: 'https://attacker.example' }, {}, { origin: 'null' }, { referer: 'https://attacker.example/form' }];
    for (const headers of foreign) {
      const answer = await post('/auth/sign-in', credentials, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.html).not.toMatch(handoff);
      expect(answer.html).not.toContain('eyJ');
      expect(answer.html).toContain('این فرم از صفحه‌ای بیرون از سایت ارسال شده است');
      // Nothing of the foreign post is shown as the visitor's own typing.
      expect(fieldValue(answer.html, 'username')).toBe('');
    }
  });

  it('stores no contact message posted from elsewhere; a same-site Referer without Origin is accepted', async () => {
    const before = (await storedMessages()).length;
    const foreign = await post('/contact-us', { fullName: 'مهاجم', phoneNumber: '09121111111', emailAddress: '', message: 'پیامی از سایت دیگر' }, { origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
    expect((await storedMessages()).length).toBe(before);
    // Checked up to the form's own rules (no limit spent): the Referer alone let it through.
    const sameSite = await post('/contact-us', { fullName: '', phoneNumber: '', emailAddress: '', message: '' }, { referer: `${stack.baseUrl}/contact-us` });
    expect(sameSite.status).toBe(400);
  });

  it('leaves the JSON API refusing form bodies, which another site could post without asking', async () => {
    const before = (await storedMessages()).length;
    const response = await fetch(`${stack.baseUrl}/api/Contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.baseUrl },
      body: new URLSearchParams({ fullName: 'فرم', phoneNumber: '09121111111', emailAddress: '', message: 'پیام از فرم ساده' }).toString(),
    });
    expect(response.status).toBe(400);
    expect((await storedMessages()).length).toBe(before);
  });
});

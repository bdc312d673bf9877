// @vitest-environment jsdom
// The sign-up form (two steps since The details, then the code the phone got) shows the
// server's Persian reason for a 409 ("already registered", told only with the phone's code) and
// for the sign-up 429s (the address's budget, a busy server), and keeps what was typed;
// a refused code request is shown on the first step, and "too soon" opens the code step with the
// seconds left. The code field takes Persian digits and asks the keyboard for digits.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { oneTimeCode } from '../../../schema/validators';
import { countdownText } from '../../../src/components/site/auth/CodeStep';
import { SignUpForm } from '../../../src/components/site/auth/SignUpForm';

const origin = window.location.origin;
let answer: { status: number; message: string } = { status: 409, message: '' };
let codeAnswer: { status: number; body: Record<string, unknown> } = { status: 200, body: {} };
const sentCode = { message: 'کد ۶ رقمی به شماره ۰۹۱۲۳۴۵۶۷۸۹ پیامک شد؛ ۳ دقیقه اعتبار دارد.', expiresInSeconds: 180, resendAfterSeconds: 60 };
let signUpBody: unknown = null;
const server = setupServer(
  http.post(`${origin}/api/Auth/SendCode`, () => HttpResponse.json(codeAnswer.body, { status: codeAnswer.status })),
  http.post(`${origin}/api/Auth/SignUp`, async ({ request }) => {
    signUpBody = await request.json();
    return HttpResponse.json({ message: answer.message }, { status: answer.status });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  codeAnswer = { status: 200, body: sentCode };
  signUpBody = null;
});

function fillDetails() {
  fireEvent.change(screen.getByLabelText('نام'), { target: { value: 'مریم' } });
  fireEvent.change(screen.getByLabelText('نام خانوادگی'), { target: { value: 'احمدی' } });
  fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۱۲۳۴۵۶۷۸۹' } });
  fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'a-good-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'دریافت کد تأیید' }));
}

describe('sign-up refusals', () => {
  it.each([
    [409, 'این شماره موبایل قبلاً ثبت شده است'],
    [429, 'تعداد درخواست‌های عضویت از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید. اگر قبلاً عضو شده‌اید، وارد شوید.'],
    [429, 'سرور در حال رسیدگی به عضویت‌های دیگر است؛ چند لحظه دیگر دوباره تلاش کنید'],
  ])('shows the server’s message for %i after the code step, and keeps the details', async (status, message) => {
    answer = { status, message };
    codeAnswer = { status: 200, body: sentCode };
    render(<SignUpForm />);
    fillDetails();
    const code = await screen.findByLabelText<HTMLInputElement>('کد ۶ رقمی');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('status').textContent).toBe(sentCode.message);
    fireEvent.change(code, { target: { value: '۱۲۳ ۴۵۶' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأیید و عضویت' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    // The code went as six Latin digits, with the details typed on the first step.
    expect(signUpBody).toMatchObject({ phoneNumber: '09123456789', code: '123456', firstName: 'مریم', password: 'a-good-password' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    // Back to the details: all still there.
    fireEvent.click(screen.getByRole('link', { name: 'ویرایش مشخصات' }));
    expect(screen.getByLabelText<HTMLInputElement>('شماره موبایل').value).toBe('۰۹۱۲۳۴۵۶۷۸۹');
    expect(screen.getByLabelText<HTMLInputElement>('رمز عبور').value).toBe('a-good-password');
  });

  it('shows a refused code request on the first step; "too soon" opens the code step with the wait', async () => {
    codeAnswer = { status: 429, body: { message: 'تعداد درخواست‌های کد از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید' } };
    render(<SignUpForm />);
    fillDetails();
    expect((await screen.findByRole('alert')).textContent).toBe('تعداد درخواست‌های کد از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید');
    expect(screen.queryByLabelText('کد ۶ رقمی')).toBeNull();

    codeAnswer = { status: 429, body: { message: 'برای کد تازه ۴۲ ثانیه دیگر صبر کنید', retryAfterSeconds: 42 } };
    fireEvent.click(screen.getByRole('button', { name: 'دریافت کد تأیید' }));
    await screen.findByLabelText('کد ۶ رقمی');
    expect(screen.getByRole('alert').textContent).toBe('برای کد تازه ۴۲ ثانیه دیگر صبر کنید');
    const resend = screen.getByRole('button', { name: /ارسال دوباره کد/ });
    expect(resend.textContent).toBe('ارسال دوباره کد (۰:۴۲)');
    expect(resend.hasAttribute('disabled')).toBe(true);
  });
});

describe('the code as typed', () => {
  it('accepts Persian and Arabic digits, spaces and dashes; refuses anything but six digits', () => {
    const rule = oneTimeCode('کد');
    expect(v.parse(rule, '۱۲۳۴۵۶')).toBe('123456');
    expect(v.parse(rule, '١٢٣-٤٥٦')).toBe('123456');
    expect(v.parse(rule, ' 12 34 56 ')).toBe('123456');
    expect(v.parse(rule, '\u200f۱۲۳۴۵۶\u200e')).toBe('123456');
    for (const bad of ['', '12345', '1234567', '12a456', '۱۲۳۴۵']) expect(v.safeParse(rule, bad).success, bad).toBe(false);
    expect(v.safeParse(rule, '12345').issues?.[0]?.message).toBe('کد باید ۶ رقم باشد');
  });

  it('counts down in Persian digits', () => {
    expect(countdownText(60)).toBe('۱:۰۰');
    expect(countdownText(9)).toBe('۰:۰۹');
  });
});

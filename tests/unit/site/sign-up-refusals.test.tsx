// @vitest-environment jsdom
// The sign-up form shows the server's Persian reason for a 409 ("already registered") and for
// the 429s of issue 12 item 3 (the address's budget, a busy server), and keeps what was typed.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignUpForm } from '../../../src/components/site/auth/SignUpForm';

const origin = window.location.origin;
let answer: { status: number; message: string } = { status: 409, message: '' };
const server = setupServer(http.post(`${origin}/api/Auth/SignUp`, () => HttpResponse.json({ message: answer.message }, { status: answer.status })));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('sign-up refusals', () => {
  it.each([
    [409, 'این شماره موبایل قبلاً ثبت شده است'],
    [429, 'تعداد درخواست‌های عضویت از این نشانی زیاد است؛ یک ساعت دیگر دوباره تلاش کنید. اگر قبلاً عضو شده‌اید، وارد شوید.'],
    [429, 'سرور در حال رسیدگی به عضویت‌های دیگر است؛ چند لحظه دیگر دوباره تلاش کنید'],
  ])('shows the server’s message for %i', async (status, message) => {
    answer = { status, message };
    render(<SignUpForm />);
    fireEvent.change(screen.getByLabelText('نام'), { target: { value: 'مریم' } });
    fireEvent.change(screen.getByLabelText('نام خانوادگی'), { target: { value: 'احمدی' } });
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۱۲۳۴۵۶۷۸۹' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'a-good-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'عضویت' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText<HTMLInputElement>('شماره موبایل').value).toBe('۰۹۱۲۳۴۵۶۷۸۹');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

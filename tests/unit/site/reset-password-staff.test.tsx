// @vitest-environment jsdom
// The reset link's page for an administrator's account: the server answers the new password alone
// with 403 and what to do; the page then offers to send the SMS code to the account's phone (by
// the link: the number is never typed), shows the server's words, and sends the code with the
// password still typed. A learner's link sets the password at once, with no code asked.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../../server/features/identity/authTexts';
import { ResetPasswordForm, resetTexts } from '../../../src/components/site/auth/ResetPasswordForm';

const origin = window.location.origin;
const sent = { message: 'کد ۶ رقمی به شماره ۰۹۱۲۰۰۰۰۰۰۰ پیامک شد؛ ۳ دقیقه اعتبار دارد.', expiresInSeconds: 180, resendAfterSeconds: 60 };
let staff = true;
const resets: unknown[] = [];
const codeAsks: unknown[] = [];
const server = setupServer(
  http.post(`${origin}/api/Auth/ResetPassword`, async ({ request }) => {
    const body = await request.json();
    resets.push(body);
    const hasCode = typeof body === 'object' && body !== null && 'code' in body;
    if (staff && !hasCode) return HttpResponse.json({ message: authTexts.staffLinkNeedsCode }, { status: 403 });
    return HttpResponse.json({ ended: 1 });
  }),
  http.post(`${origin}/api/Auth/SendResetLinkCode`, async ({ request }) => {
    codeAsks.push(await request.json());
    return HttpResponse.json(sent);
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resets.length = 0;
  codeAsks.length = 0;
  staff = true;
});

function typePasswords() {
  fireEvent.change(screen.getByLabelText('رمز عبور جدید'), { target: { value: 'a-new-password-1' } });
  fireEvent.change(screen.getByLabelText('تکرار رمز عبور جدید'), { target: { value: 'a-new-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'ذخیره رمز تازه' }));
}

describe('the reset page', () => {
  it("asks an administrator's link for the SMS code, sent by the link, and sends both", async () => {
    render(<ResetPasswordForm token="the-link-token" />);
    typePasswords();
    // The server's words tell what to do; the page offers exactly that.
    expect((await screen.findByRole('status')).textContent).toBe(authTexts.staffLinkNeedsCode);
    fireEvent.click(screen.getByRole('button', { name: resetTexts.askCode }));
    const code = await screen.findByLabelText<HTMLInputElement>('کد ۶ رقمی');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('status').textContent).toBe(sent.message);
    expect(codeAsks).toEqual([{ token: 'the-link-token' }]);
    // A code of the wrong shape is caught here.
    fireEvent.change(code, { target: { value: '۱۲۳' } });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره رمز تازه' }));
    expect(await screen.findByText('کد ۶ رقمی باید ۶ رقم باشد')).toBeTruthy();
    fireEvent.change(code, { target: { value: '۱۲۳ ۴۵۶' } });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره رمز تازه' }));
    expect(await screen.findByText(resetTexts.done)).toBeTruthy();
    expect(resets).toEqual([
      { token: 'the-link-token', newPassword: 'a-new-password-1' },
      { token: 'the-link-token', newPassword: 'a-new-password-1', code: '123456' },
    ]);
  });

  it("sets a learner's password with the link alone", async () => {
    staff = false;
    render(<ResetPasswordForm token="learner-token" />);
    typePasswords();
    expect((await screen.findByRole('status')).textContent).toBe(resetTexts.done);
    expect(resets).toEqual([{ token: 'learner-token', newPassword: 'a-new-password-1' }]);
    expect(codeAsks).toEqual([]);
  });
});

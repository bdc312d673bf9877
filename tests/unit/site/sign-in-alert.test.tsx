// @vitest-environment jsdom
// The owner is told after signing in how many wrong passwords were tried since their last
// sign-in (server: failedSignIns on the sign-in answer; tests/security/abuse.test.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignInAlertBanner } from '../../../src/components/site/SignInAlertBanner';
import { readSignInAlert, rememberSignInAlert, signInAlertTexts } from '../../../src/lib/signInAlert';

beforeEach(() => {
  localStorage.setItem('accessToken', 'header.payload.signature');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('sign-in alert', () => {
  it('keeps nothing when the answer reports no failures, and a clean sign-in clears an old report', () => {
    rememberSignInAlert({});
    rememberSignInAlert({ failedSignIns: 0 });
    expect(readSignInAlert()).toBeNull();
    rememberSignInAlert({ failedSignIns: 2 });
    expect(readSignInAlert()).toEqual({ failures: 2, lastAt: undefined });
    rememberSignInAlert({});
    expect(readSignInAlert()).toBeNull();
  });

  it('is shown in Persian digits with a Jalali time until dismissed, then no more', async () => {
    rememberSignInAlert({ failedSignIns: 12, lastFailedSignInAt: '2026-03-21T10:30:00.000Z' });
    render(<SignInAlertBanner />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('۱۲ بار');
    expect(alert.textContent).toContain('۱۴۰۵/۰۱/۰۱');
    expect(alert.textContent).not.toMatch(/[0-9]/);
    // Another page of the same visit still shows it.
    cleanup();
    render(<SignInAlertBanner />);
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: signInAlertTexts.dismiss })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.getItem('signInAlert')).toBeNull();
    cleanup();
    render(<SignInAlertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is not shown once signed out', () => {
    rememberSignInAlert({ failedSignIns: 3 });
    localStorage.clear();
    render(<SignInAlertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a damaged stored value', () => {
    sessionStorage.setItem('signInAlert', '{"failures":"many"}');
    expect(readSignInAlert()).toBeNull();
    sessionStorage.setItem('signInAlert', 'not json');
    expect(readSignInAlert()).toBeNull();
  });
});

// @vitest-environment jsdom
// The owner is told after signing in how many wrong passwords were tried since their last
// sign-in (server: failedSignIns on the sign-in answer; tests/security/abuse.test.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInAlertBanner } from '../../../src/components/site/SignInAlertBanner';
import { rememberSignInAlert, signInAlertTexts, takeSignInAlert } from '../../../src/lib/signInAlert';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('sign-in alert', () => {
  it('keeps nothing when the answer reports no failures', () => {
    rememberSignInAlert({});
    rememberSignInAlert({ failedSignIns: 0 });
    expect(takeSignInAlert()).toBeNull();
  });

  it('is shown once, in Persian digits with a Jalali time, until dismissed', async () => {
    rememberSignInAlert({ failedSignIns: 12, lastFailedSignInAt: '2026-03-21T10:30:00.000Z' });
    render(<SignInAlertBanner />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('۱۲ بار');
    expect(alert.textContent).toContain('۱۴۰۵/۰۱/۰۱');
    expect(alert.textContent).not.toMatch(/[0-9]/);
    act(() => fireEvent.click(screen.getByRole('button', { name: signInAlertTexts.dismiss })));
    expect(screen.queryByRole('alert')).toBeNull();
    // Read once: storage no longer holds it, and the page shows it no more.
    expect(sessionStorage.getItem('signInAlert')).toBeNull();
    cleanup();
    render(<SignInAlertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a damaged stored value', () => {
    sessionStorage.setItem('signInAlert', '{"failures":"many"}');
    expect(takeSignInAlert()).toBeNull();
    sessionStorage.setItem('signInAlert', 'not json');
    expect(takeSignInAlert()).toBeNull();
  });
});

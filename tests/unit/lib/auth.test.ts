// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeToken } from '../../../schema/rules/token';
import { authState, clearSession, isAdmin, isSignedIn, saveToken, tokenChangedEvent } from '../../../src/lib/auth';

const token = (payload: object) =>
  `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('token helpers', () => {
  it('reads the role from the payload', () => {
    expect(decodeToken(token({ role: 'Administrator', sub: '1' }))?.role).toBe('Administrator');
    expect(isAdmin(token({ role: 'Administrator' }))).toBe(true);
    expect(isAdmin(token({ role: 'User' }))).toBe(false);
    expect(authState(token({ role: 'User' })).kind).toBe('learner');
  });
  it('opens the panel for a staff member, as for an administrator', () => {
    expect(isAdmin(token({ role: 'Staff' }))).toBe(true);
    expect(authState(token({ role: 'Staff' })).kind).toBe('admin');
    expect(authState(token({ role: 'staff' })).kind).toBe('learner');
  });
  it('logs and refuses malformed tokens and non-strings', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(isAdmin('not-a-jwt')).toBe(false);
    expect(isAdmin('a.%%%.c')).toBe(false);
    expect(isAdmin(42)).toBe(false);
    expect(log).toHaveBeenCalledWith('توکن نامعتبر است');
  });
  it('has no login state without a token', () => {
    expect(isSignedIn()).toBe(false);
    expect(authState().kind).toBe('guest');
  });
  it('saves the token, fires tokenChanged, and logout clears everything', () => {
    const seen = vi.fn();
    window.addEventListener(tokenChangedEvent, seen);
    saveToken(token({ role: 'User' }));
    localStorage.setItem('other', 'x');
    expect(isSignedIn()).toBe(true);
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(seen).toHaveBeenCalledTimes(2);
    window.removeEventListener(tokenChangedEvent, seen);
  });
});

// Where sign-in leads: back to the page that asked for it (a signed-out deep link to /admin/...),
// when it is a same-site path the account may see.
import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from '../../../schema/rules/token';

const token = (role: string) => {
  const payload = Buffer.from(JSON.stringify({ sub: '1', role })).toString('base64url');
  return `header.${payload}.signature`;
};
const admin = token('Administrator');
const learner = token('User');

describe('destination after sign-in', () => {
  it('returns an admin to the admin page they were sent away from', () => {
    expect(destinationAfterSignIn(admin, '/admin/audit?entity=courses')).toBe('/admin/audit?entity=courses');
    expect(destinationAfterSignIn(admin, '/admin')).toBe('/admin');
    expect(destinationAfterSignIn(admin, undefined)).toBe('/admin');
  });

  it('takes a staff member to the panel, as an administrator', () => {
    expect(destinationAfterSignIn(token('Staff'), undefined)).toBe('/admin');
    expect(destinationAfterSignIn(token('Staff'), '/admin/orders')).toBe('/admin/orders');
  });

  it('never sends a learner to the admin, and ignores other sites', () => {
    expect(destinationAfterSignIn(learner, '/admin/users')).toBe('/dashboard');
    expect(destinationAfterSignIn(learner, '/dashboard/orders')).toBe('/dashboard/orders');
    expect(destinationAfterSignIn(admin, 'https://evil.example/admin')).toBe('/admin');
    expect(destinationAfterSignIn(admin, '//evil.example/admin')).toBe('/admin');
    // A course page a visitor was buying from stays allowed (add to cart → sign in → back).
    expect(destinationAfterSignIn(learner, '/categories/robotics/arduino')).toBe('/categories/robotics/arduino');
  });
});

// The token's role name, as the server signs it and the browser reads it: the spec's two names for
// administrators (300) and learners (1), and staff's own (200), which opens the panel without ever
// reading as an administrator's.
import { describe, expect, it } from 'vitest';
import { roleName } from '../../../server/features/identity/tokens';
import { administratorRole, staffRole } from '../../../schema/rules/roles';
import { opensPanel } from '../../../schema/rules/token';

describe('the token’s role name', () => {
  it('names each role, and only the panel’s open it', () => {
    expect(roleName(administratorRole)).toBe('Administrator');
    expect(roleName(1)).toBe('User');
    expect(roleName(staffRole)).toBe('Staff');
    expect([administratorRole, staffRole, 1].map((role) => opensPanel(roleName(role)))).toEqual([true, true, false]);
  });
});

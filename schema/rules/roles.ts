// Who may open the admin panel: the one test of "staff", used by the server's access check of
// admin operations, the token's role name the panel reads, and the refusal of sign-in by SMS code
// (staff accounts sign in with their password). A future staff role is added here and inherits
// all three. Administrators hold every permission; staff hold their role's.

/** The administrators' role number, as users.role stores it (spec §5). */
export const administratorRole = 300;
/** How an administrator's role is named (the users list, the panel's access, the audit log). */
export const administratorRoleName = 'مدیر سیستم';
/**
 * Staff who are not administrators: the receptionist, the accountant, a teacher. What each may
 * do is their staff role's grants (schema/rules/permissions.ts), read on every call.
 */
export const staffRole = 200;

export function opensAdminPanel(role: number): boolean {
  return role === administratorRole || role === staffRole;
}

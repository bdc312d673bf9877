// Who may open the admin panel: the one test of "staff", used by the server's access check of
// admin operations, the token's role name the panel reads, and the refusal of sign-in by SMS code
// (staff accounts sign in with their password). A future staff role is added here and inherits
// all three.

/** The administrators' role number, as users.role stores it (spec §5). */
export const administratorRole = 300;

export function opensAdminPanel(role: number): boolean {
  return role === administratorRole;
}

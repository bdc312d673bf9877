// Staff: the roles a person at the panel holds beside administrators, and what the panel asks of
// its caller's access. The checks themselves are the platform's (a route's declared need,
// server/platform/http.ts) and the engine's (rows, fields and scopes, server/engine/staffView.ts).
import type { Feature } from '../feature';
import { seedExampleRoles } from './exampleRoles';
import { registerPanelAccess } from './panelAccess';

export const staff: Feature = {
  name: 'staff',
  behaviours: [],
  routes({ register }) {
    registerPanelAccess(register);
  },
  // The example roles are the academy's to edit, sample data or not.
  seed: seedExampleRoles,
};

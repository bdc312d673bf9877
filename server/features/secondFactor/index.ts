// The panel's second factor: an authenticator app (TOTP) with recovery codes, and passkeys. Which
// sessions must pass it is decided on every call by identity's bearer check (AuthUser.secondFactor)
// and refused at the one panel gate (server/platform/http.ts); this room enrols and verifies.
import { plugIn } from '../../engine/behaviours';
import type { Feature } from '../feature';
import { registerCodeRoutes } from './codeRoutes';
import { registerPasskeyRoutes } from './passkeyRoutes';
import { resetSecondFactor } from './resetAction';

export const secondFactor: Feature = {
  name: 'secondFactor',
  behaviours: [{ name: 'secondFactorReset', plugIn: () => plugIn('users', { actions: { resetSecondFactor } }) }],
  routes({ register, db, config }) {
    const mode = config.panelSecondFactor ?? 'required';
    registerCodeRoutes(register, db, mode);
    registerPasskeyRoutes(register, db, mode, config.publicUrl);
  },
};

// Identity: accounts, sign-in and its codes, sessions, password recovery, and what is whose.
import type { Feature, FeatureContext } from '../feature';
import { plugInAccountGuards } from './accountGuards';
import { registerAuth } from './auth';
import { registerOneTimeCodes, type OneTimeCodes } from './oneTimeCodes';
import { registerPasswordReset } from './passwordRecovery';
import { registerSessions } from './signInSessions';
import type { Tokens } from './tokens';
import { plugInUserAccounts } from './userAccounts';
import { plugInUserActions } from './userActions';

export const identity: Feature<FeatureContext & { tokens: Tokens; codes: OneTimeCodes }> = {
  name: 'identity',
  behaviours: [
    { name: 'userAccounts', plugIn: plugInUserAccounts },
    { name: 'accountGuards', plugIn: plugInAccountGuards },
    { name: 'userActions', plugIn: plugInUserActions },
  ],
  routes({ register, db, tokens, codes, messaging, config, report }) {
    registerAuth(register, db, tokens, codes);
    registerOneTimeCodes(register, db, tokens, codes, { mail: messaging.mail, siteUrl: config.publicUrl, report });
    registerSessions(register, db, tokens);
    registerPasswordReset(register, db, codes);
  },
};

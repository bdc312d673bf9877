// Passkeys (WebAuthn) as the second factor: registered from a session that may add a factor, and
// used to pass it. The relying party is the configured public address (PUBLIC_URL): its host name
// is the RP id and its origin the only one accepted. Each challenge is kept with the session that
// asked for it and taken off before it is checked, so an answer is good once.
import type { FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import type { PanelSecondFactor } from '../../platform/config';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { parse, type Register } from '../../platform/http';
import { enrollingCaller, FactorAttempts, markEnrolled, panelCaller, passSession, statusOf } from './account';
import { recoveryCodesIfNone } from './codes';
import { secondFactorTexts } from './texts';

type Schemas = components['schemas'];

const transports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const satisfies readonly AuthenticatorTransportFuture[];
const encoded = v.pipe(v.string(secondFactorTexts.passkeyFailed), v.maxLength(20_000, secondFactorTexts.passkeyFailed));
const credentialShape = {
  id: encoded,
  rawId: encoded,
  type: v.literal('public-key', secondFactorTexts.passkeyFailed),
  clientExtensionResults: v.optional(v.object({}), {}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
};
const notObject = 'بدنه درخواست باید یک شیء JSON باشد';
const registrationBody = v.object(
  {
    response: v.object(
      { ...credentialShape, response: v.object({ clientDataJSON: encoded, attestationObject: encoded, transports: v.optional(v.array(v.picklist(transports))) }, secondFactorTexts.passkeyFailed) },
      secondFactorTexts.passkeyFailed,
    ),
  },
  notObject,
);
const authenticationBody = v.object(
  {
    response: v.object(
      { ...credentialShape, response: v.object({ clientDataJSON: encoded, authenticatorData: encoded, signature: encoded, userHandle: v.optional(encoded) }, secondFactorTexts.passkeyFailed) },
      secondFactorTexts.passkeyFailed,
    ),
  },
  notObject,
);
const labels = { response: 'پاسخ کلید عبور' };

const transportsOf = (stored: string): AuthenticatorTransportFuture[] => transports.filter((name) => stored.split(',').includes(name));

export function registerPasskeyRoutes(register: Register, db: DB, mode: PanelSecondFactor, publicUrl: string): void {
  const site = new URL(publicUrl);
  const rpID = site.hostname;
  const origin = site.origin;
  const attempts = new FactorAttempts(db);

  const keepChallenge = (sessionId: number, challenge: string) => db.updateTable('sessions').set({ passkeyChallenge: challenge }).where('id', '=', sessionId).execute();
  /** The session's challenge, taken off so it cannot answer twice. */
  const takeChallenge = async (sessionId: number): Promise<string> => {
    const row = await db.selectFrom('sessions').select('passkeyChallenge').where('id', '=', sessionId).executeTakeFirst();
    const challenge = row?.passkeyChallenge;
    if (!challenge) throw new HttpError(400, secondFactorTexts.passkeyExpired);
    const taken = await db.updateTable('sessions').set({ passkeyChallenge: null }).where('id', '=', sessionId).where('passkeyChallenge', '=', challenge).executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(400, secondFactorTexts.passkeyExpired);
    return challenge;
  };
  const passkeysOf = (userId: number) => db.selectFrom('passkeys').select(['id', 'credentialId', 'publicKey', 'counter', 'transports']).where('userId', '=', userId).execute();

  register('POST /api/Auth/SecondFactor/Passkey/Options', 'learner', passkeyRegistrationOptions);
  register('POST /api/Auth/SecondFactor/Passkey', 'learner', registerPasskey);
  register('POST /api/Auth/SecondFactor/Passkey/SignInOptions', 'learner', passkeySignInOptions);
  register('POST /api/Auth/SecondFactor/Passkey/SignIn', 'learner', signInWithPasskey);

  async function passkeyRegistrationOptions(request: FastifyRequest): Promise<Schemas['PasskeyOptions']> {
    const user = enrollingCaller(request);
    const account = await db.selectFrom('users').select(['phoneNumber', 'firstName', 'lastName']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const options = await generateRegistrationOptions({
      rpName: secondFactorTexts.issuer,
      rpID,
      userName: account.phoneNumber,
      userDisplayName: `${account.firstName} ${account.lastName}`.trim(),
      userID: new TextEncoder().encode(`academy-user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: (await passkeysOf(user.id)).map((key) => ({ id: key.credentialId, transports: transportsOf(key.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await keepChallenge(user.sessionId, options.challenge);
    return { options: { ...options } };
  }

  async function registerPasskey(request: FastifyRequest): Promise<Schemas['RecoveryCodes']> {
    const user = enrollingCaller(request);
    const { response } = parse(registrationBody, request.body, labels);
    const expectedChallenge = await takeChallenge(user.sessionId);
    const checked = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => undefined);
    if (!checked?.verified) throw new HttpError(400, secondFactorTexts.passkeyFailed);
    const { credential } = checked.registrationInfo;
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('passkeys')
        .values({ userId: user.id, credentialId: credential.id, publicKey: isoBase64URL.fromBuffer(credential.publicKey), counter: credential.counter, transports: (credential.transports ?? []).join(','), createdAt: nowIso() })
        .execute();
      return recoveryCodesIfNone(trx, user.id);
    });
    await markEnrolled(db, user.id);
    await passSession(db, user.sessionId);
    return { recoveryCodes };
  }

  async function passkeySignInOptions(request: FastifyRequest): Promise<Schemas['PasskeyOptions']> {
    const user = panelCaller(request);
    const keys = await passkeysOf(user.id);
    if (keys.length === 0) throw new HttpError(400, secondFactorTexts.noPasskey);
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key.transports) })) });
    await keepChallenge(user.sessionId, options.challenge);
    return { options: { ...options } };
  }

  async function signInWithPasskey(request: FastifyRequest): Promise<Schemas['SecondFactorStatus']> {
    const user = panelCaller(request);
    const { response } = parse(authenticationBody, request.body, labels);
    await attempts.run(user.id, async () => {
      const expectedChallenge = await takeChallenge(user.sessionId);
      const key = (await passkeysOf(user.id)).find((each) => each.credentialId === response.id);
      if (!key) throw new HttpError(400, secondFactorTexts.passkeyFailed);
      const checked = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
        credential: { id: key.credentialId, publicKey: isoBase64URL.toBuffer(key.publicKey), counter: Number(key.counter), transports: transportsOf(key.transports) },
      }).catch(() => undefined);
      if (!checked?.verified) throw new HttpError(400, secondFactorTexts.passkeyFailed);
      await db.updateTable('passkeys').set({ counter: checked.authenticationInfo.newCounter }).where('id', '=', key.id).execute();
    });
    await passSession(db, user.sessionId);
    return statusOf(db, user, mode, 'passed');
  }
}

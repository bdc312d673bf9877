// The second factor's state, the authenticator app's enrolment, and passing the factor with a
// code from the app or a recovery code (src/routes/admin_.second-factor.tsx is their page).
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import type { PanelSecondFactor } from '../../platform/config';
import type { DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { parse, type Register } from '../../platform/http';
import { enrollingCaller, FactorAttempts, markEnrolled, panelCaller, passSession, statusOf } from './account';
import { isRecoveryCode, isTotpCode, newTotpSecret, normaliseCode, recoveryCodesIfNone, spendRecoveryCode, takeStep, totpStep } from './codes';
import { secondFactorTexts } from './texts';

type Schemas = components['schemas'];

const codeBody = v.object(
  { code: v.pipe(v.string(secondFactorTexts.badCode), v.maxLength(40, secondFactorTexts.badCode), v.transform(normaliseCode), v.check((code) => isTotpCode(code) || isRecoveryCode(code), secondFactorTexts.badCode)) },
  'بدنه درخواست باید یک شیء JSON باشد',
);
const labels = { code: 'کد' };

export function registerCodeRoutes(register: Register, db: DB, mode: PanelSecondFactor): void {
  const attempts = new FactorAttempts(db);

  register('GET /api/Auth/SecondFactor', 'learner', getSecondFactor);
  register('POST /api/Auth/SecondFactor/Totp', 'learner', startTotp);
  register('POST /api/Auth/SecondFactor/Totp/Confirm', 'learner', confirmTotp);
  register('POST /api/Auth/SecondFactor/Verify', 'learner', verifySecondFactor);

  async function getSecondFactor(request: FastifyRequest): Promise<Schemas['SecondFactorStatus']> {
    return statusOf(db, panelCaller(request), mode);
  }

  async function startTotp(request: FastifyRequest): Promise<Schemas['TotpEnrolment']> {
    const user = enrollingCaller(request);
    const account = await db.selectFrom('users').select(['phoneNumber']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const enrolment = await newTotpSecret(account.phoneNumber);
    // The factor the account holds (if any) stays until the new secret is confirmed.
    await db
      .insertInto('second_factors')
      .values({ userId: user.id, totpSecret: null, pendingSecret: enrolment.secret, enrolledAt: null })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ pendingSecret: enrolment.secret }))
      .execute();
    return enrolment;
  }

  async function confirmTotp(request: FastifyRequest): Promise<Schemas['RecoveryCodes']> {
    const user = enrollingCaller(request);
    const { code } = parse(codeBody, request.body, labels);
    const row = await db.selectFrom('second_factors').select(['pendingSecret']).where('userId', '=', user.id).executeTakeFirst();
    const pending = row?.pendingSecret;
    if (!pending) throw new HttpError(400, secondFactorTexts.noPending);
    return attempts.run(user.id, async () => {
      const step = isTotpCode(code) ? totpStep(pending, code) : undefined;
      if (step === undefined) throw new HttpError(400, secondFactorTexts.wrongCode);
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        // The confirming code's step is the new secret's first, so it cannot be used again.
        await trx.updateTable('second_factors').set({ totpSecret: pending, pendingSecret: null, lastStep: step }).where('userId', '=', user.id).where('pendingSecret', '=', pending).execute();
        return recoveryCodesIfNone(trx, user.id);
      });
      await markEnrolled(db, user.id);
      await passSession(db, user.sessionId);
      return { recoveryCodes };
    });
  }

  async function verifySecondFactor(request: FastifyRequest): Promise<Schemas['SecondFactorStatus']> {
    const user = panelCaller(request);
    const { code } = parse(codeBody, request.body, labels);
    const row = await db.selectFrom('second_factors').select(['totpSecret', 'enrolledAt']).where('userId', '=', user.id).executeTakeFirst();
    if (!row?.enrolledAt) throw new HttpError(400, secondFactorTexts.notEnrolled);
    const secret = row.totpSecret;
    await attempts.run(user.id, async () => {
      if (isRecoveryCode(code)) {
        if (!(await spendRecoveryCode(db, user.id, code))) throw new HttpError(400, secondFactorTexts.wrongCode);
        return;
      }
      const step = secret ? totpStep(secret, code) : undefined;
      if (step === undefined) throw new HttpError(400, secondFactorTexts.wrongCode);
      if (!(await takeStep(db, user.id, step))) throw new HttpError(400, secondFactorTexts.usedCode);
    });
    await passSession(db, user.sessionId);
    return statusOf(db, user, mode, 'passed');
  }

}

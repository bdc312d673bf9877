// A new password through a one-time reset link (/auth/reset/<token>: e-mailed by SendResetLink,
// or handed over by an administrator). A learner's link is enough on its own. An account that
// opens the admin panel (opensAdminPanel, schema/rules/roles.ts: any future staff role too) needs
// the link AND the reset code SMS'd to the account's phone, spent together: neither a mailbox
// nor a phone (a swapped SIM, a code read off a lock screen) alone opens the whole academy. The
// code alone (ResetPasswordWithCode) is refused for such accounts in oneTimeCodes.ts.
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { opensAdminPanel } from '../../../schema/rules/roles';
import { newPassword, oneTimeCode } from '../../../schema/validators';
import type { components } from '../../../codegen/openapi.gen';
import { nowIso, type DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { parse, type Register } from '../../platform/http';
import { authTexts } from './authTexts';
import { type CheckedCode, type OneTimeCodes } from './oneTimeCodes';
import { hashPassword } from './passwords';
import { endAllSessions } from './signInSessions';
import { resetLinks, spendResetLink } from './userAccounts';

type Schemas = components['schemas'];

const notObject = 'بدنه درخواست باید یک شیء JSON باشد';
const badLink = 'پیوند بازنشانی نامعتبر است';
const tokenField = v.pipe(v.string(badLink), v.nonEmpty(badLink), v.maxLength(200, badLink));
const resetBody = v.object({ token: tokenField, newPassword: newPassword('رمز عبور جدید'), code: v.optional(oneTimeCode('کد')) }, notObject);
const linkCodeBody = v.object({ token: tokenField }, notObject);
const labels = { token: 'پیوند بازنشانی', newPassword: 'رمز عبور جدید', code: 'کد' };

export function registerPasswordReset(register: Register, db: DB, codes: OneTimeCodes): void {
  const links = resetLinks(db);
  /** The account a link belongs to, when it opens the admin panel (its phone gets the code). */
  const staffOwner = async (userId: number) => {
    const owner = await db.selectFrom('users').select(['role', 'phoneNumber']).where('id', '=', userId).executeTakeFirst();
    return owner && opensAdminPanel(owner.role) ? owner : undefined;
  };

  register('POST /api/Auth/ResetPassword', 'public', resetPassword);
  register('POST /api/Auth/SendResetLinkCode', 'public', sendResetLinkCode);

  async function resetPassword(request: FastifyRequest): Promise<Schemas['SessionsEnded']> {
    const body = parse(resetBody, request.body, labels);
    // Checked before hashing the password, so a made-up link (or code) costs no scrypt.
    const link = await links.find(request.ip, body.token);
    const staff = await staffOwner(link.userId);
    let code: CheckedCode | undefined;
    if (staff) {
      // The link is kept: its holder asks for the code (SendResetLinkCode) and sends both.
      if (body.code === undefined) throw new HttpError(403, authTexts.staffLinkNeedsCode);
      code = await codes.check(request.ip, staff.phoneNumber, 'reset', body.code);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction().execute(async (trx) => {
      const userId = await spendResetLink(trx, link.hash, nowIso());
      if (userId === undefined) return undefined;
      // Spent with the link or not at all: a code used by a parallel request rolls the link back.
      if (code && !(await codes.spend(trx, code))) throw new HttpError(400, authTexts.codeSpent);
      await trx.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
      return endAllSessions(trx, userId, 'password');
    });
    if (ended === undefined) return links.refuse(request.ip);
    return { ended };
  }

  // Only the link's holder can ask, and only for the account's own phone: the number is never
  // typed, so the page cannot be used to send codes to anyone else.
  async function sendResetLinkCode(request: FastifyRequest): Promise<Schemas['CodeSent']> {
    const body = parse(linkCodeBody, request.body, labels);
    const link = await links.find(request.ip, body.token);
    const staff = await staffOwner(link.userId);
    if (!staff) throw new HttpError(400, authTexts.linkNeedsNoCode);
    return codes.send(request.ip, staff.phoneNumber, 'reset');
  }
}

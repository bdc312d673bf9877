// The kinds a record action's declaration (ActionDecl, ./entity.ts) names: how its answer is
// shown, what follows a refusal, and how the audit log undoes it.

/**
 * How a record action's answer is shown. 'toast' (the default): `succeeded` in a toast, the
 * server's text (counts: «۳ فرزند حاضر ثبت شد») under it, and the record and its related tables
 * read again, so the result is on screen where it happened. 'secret': the server's text is a
 * secret handed over once (a password reset link), shown in a dialog to copy, in a monospace box,
 * until the admin closes it; only an action that answers a secret declares it.
 */
export type ActionResultKind = 'toast' | 'secret';

/**
 * `{ via: 'unlock' }`: run that declared action of the same entity, which takes no inputs, on the
 * record, with all its own checks (a free seat, the last administrator), as if an admin pressed
 * it. `'edit'`: each entry is undone as an ordinary edit, create or delete of its record would be
 * (the entity's own calls, validators, guards and write hooks). `{ never }`: refused, with the
 * reason shown on the audit screen.
 */
export type RevertDecl = { via: string } | 'edit' | { never: string };

/**
 * Offered in the action's own dialog when the server refuses it with this code (the answer's
 * `refusal`, beside its `message`), so the admin is not left at a dead end: the server's reason,
 * `offer` under it, and a button running `action`, another declared action of the same entity,
 * on the same record with its own confirmation and inputs (a refund the gateway refused, recorded
 * as paid back by hand). The server decides whether the follow-up applies, as for any action.
 */
export interface RefusalFollowUp {
  action: string;
  offer: string;
}

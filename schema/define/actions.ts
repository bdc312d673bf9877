// Record actions as an entity's schema declares them: what the admin presses, what the server runs,
// how the answer is shown, what follows a refusal and how the audit log undoes it.
import type { FieldDecl } from './fields';

/**
 * A named thing an admin does to one record besides editing and deleting it (lock an account,
 * refund an order): a button on the record's row and detail view, an optional confirmation, one
 * POST call `/api/<api>/<call>` with `{ id, version? }` that answers the changed record. What
 * the call does is the server's (server/engine/actions.ts holds one handler per declared action); the
 * engine gives every action the same version check, audit entry, toast and list update.
 */
export interface ActionDecl<R> {
  /** The call's name under /api/<api>/. */
  call: string;
  /** The button's text. */
  label: string;
  /** Asked first, with the record's name under it; without it the action runs at once. */
  confirm?: string;
  /** The confirmation's button; defaults to `label`. */
  confirmLabel?: string;
  /** A line under the question from the record (a refund's amount), by the server's own rule. A method, as `when` is. */
  detail?(row: R): string;
  /**
   * The records it applies to (a locked account offers unlock, not lock). Evaluated on the
   * client to show the button and on the server to refuse the call otherwise. A method, so a
   * schema's typed `(user) => …` fits the erased shape.
   */
  when?(row: R): boolean;
  /** A destructive action is drawn as the delete button is. */
  tone?: 'danger' | 'neutral';
  /**
   * `false`: offered on the record's detail view only, not on every row of its list (a rare
   * action, such as a password reset link, would otherwise widen every row).
   */
  onRow?: false;
  /**
   * No staff role may be granted it, whatever else it holds (a reset of another's second factor
   * would hand their panel to whoever has their password): the server declares its route for
   * administrators, the roles grid does not offer it, and the panel shows it to administrators.
   */
  administratorOnly?: true;
  /**
   * What the admin says when running it (the course a child moves to, whether to refund): the
   * same field kinds as an entity's, drawn as a small form in the action's dialog, checked by
   * the same validators in the form and on the server, and sent beside the id. The handler
   * receives them as `input`.
   */
  fields?: Readonly<Record<string, FieldDecl>>;
  /**
   * Where those inputs start, from the record (a manual refund's amount: what the order may still
   * pay back; its date: today), over each field's own `initial`. A method, as `when` is.
   */
  initial?(row: R): Readonly<Record<string, unknown>>;
  /**
   * Why the action does not apply to a record `when` refuses («این سفارش پرداخت نشده است»): the
   * server's 409 message then, instead of the general one. A method, as `when` is.
   */
  refusal?(row: R): string;
  /**
   * How the audit log's «بازگرداندن» undoes what this action wrote (its own record's entry and the
   * entries it wrote for other records), given the inputs it was run with. Without it the change
   * is not undone: an action that moved money or seats cannot be reversed by copying columns back.
   * A method, as `when` is. See RevertDecl.
   */
  revert?(input: Readonly<Record<string, unknown>>): RevertDecl;
  /** How the answer's text (ActionOutcome.notice) is shown: see ActionResultKind. */
  result?: ActionResultKind;
  /** What the dialog offers when the server refuses with one of these codes: see RefusalFollowUp. */
  onRefusal?: Readonly<Record<string, RefusalFollowUp>>;
  succeeded: string;
  failed: string;
}

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

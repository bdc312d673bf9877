// One record action (schema ActionDecl: lock an account, refund an order, …) at a time:
// idle → confirming → running → idle, with a toast saying what happened (and the server's text,
// counts, under it); or → told when the action declares its answer a secret to hand over (a
// one-time link: ActionResultKind 'secret'), which stays until the admin closes it. An action that neither asks a
// question nor has inputs runs at once; declining sends nothing. The answer (the changed record)
// patches the list or reloads it, as a save does. A refusal the action declares a follow-up for
// (ActionDecl.onRefusal: a refund the gateway refused) → offering, in the same dialog: the
// server's reason and the offer; accepting starts the follow-up action on the same record, with
// its own question and inputs, so the admin is never left at a dead end.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type ErrorActorEvent } from 'xstate';
import type { AnyAction, AnyEntity, AnyRow } from '../../schema/define';
import { failureNotice, refusalCodeOf, runAction, type ActionInput, type ActionResult } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface ActionContext {
  entity: AnyEntity;
  list: ListActorRef;
  row: AnyRow | null;
  action: AnyAction | null;
  /** The inputs the admin confirmed with. */
  values: Record<string, unknown>;
  /** The last answer's notice, while it is shown. */
  notice: string | null;
  /** While offering: the declared follow-up of the refusal, and the server's reason. */
  followUp: { action: AnyAction; offer: string; reason: string } | null;
}

/** The follow-up `action` declares for this refusal, when the entity has it. */
function followUpOf(entity: AnyEntity, action: AnyAction | null, error: unknown): ActionContext['followUp'] {
  const code = refusalCodeOf(error);
  const declared = code === null ? undefined : action?.onRefusal?.[code];
  const next = declared && entity.actions.find((a) => a.key === declared.action);
  if (!declared || !next) return null;
  const reason = error instanceof Error ? error.message : '';
  return { action: next, offer: declared.offer, reason };
}

export type ActionEvent =
  | { type: 'row.action'; row: AnyRow; action: AnyAction }
  | { type: 'confirm'; values?: Record<string, unknown> }
  | { type: 'cancel' }
  | { type: 'dismiss' }
  | { type: 'follow' };

export const actionMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    runAction: fromPromise<ActionResult, ActionInput>(({ input }) => runAction(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Takes the admin to a record the action made (its id); the screen provides the navigation. */
    open: (_, _id: number | null) => {},
    remember: assign(({ event }) => (event.type === 'row.action' ? { row: event.row, action: event.action, values: {} } : {})),
    keepNotice: assign((_, notice: string | null) => ({ notice })),
    takeValues: assign(({ event }) => (event.type === 'confirm' ? { values: event.values ?? {} } : {})),
    forget: assign({ row: null, action: null, values: {}, notice: null, followUp: null }),
    keepFollowUp: assign(({ context }, error: unknown) => ({ followUp: followUpOf(context.entity, context.action, error) })),
    // Stryker disable next-line OptionalChaining: equivalent, the follow-up is set in the only state that takes it.
    takeFollowUp: assign(({ context }) => ({ action: context.followUp?.action ?? null, values: {}, followUp: null })),
    listSync: sendTo(
      ({ context }) => context.list,
      ({ context }, changed: AnyRow | null) =>
        context.entity.afterSave === 'patch' && changed ? { type: 'row.patch', row: changed } : { type: 'reload' },
    ),
  },
  guards: {
    // Stryker disable next-line OptionalChaining: equivalent, the action is set in every state that reads it.
    tellsSecret: ({ context }, answer: ActionResult) => context.action?.result === 'secret' && answer.notice !== null,
    asksFirst: ({ event }) =>
      event.type === 'row.action' && (event.action.confirm !== undefined || Object.keys(event.action.fields).length > 0),
    offersFollowUp: ({ context }, error: unknown) => followUpOf(context.entity, context.action, error) !== null,
    followUpAsks: ({ context }) => {
      // Stryker disable next-line OptionalChaining: equivalent, the follow-up is set in the only state that asks this.
      const next = context.followUp?.action;
      return next !== undefined && (next.confirm !== undefined || Object.keys(next.fields).length > 0);
    },
  },
}).createMachine({
  id: 'recordAction',
  context: ({ input }) => ({ entity: input.entity, list: input.list, row: null, action: null, values: {}, notice: null, followUp: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.action': [
          { guard: 'asksFirst', target: 'confirming', actions: 'remember' },
          { target: 'running', actions: 'remember' },
        ],
      },
    },
    confirming: {
      on: {
        confirm: { target: 'running', actions: 'takeValues' },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    running: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => {
          // Stryker disable next-line LogicalOperator,StringLiteral: equivalent, the row and the action are both set whenever one is.
          if (!context.row || !context.action) throw new Error('running an action without a row');
          return { action: context.action, row: context.row, values: context.values };
        },
        onDone: [
          {
            guard: { type: 'tellsSecret', params: ({ event }) => event.output },
            target: 'told',
            actions: [
              { type: 'keepNotice', params: ({ event }) => event.output.notice },
              { type: 'listSync', params: ({ event }) => event.output.record },
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  kind: 'success',
                  // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, the action is set in every state that reads it.
                  text: context.action?.succeeded ?? '',
                  ...(event.output.notice ? { detail: event.output.notice } : {}),
                  ...(context.row ? { subject: { entity: context.entity, row: context.row } } : {}),
                }),
              },
              { type: 'listSync', params: ({ event }) => event.output.record },
              { type: 'open', params: ({ event }) => event.output.opens },
              'forget',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'offersFollowUp', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'offering',
            actions: [
              { type: 'keepFollowUp', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              sendTo(({ context }) => context.list, { type: 'reload' }),
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'notify',
                // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, the action is set in every state that reads it.
                params: ({ context, event }) => ({ ...failureNotice(context.entity, context.action?.failed ?? '', event.error), ...(context.row ? { subject: { entity: context.entity, row: context.row } } : {}) }),
              },
              // A refused action (stale row, a guard) says why; the list is read again so the
              // admin sees the record as it is now.
              sendTo(({ context }) => context.list, { type: 'reload' }),
              'forget',
            ],
          },
        ],
      },
    },
    offering: {
      on: {
        follow: [
          { guard: 'followUpAsks', target: 'confirming', actions: 'takeFollowUp' },
          { target: 'running', actions: 'takeFollowUp' },
        ],
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    // The notice is said once and never kept: it stays on screen until the admin closes it.
    told: {
      on: { dismiss: { target: 'idle', actions: 'forget' } },
    },
  },
});

export type ActionActorRef = ActorRefFrom<typeof actionMachine>;

// One record action (schema ActionDecl: lock an account, …) at a time: idle → confirming →
// running → idle. An action without a confirmation question runs at once; declining sends
// nothing. The answer (the changed record) patches the list or reloads it, as a save does.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { AnyAction, AnyEntity, AnyRow } from '../../schema/define';
import { failureNotice, runAction, type ActionInput } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface ActionContext {
  entity: AnyEntity;
  list: ListActorRef;
  row: AnyRow | null;
  action: AnyAction | null;
}

export type ActionEvent = { type: 'row.action'; row: AnyRow; action: AnyAction } | { type: 'confirm' } | { type: 'cancel' };

export const actionMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    runAction: fromPromise<AnyRow | null, ActionInput>(({ input }) => runAction(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    remember: assign(({ event }) => (event.type === 'row.action' ? { row: event.row, action: event.action } : {})),
    forget: assign({ row: null, action: null }),
  },
  guards: {
    asksFirst: ({ event }) => event.type === 'row.action' && event.action.confirm !== undefined,
  },
}).createMachine({
  id: 'recordAction',
  context: ({ input }) => ({ entity: input.entity, list: input.list, row: null, action: null }),
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
        confirm: 'running',
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    running: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => {
          if (!context.row || !context.action) throw new Error('running an action without a row');
          return { action: context.action, row: context.row };
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ context }) => ({ kind: 'success', text: context.action?.succeeded ?? '' }) },
            sendTo(
              ({ context }) => context.list,
              ({ context, event }) =>
                context.entity.afterSave === 'patch' && event.output ? { type: 'row.patch', row: event.output } : { type: 'reload' },
            ),
            'forget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.action?.failed ?? '', event.error) },
            // A refused action (stale row, a guard) says why; the list is read again so the
            // admin sees the record as it is now.
            sendTo(({ context }) => context.list, { type: 'reload' }),
            'forget',
          ],
        },
      },
    },
  },
});

export type ActionActorRef = ActorRefFrom<typeof actionMachine>;

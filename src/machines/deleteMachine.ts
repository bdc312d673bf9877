// Deleting one row: idle → confirming → deleting → done | failed. A declined confirmation goes
// back to idle having sent nothing. done and failed accept the next delete, so one actor serves
// the screen's whole life.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { deleteRecord, failureText, type DeleteInput } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface DeleteContext {
  entity: AnyEntity;
  list: ListActorRef;
  row: AnyRow | null;
}

export type DeleteEvent = { type: 'row.delete'; row: AnyRow } | { type: 'confirm' } | { type: 'cancel' };

export const deleteMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    deleteRecord: fromPromise<void, DeleteInput>(({ input }) => deleteRecord(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    remember: assign({ row: ({ event }) => (event.type === 'row.delete' ? event.row : null) }),
    updateList: sendTo(
      ({ context }) => context.list,
      ({ context }) =>
        context.entity.afterRemove === 'removeLocal' && context.row
          ? { type: 'row.removeLocal', id: context.row.id }
          : { type: 'reload' },
    ),
  },
}).createMachine({
  id: 'entityDelete',
  context: ({ input }) => ({ entity: input.entity, list: input.list, row: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'row.delete': { target: '#entityDelete.confirming', actions: 'remember' } } },
    confirming: {
      on: {
        confirm: 'deleting',
        cancel: { target: 'idle', actions: assign({ row: null }) },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteRecord',
        input: ({ context }) => {
          if (!context.row) throw new Error('deleting without a row');
          return { entity: context.entity, row: context.row };
        },
        onDone: 'done',
        onError: {
          target: 'failed',
          actions: {
            type: 'notify',
            params: ({ context, event }) => ({
              kind: 'error',
              text: failureText(context.entity, context.entity.texts.failed.remove, event.error),
            }),
          },
        },
      },
    },
    done: {
      entry: [
        { type: 'notify', params: ({ context }) => ({ kind: 'success', text: context.entity.texts.succeeded.remove }) },
        'updateList',
      ],
      on: { 'row.delete': { target: '#entityDelete.confirming', actions: 'remember' } },
    },
    failed: { on: { 'row.delete': { target: '#entityDelete.confirming', actions: 'remember' } } },
  },
});

export type DeleteActorRef = ActorRefFrom<typeof deleteMachine>;

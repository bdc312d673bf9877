// Deleting one row: idle → confirming → deleting → done | failed. A declined confirmation goes
// back to idle having sent nothing. done and failed accept the next delete, so one actor serves
// the screen's whole life. A delete refused because the record is in use (409) offers, for an
// entity with an `inActive` field, to deactivate it instead: failed → deactivating → deactivated.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { editRecord, type AnyEntity, type AnyRow } from '../../schema/define';
import { ApiError } from '../api/operations';
import { deleteRecord, failureNotice, saveRecord, type DeleteInput, type SaveInput } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface DeleteContext {
  entity: AnyEntity;
  list: ListActorRef;
  row: AnyRow | null;
  /** Why the last delete was refused (the server's words), while the screen shows it. */
  refusal: string | null;
  /** The refusal was "in use" and the entity can be deactivated instead. */
  canDeactivate: boolean;
}

export type DeleteEvent =
  | { type: 'row.delete'; row: AnyRow }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'deactivate' }
  | { type: 'dismiss' };

export const deactivateTexts = {
  done: 'رکورد غیرفعال شد',
  failed: 'غیرفعال کردن ناموفق بود',
} as const;

/** Entities whose records can be switched off instead of deleted. */
export const deactivatable = (entity: AnyEntity): boolean => 'inActive' in entity.fields && entity.ops.update !== undefined;

const forgetFailure = { refusal: null, canDeactivate: false };

export const deleteMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    deleteRecord: fromPromise<void, DeleteInput>(({ input }) => deleteRecord(input)),
    saveRecord: fromPromise<AnyRow | null, SaveInput>(({ input }) => saveRecord(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    remember: assign({ row: ({ event }) => (event.type === 'row.delete' ? event.row : null), ...forgetFailure }),
    updateList: sendTo(
      ({ context }) => context.list,
      ({ context }) =>
        context.entity.afterRemove === 'removeLocal' && context.row
          ? { type: 'row.removeLocal', id: context.row.id }
          : { type: 'reload' },
    ),
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'entityDelete',
  context: ({ input }) => ({ entity: input.entity, list: input.list, row: null, ...forgetFailure }),
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
          actions: [
            { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.entity.texts.failed.remove, event.error) },
            assign({
              refusal: ({ event }) => (event.error instanceof ApiError ? (event.error.serverMessage ?? null) : null),
              canDeactivate: ({ context, event }) =>
                event.error instanceof ApiError && event.error.status === 409 && deactivatable(context.entity) && context.row?.inActive !== true,
            }),
          ],
        },
      },
    },
    done: {
      entry: [
        { type: 'notify', params: ({ context }) => ({ kind: 'success', text: context.entity.texts.succeeded.remove, ...(context.row ? { subject: { entity: context.entity, row: context.row } } : {}) }) },
        'updateList',
      ],
      on: { 'row.delete': { target: '#entityDelete.confirming', actions: 'remember' } },
    },
    failed: {
      on: {
        'row.delete': { target: '#entityDelete.confirming', actions: 'remember' },
        deactivate: { guard: ({ context }) => context.canDeactivate, target: 'deactivating' },
        dismiss: { target: 'idle', actions: assign({ row: null, ...forgetFailure }) },
      },
    },
    deactivating: {
      invoke: {
        src: 'saveRecord',
        input: ({ context }) => {
          if (!context.row) throw new Error('deactivating without a row');
          return {
            entity: context.entity,
            mode: 'update',
            row: context.row,
            values: { ...editRecord(context.entity, context.row), inActive: true },
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { kind: 'success', text: deactivateTexts.done } },
            'reloadList',
            assign({ row: null, ...forgetFailure }),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, deactivateTexts.failed, event.error) },
            assign({ canDeactivate: false }),
          ],
        },
      },
    },
  },
});

export type DeleteActorRef = ActorRefFrom<typeof deleteMachine>;

// The add/edit modal of one entity: closed | add | edit, each with editing and saving.
// A save that succeeds closes and resets the form, then reloads the list or patches the row
// (entity.afterSave); one that fails keeps the form open with the values as they were.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { blankRecord, editRecord, type AnyEntity, type AnyRow } from '../../schema/define';
import { failureText, saveRecord, type SaveInput } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface FormContext {
  entity: AnyEntity;
  list: ListActorRef;
  /** The row being edited; null when adding or closed. */
  row: AnyRow | null;
  /** The values the form shows: the starting record, then whatever was last submitted. */
  values: Record<string, unknown>;
}

export type FormEvent =
  | { type: 'open.add' }
  | { type: 'open.edit'; row: AnyRow }
  | { type: 'close' }
  | { type: 'submit'; values: Record<string, unknown> };

export interface FormInput {
  entity: AnyEntity;
  list: ListActorRef;
}

const closedContext = { row: null, values: {} };

export const formMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
  },
  actors: {
    saveRecord: fromPromise<AnyRow | null, SaveInput>(({ input }) => saveRecord(input)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reset: assign(closedContext),
    keepSubmitted: assign({
      values: ({ event }) => (event.type === 'submit' ? event.values : {}),
    }),
    updateList: sendTo(
      ({ context }) => context.list,
      ({ context }, saved: AnyRow | null) =>
        context.entity.afterSave === 'patch' && saved ? { type: 'row.patch', row: saved } : { type: 'reload' },
    ),
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => ({ entity: input.entity, list: input.list, ...closedContext }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'open.add': {
          guard: ({ context }) => context.entity.ops.create !== undefined,
          target: 'add',
          actions: assign({ row: null, values: ({ context }) => blankRecord(context.entity) }),
        },
        'open.edit': {
          guard: ({ context }) => context.entity.ops.update !== undefined,
          target: 'edit',
          actions: assign({
            row: ({ event }) => event.row,
            values: ({ context, event }) => editRecord(context.entity, event.row),
          }),
        },
      },
    },
    add: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            close: { target: '#entityForm.closed', actions: 'reset' },
            submit: { target: 'saving', actions: 'keepSubmitted' },
          },
        },
        saving: {
          invoke: {
            src: 'saveRecord',
            input: ({ context }) => ({ entity: context.entity, mode: 'create', values: context.values }),
            onDone: {
              target: '#entityForm.closed',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'success',
                    text: context.entity.texts.succeeded.create ?? context.entity.texts.succeeded.update,
                  }),
                },
                'reset',
                { type: 'updateList', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ context, event }) => ({
                  kind: 'error',
                  text: failureText(context.entity, context.entity.texts.failed.save, event.error),
                }),
              },
            },
          },
        },
      },
    },
    edit: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            close: { target: '#entityForm.closed', actions: 'reset' },
            submit: { target: 'saving', actions: 'keepSubmitted' },
          },
        },
        saving: {
          invoke: {
            src: 'saveRecord',
            input: ({ context }) => ({
              entity: context.entity,
              mode: 'update',
              values: context.values,
              row: context.row ?? undefined,
            }),
            onDone: {
              target: '#entityForm.closed',
              actions: [
                { type: 'notify', params: ({ context }) => ({ kind: 'success', text: context.entity.texts.succeeded.update }) },
                // The list is told before the reset, which would drop the row the patch needs.
                { type: 'updateList', params: ({ event }) => event.output },
                'reset',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'notify',
                params: ({ context, event }) => ({
                  kind: 'error',
                  text: failureText(context.entity, context.entity.texts.failed.save, event.error),
                }),
              },
            },
          },
        },
      },
    },
  },
});

export type FormActorRef = ActorRefFrom<typeof formMachine>;

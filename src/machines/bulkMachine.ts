// Bulk work on the chosen rows. A bulk delete: idle → confirming → deleting → done | failed. A
// bulk edit: idle → choosing (a declared field and its value) → confirmingEdit → editing → done |
// failed. One confirmation names the count; a declined one sends nothing. `done` keeps the
// server's report (what was done, what was kept and why) until it is dismissed or the next bulk
// work starts. The actors and the `notify` / `clearSelection` actions are named, so the screen and
// the tests provide them.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { entitySingular, type AnyEntity } from '../../schema/define';
import { bulkTexts } from './bulkTexts';
import { formatPersianNumber, toPersianDigits } from '../../schema/rules/text';
import { bulkDeleteRows, bulkEditRows, bulkFailureText, type BulkChange, type BulkDeleteInput, type BulkDeleteResult, type BulkEditResult, type BulkSelection } from './bulkApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface BulkContext {
  entity: AnyEntity;
  list: ListActorRef;
  selection: BulkSelection | null;
  /** How many rows the admin is asked about (and confirmed). */
  count: number;
  /** A bulk edit's field and value, once chosen. */
  change: BulkChange | null;
  result: BulkDeleteResult | BulkEditResult | null;
  error: string | null;
}

export type BulkEvent =
  | { type: 'bulk.delete'; selection: BulkSelection; count: number }
  | { type: 'bulk.edit'; selection: BulkSelection; count: number }
  | { type: 'change'; change: BulkChange }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'dismiss' };

const start = { target: '#entityBulk.confirming', guard: 'somethingChosen', actions: 'remember' } as const;
const startEdit = { target: '#entityBulk.choosing', guard: 'somethingChosen', actions: 'remember' } as const;

/** «دسته‌بندی ۱۲ دوره به «رباتیک»»: the question and the toast say the same. */
export function bulkChangeWords(entity: AnyEntity, change: BulkChange, count: number): [string, string, string, string] {
  return [entity.fields[change.field]?.label ?? change.field, formatPersianNumber(count), entitySingular(entity), change.text];
}

export const bulkMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as BulkContext,
    events: {} as BulkEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    bulkDelete: fromPromise<BulkDeleteResult, BulkDeleteInput>(({ input }) => bulkDeleteRows(input)),
    bulkEdit: fromPromise<BulkEditResult, BulkDeleteInput & { change: BulkChange }>(({ input }) => bulkEditRows(input)),
  },
  guards: {
    somethingChosen: ({ event }) => (event.type === 'bulk.delete' || event.type === 'bulk.edit') && event.count > 0,
  },
  actions: {
    remember: assign(({ event }) =>
      event.type === 'bulk.delete' || event.type === 'bulk.edit' ? { selection: event.selection, count: event.count, change: null, result: null, error: null } : {},
    ),
    forget: assign({ selection: null, count: 0, change: null }),
    notify: (_, _notice: Notice) => {},
    clearSelection: () => {},
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'entityBulk',
  context: ({ input }) => ({ entity: input.entity, list: input.list, selection: null, count: 0, change: null, result: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'bulk.delete': start, 'bulk.edit': startEdit } },
    confirming: {
      on: {
        confirm: 'deleting',
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      invoke: {
        src: 'bulkDelete',
        input: ({ context }) => {
          if (!context.selection) throw new Error('bulk delete without a selection');
          return { entity: context.entity, selection: context.selection, count: context.count };
        },
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            {
              type: 'notify',
              params: ({ event }) =>
                event.output.deleted > 0
                  ? { kind: 'success', text: bulkTexts.deleted(toPersianDigits(event.output.deleted)) }
                  : { kind: 'error', text: bulkTexts.nothingDeleted },
            },
            'clearSelection',
            'reloadList',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => bulkFailureText(event.error, bulkTexts.bulkFailed) }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error', text: bulkFailureText(event.error, bulkTexts.bulkFailed) }) },
          ],
        },
      },
    },
    choosing: {
      on: {
        change: { target: 'confirmingEdit', actions: assign({ change: ({ event }) => event.change }) },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    confirmingEdit: {
      on: {
        confirm: 'editing',
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    editing: {
      invoke: {
        src: 'bulkEdit',
        input: ({ context }) => {
          if (!context.selection || !context.change) throw new Error('bulk edit without a selection or a change');
          return { entity: context.entity, selection: context.selection, count: context.count, change: context.change };
        },
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            {
              type: 'notify',
              params: ({ context, event }) => {
                const saved = event.output.updated + event.output.unchanged;
                return saved > 0 && context.change
                  ? { kind: 'success', text: bulkTexts.edited(...bulkChangeWords(context.entity, context.change, saved)) }
                  : { kind: 'error', text: bulkTexts.nothingEdited };
              },
            },
            'clearSelection',
            'reloadList',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => bulkFailureText(event.error, bulkTexts.bulkEditFailed) }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error', text: bulkFailureText(event.error, bulkTexts.bulkEditFailed) }) },
          ],
        },
      },
    },
    done: { on: { 'bulk.delete': start, 'bulk.edit': startEdit, dismiss: { target: 'idle', actions: assign({ result: null }) } } },
    failed: { on: { 'bulk.delete': start, 'bulk.edit': startEdit, dismiss: { target: 'idle', actions: assign({ error: null }) } } },
  },
});

export type BulkActorRef = ActorRefFrom<typeof bulkMachine>;

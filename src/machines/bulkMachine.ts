// A bulk delete: idle → confirming → deleting → done | failed. One confirmation names the count;
// a declined one sends nothing. `done` keeps the server's report (what was deleted, what was
// kept and why) until it is dismissed or the next bulk delete starts. The `bulkDelete` actor
// and the `notify` / `clearSelection` actions are named, so the screen and the tests provide them.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { bulkTexts } from '../components/admin/bulkTexts';
import type { BulkSelection } from '../components/admin/selection';
import { toPersianDigits } from '../../schema/rules/text';
import { bulkDeleteRows, bulkFailureText, type BulkDeleteInput, type BulkDeleteResult } from './bulkApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface BulkContext {
  entity: AnyEntity;
  list: ListActorRef;
  selection: BulkSelection | null;
  /** How many rows the admin is asked about (and confirmed). */
  count: number;
  result: BulkDeleteResult | null;
  error: string | null;
}

export type BulkEvent =
  | { type: 'bulk.delete'; selection: BulkSelection; count: number }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'dismiss' };

const start = { target: '#entityBulk.confirming', guard: 'somethingChosen', actions: 'remember' } as const;

export const bulkMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as BulkContext,
    events: {} as BulkEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    bulkDelete: fromPromise<BulkDeleteResult, BulkDeleteInput>(({ input }) => bulkDeleteRows(input)),
  },
  guards: {
    somethingChosen: ({ event }) => event.type === 'bulk.delete' && event.count > 0,
  },
  actions: {
    remember: assign(({ event }) =>
      event.type === 'bulk.delete' ? { selection: event.selection, count: event.count, result: null, error: null } : {},
    ),
    notify: (_, _notice: Notice) => {},
    clearSelection: () => {},
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'entityBulk',
  context: ({ input }) => ({ entity: input.entity, list: input.list, selection: null, count: 0, result: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'bulk.delete': start } },
    confirming: {
      on: {
        confirm: 'deleting',
        cancel: { target: 'idle', actions: assign({ selection: null, count: 0 }) },
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
    done: { on: { 'bulk.delete': start, dismiss: { target: 'idle', actions: assign({ result: null }) } } },
    failed: { on: { 'bulk.delete': start, dismiss: { target: 'idle', actions: assign({ error: null }) } } },
  },
});

export type BulkActorRef = ActorRefFrom<typeof bulkMachine>;

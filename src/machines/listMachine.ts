// One admin list: loading → table | failed, reloadable, patched in place where the entity says.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { fetchRows } from './entityApi';
import type { Notice } from './notice';

export interface ListContext {
  entity: AnyEntity;
  rows: AnyRow[];
}

export type ListEvent =
  | { type: 'reload' }
  | { type: 'row.patch'; row: AnyRow }
  | { type: 'row.removeLocal'; id: number };

export const listMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { entity: AnyEntity },
  },
  actors: {
    fetchList: fromPromise<AnyRow[], { entity: AnyEntity }>(({ input }) => fetchRows(input.entity)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'entityList',
  context: ({ input }) => ({ entity: input.entity, rows: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchList',
        input: ({ context }) => ({ entity: context.entity }),
        onDone: { target: 'table', actions: assign({ rows: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error', text: context.entity.texts.failed.list }) },
        },
      },
    },
    table: {
      on: {
        reload: 'loading',
        'row.patch': {
          actions: assign({
            rows: ({ context, event }) => context.rows.map((row) => (row.id === event.row.id ? event.row : row)),
          }),
        },
        'row.removeLocal': {
          actions: assign({ rows: ({ context, event }) => context.rows.filter((row) => row.id !== event.id) }),
        },
      },
    },
    failed: {
      on: { reload: 'loading' },
    },
  },
});

export type ListActorRef = ActorRefFrom<typeof listMachine>;

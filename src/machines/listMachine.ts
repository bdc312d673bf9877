// One admin list: loading → table | failed, reloadable, patched in place where the entity says.
// Without a query it holds the whole list (the spec's call, no parameters). With a query (the list
// protocol's page, sort, filters and search) it holds one page and the total that matched; a new
// query (`query.set`) or a reload then refreshes with the table still shown, and the newest query
// wins (re-entering `refreshing` stops the request still under way).
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { fetchPage, fetchRows, type ListPage, type ListQueryParams, type PageLabels } from './entityApi';
import type { Notice } from './notice';

export interface ListContext {
  entity: AnyEntity;
  rows: AnyRow[];
  /** Rows matching the query in all (the whole list's length without one). */
  total: number;
  /** The list protocol's parameters; null for the whole list. */
  query: ListQueryParams | null;
  /** What the page's columns show of other records, read with it (none for the whole list). */
  labels: PageLabels | null;
}

export type ListEvent =
  | { type: 'reload' }
  | { type: 'query.set'; query: ListQueryParams }
  | { type: 'row.patch'; row: AnyRow }
  | { type: 'row.removeLocal'; id: number };

export const listMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { entity: AnyEntity; query?: ListQueryParams | null },
  },
  actors: {
    fetchList: fromPromise<AnyRow[], { entity: AnyEntity }>(({ input }) => fetchRows(input.entity)),
    fetchPage: fromPromise<ListPage, { entity: AnyEntity; query: ListQueryParams }>(({ input }) => fetchPage(input.entity, input.query)),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    paged: ({ context }) => context.query !== null,
  },
}).createMachine({
  id: 'entityList',
  context: ({ input }) => ({ entity: input.entity, rows: [], total: 0, query: input.query ?? null, labels: null }),
  initial: 'start',
  states: {
    // Resolved while the actor starts: its first state is already `loading` or `loadingPage`.
    start: {
      always: [{ guard: 'paged', target: 'loadingPage' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'fetchList',
        input: ({ context }) => ({ entity: context.entity }),
        onDone: {
          target: 'table',
          actions: assign({ rows: ({ event }) => event.output, total: ({ event }) => event.output.length, labels: null }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error', text: context.entity.texts.failed.list }) },
        },
      },
    },
    /** The first page: nothing is shown yet. */
    loadingPage: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ entity: context.entity, query: context.query ?? {} }),
        onDone: {
          target: 'table',
          actions: assign({ rows: ({ event }) => event.output.items, total: ({ event }) => event.output.total, labels: ({ event }) => event.output.labels }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error', text: context.entity.texts.failed.list }) },
        },
      },
      on: {
        'query.set': { target: 'loadingPage', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
      },
    },
    table: {
      on: {
        reload: [{ guard: 'paged', target: 'refreshing' }, { target: 'loading' }],
        'query.set': { target: 'refreshing', actions: assign({ query: ({ event }) => event.query }) },
        'row.patch': {
          actions: assign({
            rows: ({ context, event }) => context.rows.map((row) => (row.id === event.row.id ? event.row : row)),
          }),
        },
        'row.removeLocal': {
          actions: assign({
            rows: ({ context, event }) => context.rows.filter((row) => row.id !== event.id),
            total: ({ context, event }) => (context.rows.some((row) => row.id === event.id) ? Math.max(0, context.total - 1) : context.total),
          }),
        },
      },
    },
    /** A page being replaced: the table keeps the rows it shows until the new ones arrive. */
    refreshing: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ entity: context.entity, query: context.query ?? {} }),
        onDone: {
          target: 'table',
          actions: assign({ rows: ({ event }) => event.output.items, total: ({ event }) => event.output.total, labels: ({ event }) => event.output.labels }),
        },
        // The rows shown stay; the toast says the new ones could not be read.
        onError: {
          target: 'table',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error', text: context.entity.texts.failed.list }) },
        },
      },
      on: {
        reload: { target: 'refreshing', reenter: true },
        'query.set': { target: 'refreshing', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
      },
    },
    failed: {
      on: {
        reload: [{ guard: 'paged', target: 'loadingPage' }, { target: 'loading' }],
        'query.set': { target: 'loadingPage', actions: assign({ query: ({ event }) => event.query }) },
      },
    },
  },
});

export type ListActorRef = ActorRefFrom<typeof listMachine>;

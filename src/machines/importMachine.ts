// Importing a CSV file: a chosen file is first checked on the server without writing (dry run);
// the report lists each rejected line. Only a file with no rejected line can be submitted; the
// server writes all of its rows or none. idle → checking → checked → importing → imported, with
// failed for a refused file (size, encoding, unknown column) or an unreachable server.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { bulkTexts } from './bulkTexts';
import { toPersianDigits } from '../../schema/rules/text';
import { bulkFailureText, importCsv, type ImportInput, type ImportResult } from './bulkApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface ImportContext {
  entity: AnyEntity;
  list: ListActorRef;
  csv: string;
  fileName: string;
  report: ImportResult | null;
  error: string | null;
}

export type ImportEvent = { type: 'file.chosen'; csv: string; fileName: string } | { type: 'submit' } | { type: 'reset' };

const choose = { target: '#entityImport.checking', actions: 'remember' } as const;

export const importMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as { entity: AnyEntity; list: ListActorRef },
  },
  actors: {
    importCsv: fromPromise<ImportResult, ImportInput>(({ input }) => importCsv(input)),
  },
  guards: {
    clean: ({ context }) => context.report !== null && context.report.rejected.length === 0,
  },
  actions: {
    remember: assign(({ event }) => (event.type === 'file.chosen' ? { csv: event.csv, fileName: event.fileName, report: null, error: null } : {})),
    notify: (_, _notice: Notice) => {},
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
  },
}).createMachine({
  id: 'entityImport',
  context: ({ input }) => ({ entity: input.entity, list: input.list, csv: '', fileName: '', report: null, error: null }),
  initial: 'idle',
  on: { reset: { target: '.idle', actions: assign({ csv: '', fileName: '', report: null, error: null }) } },
  states: {
    idle: { on: { 'file.chosen': choose } },
    checking: {
      invoke: {
        src: 'importCsv',
        input: ({ context }) => ({ entity: context.entity, csv: context.csv, dryRun: true }),
        onDone: { target: 'checked', actions: assign({ report: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => bulkFailureText(event.error, bulkTexts.importFailed) }) },
      },
    },
    checked: { on: { 'file.chosen': choose, submit: { target: 'importing', guard: 'clean' } } },
    importing: {
      invoke: {
        src: 'importCsv',
        input: ({ context }) => ({ entity: context.entity, csv: context.csv, dryRun: false }),
        onDone: [
          {
            target: 'imported',
            guard: ({ event }) => event.output.created > 0,
            actions: [
              assign({ report: ({ event }) => event.output }),
              { type: 'notify', params: ({ event }) => ({ kind: 'success', text: bulkTexts.imported(toPersianDigits(event.output.created)) }) },
              'reloadList',
            ],
          },
          // Refused by the database after the check passed (a value taken meanwhile): shown as a report.
          { target: 'checked', actions: assign({ report: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => bulkFailureText(event.error, bulkTexts.importFailed) }),
            { type: 'notify', params: ({ event }) => ({ kind: 'error', text: bulkFailureText(event.error, bulkTexts.importFailed) }) },
          ],
        },
      },
    },
    imported: { on: { 'file.chosen': choose } },
    failed: { on: { 'file.chosen': choose } },
  },
});

export type ImportActorRef = ActorRefFrom<typeof importMachine>;

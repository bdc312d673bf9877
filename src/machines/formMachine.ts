// The add/edit modal of one entity: closed | add | edit, each with editing and saving.
// A save that succeeds closes and resets the form, then reloads the list or patches the row
// (entity.afterSave); one that fails keeps the form open with the values as they were.
// Two failures keep the admin's work instead of only toasting: a save over a version someone
// else saved since (409 with `conflict`) goes to `conflict`, where the admin reloads the
// current record or overwrites it deliberately; a session that expired (401) goes to
// `signIn`, and once the admin has signed in again in place the same save is retried.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { blankRecord, editRecord, type AnyEntity, type AnyRow } from '../../schema/define';
import { conflictOf, failureNotice, isUnauthorized, previewSave, saveRecord, type SaveInput, type VersionConflict } from './entityApi';
import type { ListActorRef } from './listMachine';
import type { Notice } from './notice';

export interface FormContext {
  entity: AnyEntity;
  list: ListActorRef;
  /** The row being edited (with the version the form loaded); null when adding or closed. */
  row: AnyRow | null;
  /** The values the form shows: the starting record, then whatever was last submitted. */
  values: Record<string, unknown>;
  /** The stale save's conflict while the admin decides. */
  conflict: VersionConflict | null;
  /** What the save would change besides the record (SavePreviewDecl), while the admin decides. */
  preview: readonly string[] | null;
}

export type FormEvent =
  /** `values`: fields given beforehand (a related group's reference to the record it is under). */
  | { type: 'open.add'; values?: Readonly<Record<string, unknown>> }
  | { type: 'open.edit'; row: AnyRow }
  | { type: 'close' }
  | { type: 'submit'; values: Record<string, unknown> }
  /** Conflict: drop this form's edits and load the record as it is now. */
  | { type: 'conflict.reload' }
  /** Conflict: save these values over the current version, knowingly. */
  | { type: 'conflict.overwrite' }
  /** Signed in again after a 401: retry the save. */
  | { type: 'signedIn' }
  /** Declined to sign in again: back to the form, values kept. */
  | { type: 'signIn.cancel' }
  /** The save's preview read: save after all, or go back to the form. */
  | { type: 'preview.confirm' }
  | { type: 'preview.cancel' };

export interface FormInput {
  entity: AnyEntity;
  list: ListActorRef;
}

const closedContext = { row: null, values: {}, conflict: null, preview: null };

export const formMachine = setup({
  // XState's documented way of declaring a machine's types: the objects are never read.
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
  },
  actors: {
    saveRecord: fromPromise<AnyRow | null, SaveInput>(({ input }) => saveRecord(input)),
    previewSave: fromPromise<string[], SaveInput>(({ input }) => previewSave(input)),
  },
  guards: {
    sessionExpired: ({ event }) => 'error' in event && isUnauthorized(event.error),
    staleVersion: ({ event }) => 'error' in event && conflictOf(event.error) !== null,
    // A save that changes other records is shown first (the entity's savePreview).
    previews: ({ context }) => context.entity.decl.savePreview !== undefined,
    changesNothingElse: ({ event }) => 'output' in event && Array.isArray(event.output) && event.output.length === 0,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Told the record a create made (an add form opened from a picker chooses it). */
    created: (_, _row: AnyRow | null) => {},
    reset: assign(closedContext),
    keepSubmitted: assign({
      values: ({ event }) => (event.type === 'submit' ? event.values : {}),
    }),
    keepConflict: assign({ conflict: ({ event }) => ('error' in event ? conflictOf(event.error) : null) }),
    keepPreview: assign({ preview: ({ event }) => ('output' in event && Array.isArray(event.output) ? event.output.filter((line): line is string => typeof line === 'string') : null) }),
    dropPreview: assign({ preview: null }),
    reloadList: sendTo(({ context }) => context.list, { type: 'reload' }),
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
          actions: assign({
            row: null,
            values: ({ context, event }) => {
              const blank = blankRecord(context.entity);
              for (const [name, value] of Object.entries(event.values ?? {})) if (name in blank) blank[name] = value;
              return blank;
            },
          }),
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
            submit: [
              { guard: 'previews', target: 'previewing', actions: 'keepSubmitted' },
              { target: 'saving', actions: 'keepSubmitted' },
            ],
          },
        },
        previewing: {
          invoke: {
            src: 'previewSave',
            input: ({ context }) => ({ entity: context.entity, mode: 'create', values: context.values, keepSession: true }),
            onDone: [
              { guard: 'changesNothingElse', target: 'saving' },
              { target: 'confirmingPreview', actions: 'keepPreview' },
            ],
            onError: [
              { guard: 'sessionExpired', target: 'signIn' },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.entity.texts.failed.save, event.error) },
              },
            ],
          },
        },
        confirmingPreview: {
          on: {
            'preview.confirm': { target: 'saving', actions: 'dropPreview' },
            'preview.cancel': { target: 'editing', actions: 'dropPreview' },
          },
        },
        saving: {
          invoke: {
            src: 'saveRecord',
            input: ({ context }) => ({ entity: context.entity, mode: 'create', values: context.values, keepSession: true }),
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
                { type: 'created', params: ({ event }) => event.output },
                'reset',
                // A new row is not in the list to patch (users patch their edits): read it again.
                { type: 'updateList', params: () => null },
              ],
            },
            onError: [
              { guard: 'sessionExpired', target: 'signIn' },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.entity.texts.failed.save, event.error) },
              },
            ],
          },
        },
        signIn: {
          on: {
            signedIn: [{ guard: 'previews', target: 'previewing' }, { target: 'saving' }],
            'signIn.cancel': 'editing',
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
            submit: [
              { guard: 'previews', target: 'previewing', actions: 'keepSubmitted' },
              { target: 'saving', actions: 'keepSubmitted' },
            ],
          },
        },
        previewing: {
          invoke: {
            src: 'previewSave',
            input: ({ context }) => ({ entity: context.entity, mode: 'update', values: context.values, row: context.row ?? undefined, keepSession: true }),
            onDone: [
              { guard: 'changesNothingElse', target: 'saving' },
              { target: 'confirmingPreview', actions: 'keepPreview' },
            ],
            onError: [
              { guard: 'sessionExpired', target: 'signIn' },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.entity.texts.failed.save, event.error) },
              },
            ],
          },
        },
        confirmingPreview: {
          on: {
            'preview.confirm': { target: 'saving', actions: 'dropPreview' },
            'preview.cancel': { target: 'editing', actions: 'dropPreview' },
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
              keepSession: true,
            }),
            onDone: {
              target: '#entityForm.closed',
              actions: [
                {
                  type: 'notify',
                  params: ({ context, event }) => {
                    const subject = event.output ?? context.row;
                    return { kind: 'success', text: context.entity.texts.succeeded.update, ...(subject ? { subject: { entity: context.entity, row: subject } } : {}) };
                  },
                },
                // The list is told before the reset, which would drop the row the patch needs.
                { type: 'updateList', params: ({ event }) => event.output },
                'reset',
              ],
            },
            onError: [
              { guard: 'sessionExpired', target: 'signIn' },
              { guard: 'staleVersion', target: 'conflict', actions: 'keepConflict' },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ context, event }) => failureNotice(context.entity, context.entity.texts.failed.save, event.error) },
              },
            ],
          },
        },
        conflict: {
          on: {
            'conflict.reload': {
              target: 'editing',
              actions: [
                assign({
                  row: ({ context }) => context.conflict?.current ?? context.row,
                  values: ({ context }) => (context.conflict ? editRecord(context.entity, context.conflict.current) : context.values),
                  conflict: null,
                }),
                // The table still shows the row as it was when the form opened.
                'reloadList',
              ],
            },
            'conflict.overwrite': {
              target: 'saving',
              // The same values, now naming the version the server holds.
              actions: assign({ row: ({ context }) => context.conflict?.current ?? context.row, conflict: null }),
            },
            close: { target: '#entityForm.closed', actions: 'reset' },
          },
        },
        signIn: {
          on: {
            signedIn: [{ guard: 'previews', target: 'previewing' }, { target: 'saving' }],
            'signIn.cancel': 'editing',
          },
        },
      },
    },
  },
});

export type FormActorRef = ActorRefFrom<typeof formMachine>;

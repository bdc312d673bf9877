// The lifecycle of one upload, shared by the media screen's upload form and
// every image/video field's picker:
//   ready.idle ─file.choose─▶ ready.refused (wrong type, too large: nothing is sent)
//              ─file.choose / upload.start─▶ uploading (progress) ─▶ done | ready.failed
//   uploading ─upload.cancel─▶ ready.cancelled (the request is aborted)
// A refused, failed or cancelled upload keeps the chosen file (when it was acceptable) for
// another try; `done` is final and its output is the stored name. The limits and messages of
// the check are the declaration's (schema/uploads.ts), the same the server applies.
import { assign, fromCallback, setup } from 'xstate';
import { uploadProblem, type UploadKind } from '../../schema/uploads';
import { sendFile, UploadError, uploadErrorTexts } from '../api/upload';

export const uploadFormTexts = {
  noFile: 'فایلی انتخاب نشده',
  cancel: 'لغو',
  cancelled: uploadErrorTexts.cancelled,
  progress: 'پیشرفت آپلود',
} as const;

export interface UploadInput {
  kind: UploadKind;
  /** The picker uploads as soon as a file is chosen; the media screen's form waits for its button. */
  startOnChoose?: boolean;
}

export interface UploadContext {
  kind: UploadKind;
  startOnChoose: boolean;
  file: File | null;
  /** What the admin is told: why a file was refused, or why the upload failed. */
  problem: string | null;
  loaded: number;
  total: number;
  fileName: string | null;
}

export type UploadEvent =
  | { type: 'file.choose'; file: File | null }
  | { type: 'upload.start' }
  | { type: 'upload.cancel' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.sent'; fileName: string }
  | { type: 'upload.failed'; message: string };

/** Sends the file and reports back progress, the stored name, or the failure; stopping it aborts the request. */
const sendChosenFile = fromCallback<UploadEvent, { kind: UploadKind; file: File }>(({ input, sendBack }) => {
  const controller = new AbortController();
  sendFile({
    kind: input.kind,
    file: input.file,
    signal: controller.signal,
    onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
  }).then(
    (fileName) => sendBack({ type: 'upload.sent', fileName }),
    (error: unknown) => {
      // A cancel is the machine's own doing: it has left `uploading` already.
      if (error instanceof UploadError && error.end === 'cancelled') return;
      sendBack({ type: 'upload.failed', message: error instanceof Error ? error.message : uploadErrorTexts.failed });
    },
  );
  return () => controller.abort();
});

const chosenProblem = (context: UploadContext, event: UploadEvent): string | undefined =>
  event.type === 'file.choose' && event.file ? uploadProblem(context.kind, event.file) : undefined;

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    output: {} as { fileName: string },
  },
  actors: { sendFile: sendChosenFile },
  guards: {
    refused: ({ context, event }) => chosenProblem(context, event) !== undefined,
    startsOnChoose: ({ context, event }) => context.startOnChoose && event.type === 'file.choose' && event.file !== null,
    hasFile: ({ context }) => context.file !== null,
  },
  actions: {
    refuse: assign({ file: null, problem: ({ context, event }) => chosenProblem(context, event) ?? null }),
    keep: assign({ file: ({ event }) => (event.type === 'file.choose' ? event.file : null), problem: null }),
    restart: assign({ loaded: 0, total: 0, problem: null }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    kind: input.kind,
    startOnChoose: input.startOnChoose ?? false,
    file: null,
    problem: null,
    loaded: 0,
    total: 0,
    fileName: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'file.choose': [
          { guard: 'refused', target: '.refused', actions: 'refuse' },
          { guard: 'startsOnChoose', target: 'uploading', actions: ['keep', 'restart'] },
          { target: '.idle', actions: 'keep' },
        ],
        'upload.start': [
          { guard: 'hasFile', target: 'uploading', actions: 'restart' },
          { target: '.refused', actions: assign({ problem: uploadFormTexts.noFile }) },
        ],
      },
      states: {
        idle: {},
        refused: {},
        failed: {},
        cancelled: {},
      },
    },
    uploading: {
      invoke: {
        src: 'sendFile',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading without a file');
          return { kind: context.kind, file: context.file };
        },
      },
      on: {
        'upload.progress': { actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }) },
        'upload.sent': { target: 'done', actions: assign({ fileName: ({ event }) => event.fileName, loaded: ({ context }) => context.total }) },
        'upload.failed': { target: 'ready.failed', actions: assign({ problem: ({ event }) => event.message }) },
        // Leaving the state stops the callback actor, which aborts the request.
        'upload.cancel': { target: 'ready.cancelled', actions: assign({ loaded: 0, total: 0 }) },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ fileName: context.fileName ?? '' }),
});

/** Whole percent of the body sent (0 before the first progress report). */
export function uploadPercent(context: Pick<UploadContext, 'loaded' | 'total'>): number {
  return context.total > 0 ? Math.min(100, Math.floor((context.loaded / context.total) * 100)) : 0;
}

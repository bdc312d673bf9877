// The media screen's lifecycle (spec §2 media, §4, §8): the list of one kind (images or
// videos) loads, shows or fails; switching the kind reloads; the upload modal runs an upload
// (src/machines/uploadMachine.ts, invoked as its child `upload`) and reloads once it is stored; a
// row's delete asks first. Every write reloads the list (the client clears its GET cache on
// any successful write, so the reload reaches the server).
import { toast } from 'react-toastify';
import { assign, fromPromise, setup } from 'xstate';
import { api, serverMessage } from '../api/client';
import { mediaDisplayName } from '../../schema/rules/text';
import { uploadMachine } from './uploadMachine';

export type MediaKind = 'image' | 'video';

export const mediaTexts = {
  title: 'مدیریت مدیا',
  kinds: { image: 'تصاویر', video: 'ویدیوها' },
  kindLabel: 'نوع فایل',
  upload: 'آپلود فایل',
  uploadTitle: 'آپلود فایل',
  chooseFile: 'انتخاب فایل',
  uploading: 'در حال آپلود...',
  cancel: 'انصراف',
  close: 'بستن',
  uploaded: 'فایل با موفقیت آپلود شد',
  listFailed: 'خطا در دریافت لیست مدیا',
  loading: 'در حال بارگذاری...',
  empty: 'هیچ داده‌ای موجود نیست',
  columns: { preview: 'پیش‌نمایش', name: 'نام فایل', actions: 'عملیات' },
  copy: 'کپی نام',
  copied: 'نام فایل کپی شد',
  copyFailed: 'کپی نام فایل ممکن نشد',
  remove: 'حذف',
  confirmRemove: 'آیا از حذف این فایل مطمئن هستید؟',
  confirmRemoveTitle: 'حذف فایل',
  confirm: 'بله، حذف شود',
  removing: 'در حال حذف...',
  removed: 'فایل با موفقیت حذف شد',
  removeFailed: 'خطا در حذف فایل',
  retry: 'تلاش دوباره',
} as const;

/** The URL a stored file is served from, for previews. */
export function mediaUrl(kind: MediaKind, name: string): string {
  const file = encodeURIComponent(mediaDisplayName(name));
  return kind === 'image' ? `/api/File/image/${file}` : `/api/File/video/${file}`;
}

export class MediaError extends Error {
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'media request failed');
  }
}

export async function fetchMediaList({ kind }: { kind: MediaKind }): Promise<string[]> {
  const { data, error } =
    kind === 'image' ? await api.GET('/api/File/all-images') : await api.GET('/api/File/all-videos');
  if (!data) throw new MediaError(serverMessage(error));
  return data;
}

export async function deleteMedia({ kind, name }: { kind: MediaKind; name: string }): Promise<void> {
  const { data, error } = await api.DELETE('/api/File/delete', {
    params: { query: { fileName: mediaDisplayName(name), mediaType: kind } },
  });
  if (!data) throw new MediaError(serverMessage(error));
}

export interface MediaContext {
  kind: MediaKind;
  files: string[];
  /** The file whose deletion is being confirmed or carried out. */
  target: string | null;
}

export type MediaEvent =
  | { type: 'kind.change'; kind: MediaKind }
  | { type: 'reload' }
  | { type: 'upload.open' }
  | { type: 'upload.close' }
  | { type: 'row.delete'; name: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type Notice = { type: 'success' | 'error'; message: string };

export const mediaMachine = setup({
  types: {
    context: {} as MediaContext,
    events: {} as MediaEvent,
    input: {} as { kind?: MediaKind } | undefined,
    children: {} as { upload: 'upload' },
  },
  actors: {
    fetchList: fromPromise<string[], { kind: MediaKind }>(({ input }) => fetchMediaList(input)),
    upload: uploadMachine,
    deleteFile: fromPromise<void, { kind: MediaKind; name: string }>(({ input }) => deleteMedia(input)),
  },
  actions: {
    notify: (_, notice: Notice) => {
      toast[notice.type](notice.message);
    },
  },
  guards: {
    otherKind: ({ context, event }) => event.type === 'kind.change' && event.kind !== context.kind,
  },
}).createMachine({
  id: 'media',
  context: ({ input }) => ({ kind: input?.kind ?? 'image', files: [], target: null }),
  initial: 'loading',
  on: {
    'kind.change': {
      guard: 'otherKind',
      // The old kind's rows must not show under the new kind's heading while it loads.
      target: '.loading',
      actions: assign({ kind: ({ event }) => event.kind, files: [], target: null }),
    },
    reload: { target: '.loading' },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchList',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'table', actions: assign({ files: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ files: [] }),
            { type: 'notify', params: { type: 'error', message: mediaTexts.listFailed } },
          ],
        },
      },
    },
    failed: {},
    table: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'upload.open': 'uploadOpen',
            'row.delete': { target: 'confirming', actions: assign({ target: ({ event }) => event.name }) },
          },
        },
        uploadOpen: {
          // The kind is this upload's; the list under the modal stays as it is until it ends.
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({ kind: context.kind }),
            onDone: {
              target: '#media.loading',
              actions: { type: 'notify', params: { type: 'success', message: mediaTexts.uploaded } },
            },
          },
          on: {
            // Also while a file is being sent: stopping the child aborts its request, as «لغو»
            // would (the view offers only «لغو» then, so a close is never an accident).
            'upload.close': 'idle',
            'kind.change': {},
          },
        },
        confirming: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: assign({ target: null }) },
          },
        },
        deleting: {
          on: { 'kind.change': {} },
          invoke: {
            src: 'deleteFile',
            input: ({ context }) => ({ kind: context.kind, name: context.target ?? '' }),
            onDone: {
              target: '#media.loading',
              actions: [
                assign({ target: null }),
                { type: 'notify', params: { type: 'success', message: mediaTexts.removed } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ target: null }),
                { type: 'notify', params: { type: 'error', message: mediaTexts.removeFailed } },
              ],
            },
          },
        },
      },
    },
  },
});

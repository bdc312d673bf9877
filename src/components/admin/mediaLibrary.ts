// The media library on the client: one fetch per kind of GET /api/File/library
// (original names, sizes, dates, where each file is used), shared by the media screen and every
// form's image/video picker; and the form's check that a link field names a library file.
import type { components } from '../../../codegen/openapi.gen';
import type { AnyField } from '../../../schema/define';
import { api, serverMessage } from '../../api/client';
import { formatPersianNumber } from '../../../schema/rules/text';

export type MediaEntry = components['schemas']['MediaEntry'];
export type MediaPlace = components['schemas']['MediaPlace'];
export type LibraryKind = 'image' | 'video';

export const libraryTexts = {
  choose: 'انتخاب از کتابخانه',
  change: 'تغییر فایل',
  clear: 'حذف انتخاب',
  none: 'فایلی انتخاب نشده',
  title: { image: 'انتخاب تصویر از کتابخانه', video: 'انتخاب ویدیو از کتابخانه' },
  search: 'جستجو در نام فایل‌ها',
  upload: 'بارگذاری فایل تازه',
  uploaded: 'فایل بارگذاری و انتخاب شد',
  empty: 'فایلی پیدا نشد',
  loading: 'در حال بارگذاری...',
  failed: 'دریافت کتابخانه مدیا ممکن نشد',
  notInLibrary: (label: string, name: string) => `${label}: فایل «${name}» در کتابخانه مدیا نیست؛ از کتابخانه انتخاب کنید`,
  usedIn: (count: number) => (count === 0 ? 'استفاده نشده' : `${formatPersianNumber(count)} مورد`),
} as const;

const loaded = new Map<LibraryKind, Promise<MediaEntry[]>>();
const known = new Map<LibraryKind, Set<string>>();

/** The library of a kind; `fresh` asks the server again (after an upload or a delete). */
export function loadLibrary(kind: LibraryKind, fresh = false): Promise<MediaEntry[]> {
  const cached = loaded.get(kind);
  if (cached && !fresh) return cached;
  const request = api.GET('/api/File/library', { params: { query: { mediaType: kind } } }).then(({ data, error }) => {
    if (!data) throw new Error(serverMessage(error) ?? libraryTexts.failed);
    known.set(kind, new Set(data.items.map((entry) => entry.name)));
    return data.items;
  });
  loaded.set(kind, request);
  request.catch(() => {
    if (loaded.get(kind) === request) loaded.delete(kind);
  });
  return request;
}

export const kindOfField = (field: Pick<AnyField, 'input'>): LibraryKind | null =>
  field.input === 'imageLink' ? 'image' : field.input === 'videoLink' ? 'video' : null;

/**
 * The form's message when a link field names a file the library (as last loaded) does not hold;
 * undefined when it does, when the field is empty, or before the library has loaded (the server
 * refuses it then).
 */
export function fileProblem(field: AnyField, value: unknown): string | undefined {
  const kind = kindOfField(field);
  if (!kind || typeof value !== 'string' || value.trim() === '') return undefined;
  const names = known.get(kind);
  if (!names || names.has(value)) return undefined;
  return libraryTexts.notInLibrary(field.label, value);
}

// What each kind of upload accepts: the one declaration of sizes and types.
// The server's refusal (server/features/media/files.ts: Content-Length, the streamed size, the sniffed bytes),
// the stored names' content types (server/features/media/mediaLibrary.ts), and the admin's statement beside
// every file input, its `accept` and its check before anything is sent all read it, so a limit
// cannot differ between what the form says and what the server does.
import { formatPersianNumber } from './rules/digits';

export type UploadKind = 'image' | 'video';

export interface UploadType {
  /** The type the server sniffs from the bytes (file-type's name) and the browser reports. */
  mime: string;
  /** Extensions of the type, the first being the one a stored file is named with. */
  extensions: readonly [string, ...string[]];
  /** How the statement names it. */
  label: string;
}

export interface UploadRule {
  /** «تصویر» / «ویدیو»: the noun of every message about this kind. */
  noun: string;
  maxBytes: number;
  types: readonly UploadType[];
}

export const uploadRules: Readonly<Record<UploadKind, UploadRule>> = {
  image: {
    noun: 'تصویر',
    maxBytes: 5 * 1024 * 1024,
    types: [
      { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPG' },
      { mime: 'image/png', extensions: ['png'], label: 'PNG' },
      { mime: 'image/webp', extensions: ['webp'], label: 'WebP' },
      { mime: 'image/gif', extensions: ['gif'], label: 'GIF' },
      { mime: 'image/avif', extensions: ['avif'], label: 'AVIF' },
    ],
  },
  video: {
    noun: 'ویدیو',
    maxBytes: 100 * 1024 * 1024,
    types: [
      { mime: 'video/mp4', extensions: ['mp4'], label: 'MP4' },
      { mime: 'video/webm', extensions: ['webm'], label: 'WebM' },
      { mime: 'video/ogg', extensions: ['ogv', 'ogg'], label: 'OGG' },
      { mime: 'video/quicktime', extensions: ['mov'], label: 'MOV' },
    ],
  },
};

const uploadKinds: readonly UploadKind[] = ['image', 'video'];

/** ۱۲٫۳ کیلوبایت / ۵ مگابایت: a size as the admin reads it. */
export function formatSize(bytes: number, round: (value: number) => number = Math.round): string {
  if (bytes < 1024) return `${formatPersianNumber(bytes)} بایت`;
  if (bytes < 1024 * 1024) return `${formatPersianNumber(round((bytes / 1024) * 10) / 10)} کیلوبایت`;
  return `${formatPersianNumber(round((bytes / (1024 * 1024)) * 10) / 10)} مگابایت`;
}

/** «JPG، PNG، WebP، GIF یا AVIF» */
function typeList(rule: UploadRule): string {
  const labels = rule.types.map((type) => type.label);
  const last = labels.pop() ?? '';
  // A right-to-left mark after each comma: otherwise the Latin names and the commas between
  // them form one left-to-right run and read backwards in the Persian sentence.
  return labels.length === 0 ? last : `${labels.join('،\u200f ')} یا ${last}`;
}

export const uploadTexts = {
  /** The statement beside a file input: «قالب‌های مجاز: JPG، PNG، WebP، GIF یا AVIF؛ حداکثر ۵ مگابایت». */
  statement: (kind: UploadKind) => `قالب‌های مجاز: ${typeList(uploadRules[kind])}؛ حداکثر ${formatSize(uploadRules[kind].maxBytes)}`,
  tooLarge: (kind: UploadKind) => `حجم ${uploadRules[kind].noun} نباید بیشتر از ${formatSize(uploadRules[kind].maxBytes)} باشد`,
  /** The form's message for a chosen file over the limit: its own size, then the limit. */
  // Rounded up: a file just over the limit must not read as the limit itself.
  fileTooLarge: (kind: UploadKind, size: number) => `حجم این فایل ${formatSize(size, Math.ceil)} است؛ ${uploadTexts.tooLarge(kind)}`,
  badType: (kind: UploadKind) => `نوع فایل مجاز نیست؛ ${uploadRules[kind].noun} باید ${typeList(uploadRules[kind])} باشد`,
  empty: 'فایل انتخاب‌شده خالی است',
} as const;

/** The `accept` attribute of a file input of the kind: its types and their extensions. */
export function acceptOf(kind: UploadKind): string {
  return uploadRules[kind].types.flatMap((type) => [type.mime, ...type.extensions.map((ext) => `.${ext}`)]).join(',');
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The form's check before sending: the message when a chosen file cannot be accepted, undefined
 * when it may go. The browser's type comes from the name, so a file is taken when its type or its
 * extension is one of the kind's; the server then decides from the bytes (a text file named
 * `.png` passes here and is refused there).
 */
export function uploadProblem(kind: UploadKind, file: { name: string; type: string; size: number }): string | undefined {
  const rule = uploadRules[kind];
  const ext = extensionOf(file.name);
  const known = rule.types.some((type) => type.mime === file.type.toLowerCase() || type.extensions.includes(ext));
  if (!known) return uploadTexts.badType(kind);
  if (file.size > rule.maxBytes) return uploadTexts.fileTooLarge(kind, file.size);
  if (file.size === 0) return uploadTexts.empty;
  return undefined;
}

/** The extension a file of this sniffed type is stored under, when the kind accepts the type. */
export function storedExtension(kind: UploadKind, mime: string): string | undefined {
  return uploadRules[kind].types.find((type) => type.mime === mime)?.extensions[0];
}

/** The content type a stored name's extension stands for, of any kind; undefined for one no kind accepts. */
export function contentTypeOfExtension(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  for (const kind of uploadKinds) {
    const type = uploadRules[kind].types.find((t) => t.extensions.includes(lower));
    if (type) return type.mime;
  }
  return undefined;
}

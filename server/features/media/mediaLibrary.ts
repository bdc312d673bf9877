// The media library: what the disk does not say about a stored file (the name
// it was uploaded under, its uploader), and where each file is used. Usage is read from the
// registry, never from a list of tables: every entity's imageLink/videoLink fields, and the
// <img src> of every rich-text field (article bodies), so a new entity with an image field is
// covered the day its schema file is written.
import { sql } from 'kysely';
import { labelFieldsOf, recordLabel, type AnyEntity } from '../../../schema/define';
import { registry } from '../../../schema/registry.gen';
import { contentTypeOfExtension } from '../../../schema/uploads';
import { bareFileName, toPersianDigits } from '../../../schema/rules/text';
import type { DB } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import type { MediaKind, MediaStore } from './mediaStore';
import type { Executor, Row } from '../../platform/db';
import { plugInShared } from '../../engine/behaviours';

export const mediaKinds: readonly MediaKind[] = ['images', 'videos'];

export const libraryTexts = {
  notInLibrary: (label: string, name: string) => `${label}: فایل «${name}» در کتابخانه مدیا نیست؛ آن را از کتابخانه انتخاب یا بارگذاری کنید`,
  inUse: (count: number) =>
    `این فایل در ${toPersianDigits(count)} جا استفاده شده است؛ با حذف آن، این بخش‌ها بدون تصویر می‌مانند. برای حذف، آن را تأیید کنید`,
} as const;

/** One place a file is used: a field of a record, linked to the record's detail view. */
export interface MediaPlace {
  entity: string;
  /** The entity's section name («دوره‌ها»). */
  section: string;
  id: number;
  label: string;
  field: string;
}

/** The content type a stored name's extension stands for; undefined for one the library does not keep. */
export const contentTypeOfName = (name: string): string | undefined => contentTypeOfExtension(name.split('.').pop() ?? '');
export const typeOfName = (name: string): string => contentTypeOfName(name) ?? 'application/octet-stream';

/** The name as the client's upload called it: its last path segment, without control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const cleaned = bareFileName(name ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned === '' ? fallback : cleaned;
}

export async function recordUpload(
  db: DB,
  file: { kind: MediaKind; storedName: string; originalName: string; size: number; type: string; uploaderId: number | null },
): Promise<void> {
  await db
    .insertInto('media')
    .values({ ...file, uploadedAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['kind', 'storedName']).doNothing())
    .execute();
}

export async function forgetFile(db: DB, kind: MediaKind, storedName: string): Promise<void> {
  await db.deleteFrom('media').where('kind', '=', kind).where('storedName', '=', storedName).execute();
}

/**
 * Makes the table agree with the store on start: a file on disk without a row (uploaded before
 * the library existed, the seed's images, a restored backup) is registered under its own name
 * with its size and time; a row whose file is gone is dropped, so the library never offers it.
 */
export async function syncMediaLibrary(db: DB, media: MediaStore): Promise<void> {
  for (const kind of mediaKinds) {
    const started = new Date().toISOString();
    const names = await media.list(kind);
    const known = new Set((await db.selectFrom('media').select('storedName').where('kind', '=', kind).execute()).map((r) => r.storedName));
    for (const name of names) {
      if (known.has(name)) continue;
      const file = await media.open(kind, name);
      if (!file) continue;
      await db
        .insertInto('media')
        .values({ kind, storedName: name, originalName: name, size: file.size, type: typeOfName(name), uploadedAt: file.modified.toISOString(), uploaderId: null })
        .onConflict((oc) => oc.columns(['kind', 'storedName']).doNothing())
        .execute();
    }
    const onDisk = new Set(names);
    const gone = [...known].filter((name) => !onDisk.has(name));
    // Only rows older than this listing: a file uploaded meanwhile by another process stays.
    for (let i = 0; i < gone.length; i += 500) {
      await db.deleteFrom('media').where('kind', '=', kind).where('storedName', 'in', gone.slice(i, i + 500)).where('uploadedAt', '<', started).execute();
    }
  }
}

/** The file fields of an entity for a kind: link fields of that kind, and (images) rich-text bodies. */
function fileFieldsOf(entity: AnyEntity, kind: MediaKind): { links: string[]; bodies: string[] } {
  const links: string[] = [];
  const bodies: string[] = [];
  for (const [name, field] of Object.entries(entity.allFields)) {
    if ((kind === 'images' && field.input === 'imageLink') || (kind === 'videos' && field.input === 'videoLink')) links.push(name);
    if (kind === 'images' && field.input === 'richText') bodies.push(name);
  }
  return { links, bodies };
}

/** The stored names an HTML body shows as images (`<img src=".../api/File/image/x.webp">` or a bare name). */
export function imagesInHtml(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = match[1] ?? match[2] ?? match[3] ?? '';
    if (/^(https?:)?\/\//i.test(src) && !src.includes('/api/File/image/')) continue;
    const name = bareFileName(src);
    if (name !== '') found.push(name);
  }
  return found;
}

/**
 * Where files of a kind are used: a map from stored name to its places. With `only`, the rows
 * read are those naming one of these files in a link field, or any rich-text body that mentions
 * one; without it, every row with a file in it.
 */
export async function mediaUsage(db: Executor, kind: MediaKind, only?: readonly string[]): Promise<Map<string, MediaPlace[]>> {
  const usage = new Map<string, MediaPlace[]>();
  const add = (name: string, place: MediaPlace) => {
    if (only && !only.includes(name)) return;
    const places = usage.get(name) ?? [];
    if (!places.some((p) => p.entity === place.entity && p.id === place.id && p.field === place.field)) places.push(place);
    usage.set(name, places);
  };
  if (only && only.length === 0) return usage;
  for (const entity of Object.values(registry)) {
    const { links, bodies } = fileFieldsOf(entity, kind);
    if (links.length === 0 && bodies.length === 0) continue;
    const conditions = [
      ...links.map((name) => (only ? sql`${sql.ref(name)} in (${sql.join([...only])})` : sql`${sql.ref(name)} <> ''`)),
      ...bodies.map((name) =>
        only ? sql`(${sql.join(only.map((file) => sql`${sql.ref(name)} like ${`%${file}%`}`), sql` or `)})` : sql`${sql.ref(name)} like ${'%<img%'}`,
      ),
    ];
    const columns = [...new Set(['id', ...labelFieldsOf(entity), ...links, ...bodies])];
    const rows = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(entity.table)}
      where ${sql.join(conditions, sql` or `)} order by ${sql.ref('id')}`.execute(db);
    for (const row of rows.rows) {
      const base = { entity: entity.key, section: entity.texts.nav, id: Number(row.id), label: recordLabel(entity, row) };
      for (const name of links) {
        const value = row[name];
        if (typeof value === 'string' && value !== '') add(value, { ...base, field: entity.allFields[name]?.label ?? name });
      }
      for (const name of bodies) {
        const value = row[name];
        if (typeof value !== 'string') continue;
        for (const file of imagesInHtml(value)) add(file, { ...base, field: entity.allFields[name]?.label ?? name });
      }
    }
  }
  return usage;
}

/**
 * 400 when an image or video field names a file the library does not hold (a typo, a file since
 * deleted, a name from another site). Empty stays allowed; `required` is the validator's.
 */
export async function assertFilesInLibrary(trx: Executor, entity: Pick<AnyEntity, 'fields'>, values: Row): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.input !== 'imageLink' && field.input !== 'videoLink') continue;
    const value = values[name];
    if (typeof value !== 'string' || value === '') continue;
    const kind: MediaKind = field.input === 'imageLink' ? 'images' : 'videos';
    const found = await sql`select 1 from ${sql.table('media')} where ${sql.ref('kind')} = ${kind} and ${sql.ref('storedName')} = ${value}`.execute(trx);
    if (found.rows.length === 0) throw new HttpError(400, libraryTexts.notInLibrary(field.label, value));
  }
}

/** The names of a kind the library holds, among these (for the CSV import's per-row check). */
export async function namesInLibrary(db: Executor, kind: MediaKind, names: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const part = names.slice(i, i + 500);
    const rows = await sql<{ storedName: string }>`select ${sql.ref('storedName')} from ${sql.table('media')}
      where ${sql.ref('kind')} = ${kind} and ${sql.ref('storedName')} in (${sql.join(part)})`.execute(db);
    for (const row of rows.rows) found.add(row.storedName);
  }
  return found;
}

export interface LibraryEntry {
  name: string;
  originalName: string;
  size: number;
  type: string;
  uploadedAt: string;
  uploader: string | null;
  usedIn: MediaPlace[];
}

/** The library of one kind, newest first, each file with where it is used. */
export async function libraryOf(db: DB, kind: MediaKind): Promise<LibraryEntry[]> {
  const rows = await db
    .selectFrom('media')
    .leftJoin('users', 'users.id', 'media.uploaderId')
    .select(['media.storedName', 'media.originalName', 'media.size', 'media.type', 'media.uploadedAt', 'users.firstName', 'users.lastName'])
    .where('media.kind', '=', kind)
    .orderBy('media.uploadedAt', 'desc')
    .orderBy('media.id', 'desc')
    .execute();
  const usage = await mediaUsage(db, kind);
  return rows.map((row) => ({
    name: row.storedName,
    originalName: row.originalName,
    size: Number(row.size),
    type: row.type,
    uploadedAt: row.uploadedAt,
    uploader: row.firstName === null && row.lastName === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    usedIn: usage.get(row.storedName) ?? [],
  }));
}

/** File fields refer to the library as reference fields refer to records, in every write. */
export function plugInMediaLibrary(): void {
  plugInShared({ fileLibrary: { assertInLibrary: assertFilesInLibrary, found: namesInLibrary, notInLibrary: libraryTexts.notInLibrary } });
}

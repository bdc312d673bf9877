// CSV import for entities whose schema says `importable: true`:
// POST /api/Admin/{entity}/import (text/csv body). Each data row becomes the body the entity's
// create form would send and is checked with the same bodySchema; a single rejected row means
// nothing is written (one transaction), and `dryRun=1` checks without writing. Cells may use
// Persian/Arabic digits, Jalali dates (۱۴۰۵/۰۱/۱۵) and option labels («آنلاین») or raw values.
import { assertUnrestricted, pathEntityNeed } from './staffView';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import { blankValue, bodySchema, type AnyEntity, type AnyField } from '../../schema/define';
import { csvColumns, importColumns, isImportable, type ImportColumn } from '../../schema/importable';
import { registry } from '../../schema/registry.gen';
import { isCalendarDate } from '../../schema/validators';
import { parseCsv, stripBom, unguardFormula, type CsvRecord } from '../../schema/rules/csv';
import { academyDayOf, academyDayStart, dateParts, firstGregorianYear, readJalaliDay } from '../../schema/rules/calendar';
import { formatPersianNumber, toLatinDigits, toPersianDigits } from '../../schema/rules/text';
import { entityOf } from './bulk';
import { toColumns } from './crud';
import { constraintError } from './integrity';
import type { Row } from '../platform/db';
import { nowIso, type DB } from '../platform/db';
import { HttpError } from '../platform/errors';
import { currentUser, type Register } from '../platform/http';
import { afterWrite, checkImport, fillImported, sharedBehaviour, type WriteChange } from './behaviours';
import { uniqueSlug } from '../platform/slug';
import { assertLinksExist, splitLinks, writeLinks } from './links';
import { resolveReferenceLabels, type PendingRow } from './csvLabels';

export const importLimits = { bytes: 5 * 1024 * 1024, rows: 5000 } as const;

export const importTexts = {
  notImportable: 'ورود از فایل CSV برای این بخش فعال نیست',
  notCsv: 'فایل باید با نوع text/csv ارسال شود',
  notUtf8: 'فایل باید با کدگذاری UTF-8 ذخیره شده باشد (در اکسل: «CSV UTF-8»)',
  tooLarge: `حجم فایل بیش از ${toPersianDigits(5)} مگابایت است`,
  tooManyRows: (n: number) => `فایل ${formatPersianNumber(n)} ردیف دارد؛ هر بار حداکثر ${formatPersianNumber(importLimits.rows)} ردیف پذیرفته می‌شود`,
  empty: 'فایل خالی است',
  noRows: 'فایل جز سطر سرستون‌ها ردیفی ندارد',
  badDryRun: 'مقدار dryRun باید ۰ یا ۱ باشد',
  unknownColumn: (name: string, known: string) => `ستون «${name}» شناخته نشد. ستون‌های پذیرفته: ${known}`,
  duplicateColumn: (name: string) => `ستون «${name}» دو بار آمده است`,
  extraCells: 'این سطر بیش از تعداد سرستون‌ها خانه دارد',
  missingReference: (label: string, id: number) => `${label} با شناسه ${toPersianDigits(id)} وجود ندارد`,
  nameTooLong: (label: string) => `${label} حداکثر ${toPersianDigits(100)} نویسه است`,
} as const;

export interface ImportReport {
  created: number;
  rows: number;
  dryRun: boolean;
  rejected: Array<{ line: number; message: string }>;
}

/** Columns a hand-made file may carry that an import has no use for: skipped, not refused. */
const ignoredColumns = new Set(['id', 'slug', 'createdat', 'نامک']);

/** Header text compared without case, BOM, ZWNJ, Arabic letter forms or extra spaces. */
function headerKey(text: string): string {
  return toLatinDigits(stripBom(text))
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[\u200c\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The column each header names: a field by its name or label, or a column of the panel's export
 * by its header («عنوان» for «عنوان دوره»); null for an exported column the import skips (a
 * course's seats taken, the record's number).
 */
function headerMap(entity: AnyEntity): Map<string, ImportColumn | null> {
  const map = new Map<string, ImportColumn | null>();
  for (const column of importColumns(entity)) {
    map.set(headerKey(column.name), column);
    map.set(headerKey(column.label), column);
  }
  for (const { column, fills } of csvColumns(entity)) if (!map.has(headerKey(column.header))) map.set(headerKey(column.header), fills);
  return map;
}

const truthy = new Set(['true', '1', 'بله', 'yes', 'آری', 'فعال']);
const falsy = new Set(['false', '0', 'خیر', 'no', 'نه', 'غیرفعال', '']);

/** 1405/01/15 (Jalali) or 2026/04/04 (Gregorian) to the instant its academy day starts. */
export function parseDateCell(cell: string): string | null | undefined {
  const text = toLatinDigits(cell).trim();
  if (text === '') return null;
  const parts = dateParts(text);
  if (parts) {
    const [y, m, d] = parts;
    if (y < firstGregorianYear) {
      const reading = readJalaliDay(text);
      return reading?.day ? academyDayStart(reading.day).toISOString() : undefined;
    }
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
    return academyDayStart(academyDayOf(date.getTime() + 12 * 3_600_000)).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) || !isCalendarDate(text) ? undefined : date.toISOString();
  }
  return undefined;
}

/**
 * A cell as the form would hold it. What cannot be read is passed on as the text it is, so the
 * field's own validator words the problem (« … باید عدد باشد»).
 */
export function cellValue(field: AnyField, cell: string): unknown {
  const text = cell.trim();
  switch (field.input) {
    case 'number':
    case 'reference': {
      if (text === '') return blankValue(field);
      const latin = toLatinDigits(text).replace(/[,٬\s]/g, '').replace('٫', '.');
      const n = Number(latin);
      return latin !== '' && Number.isFinite(n) ? n : text;
    }
    case 'references': {
      // Record numbers in any digits, separated by commas (Persian or Latin).
      if (text === '') return [];
      // Each a record's number or, as the export writes them, its label (resolved later).
      const parts = text.split(/[،,]/).map((part) => part.trim()).filter((part) => part !== '');
      return parts.map((part) => (/^[0-9]+$/.test(toLatinDigits(part)) ? Number(toLatinDigits(part)) : part));
    }
    case 'checkbox': {
      const key = headerKey(text);
      if (truthy.has(key)) return true;
      if (falsy.has(key)) return false;
      return text;
    }
    case 'jalaliDate': {
      const date = parseDateCell(text);
      return date === undefined ? text : date;
    }
    case 'select': {
      if (text === '' && field.options?.every(([value]) => value !== '')) return blankValue(field);
      const key = headerKey(text);
      const match = field.options?.find(([value, label]) => headerKey(String(value)) === key || headerKey(label) === key);
      return match ? match[0] : text;
    }
    default:
      return cell;
  }
}

interface ParsedRow {
  line: number;
  values: Record<string, unknown>;
}

/** The file's rows as create bodies; a header problem refuses the whole file (400). */
async function readRows(db: DB, entity: AnyEntity, records: CsvRecord[]): Promise<{ rows: ParsedRow[]; rejected: ImportReport['rejected'] }> {
  const [header, ...data] = records;
  if (!header) throw new HttpError(400, importTexts.empty);
  if (data.length === 0) throw new HttpError(400, importTexts.noRows);
  if (data.length > importLimits.rows) throw new HttpError(400, importTexts.tooManyRows(data.length));
  const known = headerMap(entity);
  const seen = new Set<string>();
  const layout = header.cells.map((cell) => {
    const key = headerKey(cell);
    if (ignoredColumns.has(key) || key === '') return null;
    const column = known.get(key);
    if (column === null) return null;
    if (!column) {
      const names = importColumns(entity).map((c) => `${c.label} (${c.name})`).join('، ');
      throw new HttpError(400, importTexts.unknownColumn(cell.trim(), names));
    }
    if (seen.has(column.name)) throw new HttpError(400, importTexts.duplicateColumn(cell.trim()));
    seen.add(column.name);
    return column;
  });
  const rows: ParsedRow[] = [];
  const rejected: ImportReport['rejected'] = [];
  // Create-only fields are the import's own business (a user's names come from its name columns,
  // and an imported account gets no password): the schema checks the rest as a create would.
  const schema = bodySchema(entity, 'create', { createOnly: false });
  const pending: Array<PendingRow & { extras: Record<string, string> }> = [];
  for (const record of data) {
    if (record.cells.length > layout.length && record.cells.slice(layout.length).some((c) => c.trim() !== '')) {
      rejected.push({ line: record.line, message: importTexts.extraCells });
      continue;
    }
    const raw: Record<string, unknown> = {};
    for (const column of importColumns(entity)) if (column.field) raw[column.name] = blankValue(column.field);
    const extras: Record<string, string> = {};
    const problems: string[] = [];
    layout.forEach((column, index) => {
      if (!column) return;
      const cell = unguardFormula(record.cells[index] ?? '');
      if (column.field) raw[column.name] = cellValue(column.field, cell);
      else {
        extras[column.name] = cell.trim();
        if (cell.trim().length > 100) problems.push(importTexts.nameTooLong(column.label));
      }
    });
    pending.push({ line: record.line, raw, problems, extras });
  }
  await resolveReferenceLabels(db, entity, pending);
  for (const { line, raw, problems, extras } of pending) {
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) problems.push(...parsed.issues.map((issue) => issue.message));
    if (problems.length > 0) {
      rejected.push({ line, message: [...new Set(problems)].join('؛ ') });
      continue;
    }
    if (parsed.success) rows.push({ line, values: { ...extras, ...parsed.output } });
  }
  return { rows, rejected };
}

/** References to records that do not exist (a course's teacher or category); 0 means none. */
async function checkReferences(db: DB, entity: AnyEntity, rows: ParsedRow[], rejected: ImportReport['rejected']): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = field.reference ? registry[field.reference.entity] : null;
    if (!target) continue;
    const wanted = [...new Set(rows.map((row) => Number(row.values[name])).filter((id) => Number.isInteger(id) && id > 0))];
    if (wanted.length === 0) continue;
    const found = new Set<number>();
    for (let i = 0; i < wanted.length; i += 500) {
      const part = wanted.slice(i, i + 500);
      const result = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(target.table)} where ${sql.ref('id')} in (${sql.join(part)})`.execute(db);
      for (const row of result.rows) found.add(Number(row.id));
    }
    for (const row of rows) {
      const id = Number(row.values[name]);
      if (id > 0 && !found.has(id)) rejected.push({ line: row.line, message: importTexts.missingReference(field.label, id) });
    }
  }
}

/** Image and video fields naming a file the media library does not hold. */
async function checkFiles(db: DB, entity: AnyEntity, rows: ParsedRow[], rejected: ImportReport['rejected']): Promise<void> {
  const library = sharedBehaviour().fileLibrary;
  if (!library) return;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.input !== 'imageLink' && field.input !== 'videoLink') continue;
    const named = (row: ParsedRow) => {
      const value = row.values[name];
      return typeof value === 'string' ? value : '';
    };
    const wanted = [...new Set(rows.map(named).filter((file) => file !== ''))];
    if (wanted.length === 0) continue;
    const found = await library.found(db, field.input === 'imageLink' ? 'images' : 'videos', wanted);
    for (const row of rows) {
      const file = named(row);
      if (file !== '' && !found.has(file)) rejected.push({ line: row.line, message: library.notInLibrary(field.label, file) });
    }
  }
}

/** Thrown inside the transaction to undo a dry run's inserts. */
class Rollback extends Error {}
class RowRefused extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export async function importCsv(db: DB, entity: AnyEntity, text: string, dryRun: boolean): Promise<ImportReport> {
  const { rows, rejected } = await readRows(db, entity, parseCsv(text));
  const total = rows.length + rejected.length;
  await checkReferences(db, entity, rows, rejected);
  await checkFiles(db, entity, rows, rejected);
  await checkImport(db, entity, rows, (line, message) => rejected.push({ line, message }));
  const report = (created: number): ImportReport => ({
    created,
    rows: total,
    dryRun,
    rejected: [...rejected].sort((a, b) => a.line - b.line),
  });
  if (rejected.length > 0) return report(0);

  const tables = await db.introspection.getTables();
  const columns = new Set(tables.find((t) => t.name === entity.table)?.columns.map((c) => c.name) ?? []);
  try {
    // Dry runs insert too, then roll back: what the database itself would refuse is found as well.
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const written: WriteChange[] = [];
      for (const row of rows) {
        const values = toColumns(entity, row.values);
        fillImported(entity, values, row.values);
        if (columns.has('createdAt')) values.createdAt = now;
        const slugSource = entity.slugFrom ? values[entity.slugFrom] : undefined;
        if (columns.has('slug') && typeof slugSource === 'string') {
          values.slug = await uniqueSlug(slugSource, entity.key, async (slug) => {
            const found = await sql`select 1 from ${sql.table(entity.table)} where ${sql.ref('slug')} = ${slug}`.execute(trx);
            return found.rows.length > 0;
          }, sharedBehaviour().reservedSlugs?.(entity.key));
        }
        const names = Object.keys(values).filter((name) => columns.has(name));
        const { links } = splitLinks(entity, values);
        try {
          await assertLinksExist(trx, entity, links);
          const inserted = await sql<Row>`insert into ${sql.table(entity.table)} (${sql.join(names.map((n) => sql.ref(n)))})
            values (${sql.join(names.map((n) => values[n]))}) returning *`.execute(trx);
          for (const after of inserted.rows) await writeLinks(trx, entity, Number(after.id), links);
          written.push(...inserted.rows.map((after) => ({ before: null, after })));
        } catch (error) {
          if (error instanceof HttpError) throw new RowRefused(row.line, error.message);
          const refused = constraintError(entity, error);
          if (refused) throw new RowRefused(row.line, refused.message);
          throw error;
        }
      }
      await afterWrite(trx, entity, written);
      if (dryRun) throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return report(0);
    if (error instanceof RowRefused) {
      rejected.push({ line: error.line, message: error.message });
      return report(0);
    }
    throw error;
  }
  return report(rows.length);
}

/** text/csv bodies arrive as bytes (up to 5 MB), decoded by the handler to check the encoding. */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: importLimits.bytes }, (_request, body, done) => {
    done(null, body);
  });
}

export function registerImport(register: Register, db: DB): void {
  register('POST /api/Admin/{entity}/import', 'admin', importCsvFile, { need: pathEntityNeed('create') });

  async function importCsvFile(request: FastifyRequest) {
    const entity = entityOf(request);
    if (!isImportable(entity)) throw new HttpError(400, importTexts.notImportable);
    assertUnrestricted(entity, currentUser(request).panel);
    const query = request.query;
    const flag = typeof query === 'object' && query !== null && 'dryRun' in query ? query.dryRun : undefined;
    if (flag !== undefined && flag !== '0' && flag !== '1') throw new HttpError(400, importTexts.badDryRun);
    if (!Buffer.isBuffer(request.body)) throw new HttpError(400, importTexts.notCsv);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(request.body);
    } catch {
      throw new HttpError(400, importTexts.notUtf8);
    }
    return importCsv(db, entity, text, flag === '1');
  }
}

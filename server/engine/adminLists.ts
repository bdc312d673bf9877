// The admin lists' own endpoints beside the generic CRUD: saved named views (per admin, per
// entity) and the CSV export of a list's current view.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hiddenFields, pathEntityNeed, queryForRole, visibleRow } from './staffView';
import * as v from 'valibot';
import { ownColumnValue, readFrom, referenceTarget, type AnyEntity, type AnyRow, type ListLabels, type RegistryKey } from '../../schema/define';
import { csvColumns, csvDigits } from '../../schema/importable';
import { csvLine, guardFormula } from '../../schema/rules/csv';
import { registry } from '../../schema/registry.gen';
import { academyDayOf, dayKey, formatJalaliDateTime, formatJalaliNumeric } from '../../schema/rules/calendar';
import { ageOn } from '../../schema/rules/age';
import { toLatinDigits } from '../../schema/rules/digits';
import { htmlToPlainText, toPersianDigits } from '../../schema/rules/text';
import type { Contract } from '../platform/contract';
import { queryRecord } from './crud';
import { nowIso, type DB } from '../platform/db';
import { HttpError, notFound } from '../platform/errors';
import { matchingRows, parseListQuery, parseQueryString, schemaProperties, type ListQuery } from './listQuery';
import { listLabels } from './listLabels';
import { currentUser, parse, type Register } from '../platform/http';
import { withLinks } from './links';

export const adminListTexts = {
  unknownEntity: 'موجودیت ناشناخته است',
  viewNotFound: 'نمای ذخیره‌شده یافت نشد',
} as const;

const isRegistryKey = (key: string): key is RegistryKey => Object.hasOwn(registry, key);

function entityOf(key: unknown): AnyEntity {
  const name = typeof key === 'string' ? key : '';
  if (!isRegistryKey(name)) throw new HttpError(400, adminListTexts.unknownEntity);
  return registry[name];
}

const viewBody = v.object(
  {
    entity: v.pipe(v.string('موجودیت باید متن باشد'), v.minLength(1, 'موجودیت ارسال نشده است'), v.maxLength(50, adminListTexts.unknownEntity)),
    name: v.pipe(
      v.string('نام نما باید متن باشد'),
      v.trim(),
      v.minLength(1, 'نام نما را وارد کنید'),
      v.maxLength(100, 'نام نما نباید بیش از ۱۰۰ نویسه باشد'),
    ),
    query: v.pipe(v.string('پرس‌وجوی نما باید متن باشد'), v.maxLength(2000, 'پرس‌وجوی نما بیش از حد طولانی است')),
  },
  'بدنه درخواست باید یک شیء JSON باشد',
);
const viewLabels = { entity: 'موجودیت', name: 'نام نما', query: 'پرس‌وجوی نما' };

// ---- CSV ----------------------------------------------------------------------------------

type Column = AnyEntity['columns'][number];

/**
 * A cell's text before its digits are written in the column's one digit system (csvDigits):
 * numbers with no grouping (so they sum), option and yes/no labels instead of codes, Jalali dates
 * as text (Latin digits Excel would take for Gregorian dates), a reference to nothing as its
 * field's own wording («ثبت دستی»), an age in whole years, rich text as plain text.
 */
function cellText(entity: AnyEntity, column: Column, row: AnyRow, labels: ListLabels, today: Date): string {
  // A path or many column's values are read for all rows at once (server/engine/listLabels.ts).
  const value = 'path' in column || 'many' in column ? labels.columns[column.id]?.[String(row[readFrom(column)])] : ownColumnValue(column, row);
  const field = 'key' in column ? entity.allFields[column.key] : undefined;
  const named = labels.references[referenceTarget(field) ?? ''];
  if (column.cell === 'reference' && 'key' in column && (value === null || value === undefined || value === 0)) return field?.reference?.none ?? '';
  if (value === null || value === undefined) return '';
  switch (column.cell) {
    case 'reference':
      return named?.[String(value)] ?? String(value);
    case 'references': {
      const ids = Array.isArray(value) ? value.map(Number) : [];
      return ids.map((id) => named?.[String(id)] ?? String(id)).join('، ');
    }
    case 'number':
    case 'hours':
    case 'toman':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    case 'age':
      return String(ageOn(String(value), today) ?? '');
    case 'yesNo':
      return value === true ? 'بله' : 'خیر';
    case 'option':
    case 'badge':
      return column.options?.[String(value)] ?? String(value);
    case 'jalaliDate':
      return typeof value === 'string' ? formatJalaliNumeric(value) : '';
    case 'jalaliDateTime':
      return typeof value === 'string' ? formatJalaliDateTime(value) : '';
    case 'excerpt':
      return htmlToPlainText(String(value));
    default:
      return String(value);
  }
}

function exportText(entity: AnyEntity, column: Column, row: AnyRow, labels: ListLabels, today: Date): string {
  const text = cellText(entity, column, row, labels, today);
  const digits = csvDigits[column.cell];
  return digits === 'latin' ? toLatinDigits(text) : digits === 'persian' ? toPersianDigits(text) : text;
}

export function toCsv(entity: AnyEntity, rows: readonly AnyRow[], labels: ListLabels = { references: {}, columns: {}, names: {} }, today: Date = new Date(), hidden: ReadonlySet<string> = new Set()): string {
  // A column of a field the role may not see is not written at all, not even its header.
  const columns = csvColumns(entity)
    .map(({ column }) => column)
    .filter((column) => !('key' in column) || !hidden.has(column.key));
  const lines = [csvLine(columns.map((column) => column.header))];
  for (const row of rows) lines.push(csvLine(columns.map((column) => guardFormula(exportText(entity, column, row, labels, today)))));
  // The BOM tells Excel the file is UTF-8; without it Persian opens as mojibake.
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/**
 * The file's name: the list's Persian name and the academy day in Latin digits («ثبت‌نام‌ها-1405-09-07.csv»,
 * sorting by name sorts by date on every OS), as RFC 6266 `filename*` (RFC 5987 UTF-8), with a plain
 * ASCII `filename` for a client that reads only that.
 */
export function exportDisposition(entity: AnyEntity, now: Date): string {
  const stamp = dayKey(academyDayOf(now));
  const name = `${entity.texts.nav.replace(/[\\/:*?"<>|\s]+/g, '-')}-${stamp}.csv`;
  return `attachment; filename="${entity.key}-${stamp}.csv"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** RFC 5987 `value-chars`: UTF-8 bytes percent-encoded, except the attr-chars it allows as they are. */
const encodeRfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const exportQuery = (q: ListQuery | null): ListQuery =>
  q ?? { page: 1, pageSize: 1, sort: { field: 'id', desc: true }, sortChosen: false, q: null, filters: [], ids: null };

export async function registerAdminLists(register: Register, db: DB, contract: Contract): Promise<void> {
  // The sortable and filterable properties per entity: contract row properties that are columns.
  const tables = await db.introspection.getTables();
  const propertiesOf = (entity: AnyEntity) =>
    schemaProperties(contract.component(entity.component), new Set(tables.find((t) => t.name === entity.table)?.columns.map((c) => c.name) ?? []));
  const properties = new Map(Object.values(registry).map((entity) => [entity.key, propertiesOf(entity)]));

  register('GET /api/Admin/views', 'admin', listSavedViews, { need: 'panel' });
  register('POST /api/Admin/views', 'admin', saveView, { need: 'panel' });
  register('DELETE /api/Admin/views/{id}', 'admin', deleteSavedView, { need: 'panel' });
  register('GET /api/Admin/{entity}/export', 'admin', exportRecordsCsv, { need: pathEntityNeed('read') });

  async function listSavedViews(request: FastifyRequest) {
    const user = currentUser(request);
    const entity = entityOf(queryRecord(request.query).entity);
    const rows = await db
      .selectFrom('saved_views')
      .select(['id', 'entity', 'name', 'query', 'createdAt'])
      .where('userId', '=', user.id)
      .where('entity', '=', entity.key)
      .orderBy('name')
      .execute();
    return rows;
  }

  async function saveView(request: FastifyRequest) {
    const user = currentUser(request);
    const body = parse(viewBody, request.body, viewLabels);
    const entity = entityOf(body.entity);
    // Only what the list protocol accepts is kept, so applying a view cannot fail later.
    const query = body.query.replace(/^\?/, '');
    parseListQuery(entity, parseQueryString(query), properties.get(entity.key));
    const createdAt = nowIso();
    return db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('saved_views')
        .where('userId', '=', user.id)
        .where('entity', '=', entity.key)
        .where('name', '=', body.name)
        .execute();
      return trx
        .insertInto('saved_views')
        .values({ userId: user.id, entity: entity.key, name: body.name, query, createdAt })
        .returning(['id', 'entity', 'name', 'query', 'createdAt'])
        .executeTakeFirstOrThrow();
    });
  }

  async function deleteSavedView(request: FastifyRequest) {
    const user = currentUser(request);
    const raw = queryRecord(request.params).id;
    const id = Number(raw);
    if (!Number.isInteger(id) || id < 1) throw new HttpError(400, 'شناسه نامعتبر است');
    const deleted = await db.deleteFrom('saved_views').where('id', '=', id).where('userId', '=', user.id).executeTakeFirst();
    // Another admin's view is answered as missing: its existence is not theirs to learn.
    if (Number(deleted.numDeletedRows) === 0) throw notFound(adminListTexts.viewNotFound);
    return { id };
  }

  async function exportRecordsCsv(request: FastifyRequest, reply: FastifyReply) {
    const key = String(queryRecord(request.params).entity ?? '');
    if (!isRegistryKey(key)) throw notFound(adminListTexts.unknownEntity);
    const entity = registry[key];
    const { panel } = currentUser(request);
    const q = queryForRole(entity, panel, exportQuery(parseListQuery(entity, queryRecord(request.query), properties.get(entity.key))));
    const rows = (await withLinks(db, entity, await matchingRows(db, entity, q))).map((row) => {
      const shaped = visibleRow(entity, panel, contract.shapeAs(entity.component, row));
      return { ...shaped, id: Number(row.id) };
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', exportDisposition(entity, new Date()))
      .header('Cache-Control', 'no-store')
      .send(toCsv(entity, rows, await listLabels(db, entity, csvColumns(entity).map(({ column }) => column), rows, panel), new Date(), hiddenFields(entity, panel)));
  }
}

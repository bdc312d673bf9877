// Relations between registry entities, generic over the registry: the labels of referenced
// records (a table's reference columns, one call per table), a reference picker's choices, and
// one record with the records of other entities that reference it (its detail view). Which
// entity references which comes only from the schema files' `reference` fields.
import type { FastifyRequest } from 'fastify';
import { administrator, assertInScope, hiddenFields, pathEntityNeed, readsEntity, scopeClause, visibleRow } from './staffView';
import type { PanelAccess } from '../../schema/rules/permissions';
import { sql } from 'kysely';
import * as v from 'valibot';
import { labelFieldsOf, recordLabel, type AnyEntity, type ManyCount, type RegistryKey } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { foldForSearch, formatPersianNumber } from '../../schema/rules/text';
import type { Contract } from '../platform/contract';
import type { DB } from '../platform/db';
import { HttpError, notFound, texts } from '../platform/errors';
import { referrersOf as referringColumns } from './integrity';
import { openRecord } from './navBadges';
import { currentUser, parse, type Register } from '../platform/http';

type Row = Record<string, unknown>;

export const relationTexts = {
  unknownEntity: 'چنین بخشی در پنل مدیریت وجود ندارد',
  badIds: 'شناسه‌ها باید عددهای صحیح مثبت و با ویرگول جدا شده باشند',
  tooManyIds: (max: number) => `حداکثر ${formatPersianNumber(max)} شناسه در هر درخواست مجاز است`,
  badId: 'شناسه نامعتبر است',
  badLimit: 'تعداد نتایج باید عددی بین ۱ و ۱۰۰ باشد',
  longQuery: 'متن جستجو بیش از حد طولانی است',
} as const;

export const maxLabelIds = 500;
/** Related rows sent with a record: the newest ones; `total` tells how many there are. */
export const relatedPageSize = 20;

/**
 * How an entity's records are ordered under a record they refer to: its RelatedOrderDecl (the id
 * ascending after it), else its default order (the id breaking ties the same way), else the
 * newest first.
 */
export function relatedOrderOf(entity: AnyEntity): ReadonlyArray<readonly [string, 'asc' | 'desc']> {
  if (entity.relatedOrder) return [...entity.relatedOrder, ['id', 'asc']];
  if (entity.defaultOrder) return [entity.defaultOrder, ['id', entity.defaultOrder[1]]];
  return [['id', 'desc']];
}

export interface Referrer {
  entity: AnyEntity;
  field: string;
}

/** Every (entity, reference field) pair of the registry that points at `key`. */
export function referrersOf(key: RegistryKey): Referrer[] {
  return (
    referringColumns(registry[key])
      // Who last saved a record (`auto: 'actor'`) is bookkeeping, not a relation worth a section
      // on every user's page.
      .filter(({ other, column }) => {
        const field = other.decl.fields[column];
        return !(field?.input === 'reference' && field.auto === 'actor');
      })
      .map(({ other, column }) => ({ entity: other, field: column }))
  );
}

function entityOf(params: unknown): AnyEntity {
  const key = typeof params === 'object' && params !== null && 'entity' in params ? params.entity : undefined;
  const found = registryKeys.find((candidate) => candidate === key);
  if (!found) throw notFound(relationTexts.unknownEntity);
  return registry[found];
}

const positiveInt = /^[1-9][0-9]{0,14}$/;

function parseIds(raw: unknown): number[] {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string') throw new HttpError(400, relationTexts.badIds);
  const parts = raw.split(',').map((part) => part.trim());
  if (!parts.every((part) => positiveInt.test(part))) throw new HttpError(400, relationTexts.badIds);
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > maxLabelIds) throw new HttpError(400, relationTexts.tooManyIds(maxLabelIds));
  return ids;
}

const optionsQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200, relationTexts.longQuery)), ''),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}$/, relationTexts.badLimit),
      v.transform(Number),
      v.minValue(1, relationTexts.badLimit),
      v.maxValue(100, relationTexts.badLimit),
    ),
    '20',
  ),
});

/** The columns a label is made of, and the id. */
function labelSelection(entity: AnyEntity) {
  return sql.join(['id', ...labelFieldsOf(entity)].map((name) => sql.ref(name)));
}

/** How deep a label made of references is followed (an attendance row names its child, who is named by text). */
const labelDepth = 3;

/**
 * The label of each of `ids` (rows of `entity`), by id: the one way the server names a record, for
 * the labels endpoint, a detail view's title, a path column and the CSV export. A label field that
 * is a reference (an enrolment is its child and its course) is the referenced record's own label,
 * read for all the rows at once, so no record is named by a bare number. Ids that do not exist are
 * left out.
 */
export async function recordLabels(db: DB, entity: AnyEntity, ids: readonly number[], depth = labelDepth): Promise<Map<number, string>> {
  const rows: Row[] = [];
  const wanted = [...new Set(ids)];
  for (let i = 0; i < wanted.length; i += maxLabelIds) {
    const chunk = wanted.slice(i, i + maxLabelIds);
    const found = await sql<Row>`select ${labelSelection(entity)} from ${sql.table(entity.table)}
      where ${sql.ref('id')} in (${sql.join(chunk)})`.execute(db);
    rows.push(...found.rows);
  }
  if (depth > 0) {
    for (const name of labelFieldsOf(entity)) {
      const target = entity.allFields[name]?.reference?.entity;
      if (!target) continue;
      const referenced = rows.map((row) => Number(row[name])).filter((id) => Number.isInteger(id) && id > 0);
      const names = await recordLabels(db, registry[target], referenced, depth - 1);
      // A reference to nothing (deleted, or none) drops out of the label rather than showing an id.
      for (const row of rows) row[name] = names.get(Number(row[name])) ?? null;
    }
  }
  return new Map(rows.map((row) => [Number(row.id), recordLabel(entity, row)]));
}

const persianOrder = new Intl.Collator('fa');

// ---- path columns (schema/define.ts PathColumn) ---------------------------------------------

const badPath = (path: string) => new HttpError(400, `مسیر «${path}» در این بخش وجود ندارد`);

/**
 * Per id of `entity`: the text at the end of `path` (field names, each but the last a reference
 * field of the entity reached so far; a reference at the end gives its record's label). One query
 * per step for all the ids; an id whose chain breaks (a reference to nothing) is left out. Only
 * declared fields are reachable, so nothing the contract does not show (a password hash) is.
 */
export async function pathValues(db: DB, entity: AnyEntity, ids: readonly number[], path: readonly string[], panel: PanelAccess = administrator): Promise<Map<number, string>> {
  // origin id → the id of the record reached so far.
  let reached = new Map(ids.map((id) => [id, id]));
  let current = entity;
  for (const [step, name] of path.entries()) {
    const field = current.allFields[name];
    if (!field) throw badPath(path.join('.'));
    // Through a record or a field the role may not see, the path shows nothing (the column stays blank).
    if (!readsEntity(panel, current.key) || hiddenFields(current, panel).has(name)) return new Map();
    const last = step === path.length - 1;
    const wanted = [...new Set(reached.values())];
    const values = new Map<number, unknown>();
    for (let i = 0; i < wanted.length; i += maxLabelIds) {
      const chunk = wanted.slice(i, i + maxLabelIds);
      if (chunk.length === 0) continue;
      const rows = await sql<Row>`select ${sql.ref('id')}, ${sql.ref(name)} from ${sql.table(current.table)}
        where ${sql.ref('id')} in (${sql.join(chunk)})`.execute(db);
      for (const row of rows.rows) values.set(Number(row.id), row[name]);
    }
    if (last && field.input !== 'reference') {
      const out = new Map<number, string>();
      for (const [origin, id] of reached) {
        const value = values.get(id);
        if (value !== undefined && value !== null) out.set(origin, String(value));
      }
      return out;
    }
    if (field.input !== 'reference' || !field.reference) throw badPath(path.join('.'));
    const next = new Map<number, number>();
    for (const [origin, id] of reached) {
      const value = Number(values.get(id));
      if (Number.isInteger(value) && value > 0) next.set(origin, value);
    }
    reached = next;
    current = registry[field.reference.entity];
  }
  // The path ended at a reference (or was empty): the labels of the records reached, if the role
  // reads them.
  if (!readsEntity(panel, current.key)) return new Map();
  const labels = await recordLabels(db, current, [...reached.values()]);
  const out = new Map<number, string>();
  for (const [origin, id] of reached) {
    const label = labels.get(id);
    if (label !== undefined) out.set(origin, label);
  }
  return out;
}

const pathPattern = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*){0,3}$/;

// ---- many columns (schema/define.ts ManyColumn) ---------------------------------------------

const manyPattern = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;
const badMany = (spec: string) => new HttpError(400, `فهرست «${spec}» در این بخش وجود ندارد`);

/**
 * Per id of `entity`: the `show` values of the records of `other` whose reference `by` names it,
 * each once, in their order of creation, joined with «، ». Only a declared reference to this entity and a
 * declared field can be asked for. Ids nothing refers to are left out.
 */
export async function manyValues(db: DB, entity: AnyEntity, ids: readonly number[], spec: string, panel: PanelAccess = administrator): Promise<Map<number, string>> {
  const [otherKey = '', by = '', show = ''] = spec.split('.');
  const counting = entity.columns.find((column) => 'many' in column && column.id === show && 'count' in column.many && column.many.entity === otherKey && column.many.by === by);
  if (counting && 'many' in counting && 'count' in counting.many) return manyCounts(db, entity, ids, counting.many);
  const other = registryKeys.find((key) => key === otherKey);
  if (!other || registry[other].allFields[by]?.reference?.entity !== entity.key || !registry[other].allFields[show]) throw badMany(spec);
  const owner = new Map<number, number>();
  for (let i = 0; i < ids.length; i += maxLabelIds) {
    const chunk = ids.slice(i, i + maxLabelIds);
    if (chunk.length === 0) continue;
    const rows = await sql<Row>`select ${sql.ref('id')}, ${sql.ref(by)} from ${sql.table(registry[other].table)}
      where ${sql.ref(by)} in (${sql.join(chunk)}) order by ${sql.ref('id')}`.execute(db);
    for (const row of rows.rows) owner.set(Number(row.id), Number(row[by]));
  }
  const shown = await pathValues(db, registry[other], [...owner.keys()], [show], panel);
  const grouped = new Map<number, string[]>();
  for (const [otherId, id] of owner) {
    const value = shown.get(otherId);
    const seen = grouped.get(id) ?? [];
    // Each value once: two children in one course name it once.
    if (value !== undefined && value !== '' && !seen.includes(value)) grouped.set(id, [...seen, value]);
  }
  return new Map([...grouped].map(([id, values]) => [id, values.join('، ')]));
}

/**
 * Per id of `entity`: how many records of `many.entity` refer to it through `many.by` with the
 * `where` values, as «12 از 15» when the row's `of` field is above 0 (ManyCount). Only what a
 * schema declares is counted: the column is looked up by its id, never built from the request.
 */
async function manyCounts(db: DB, entity: AnyEntity, ids: readonly number[], many: ManyCount): Promise<Map<number, string>> {
  const other = registry[many.entity];
  const where = Object.entries(many.count.where ?? {}).map(([name, value]) => sql`and ${sql.ref(name)} = ${typeof value === 'boolean' ? Number(value) : value}`);
  const counts = new Map<number, number>();
  const totals = new Map<number, number>();
  for (let i = 0; i < ids.length; i += maxLabelIds) {
    const chunk = ids.slice(i, i + maxLabelIds);
    if (chunk.length === 0) continue;
    const rows = await sql<{ owner: number; n: number }>`select ${sql.ref(many.by)} as ${sql.ref('owner')}, count(*) as ${sql.ref('n')}
      from ${sql.table(other.table)} where ${sql.ref(many.by)} in (${sql.join(chunk)}) ${sql.join(where, sql` `)}
      group by ${sql.ref(many.by)}`.execute(db);
    for (const row of rows.rows) counts.set(Number(row.owner), Number(row.n));
    if (many.count.of !== undefined) {
      const own = await sql<Row>`select ${sql.ref('id')}, ${sql.ref(many.count.of)} from ${sql.table(entity.table)}
        where ${sql.ref('id')} in (${sql.join(chunk)})`.execute(db);
      for (const row of own.rows) totals.set(Number(row.id), Number(row[many.count.of]));
    }
  }
  return new Map(
    ids.map((id) => {
      const count = counts.get(id) ?? 0;
      const total = totals.get(id) ?? 0;
      return [id, total > 0 ? `${count} از ${total}` : String(count)];
    }),
  );
}

export function registerRelations(register: Register, db: DB, contract: Contract): void {
  register('GET /api/Admin/{entity}/labels', 'admin', listRecordLabels, { need: pathEntityNeed('read') });
  register('GET /api/Admin/{entity}/options', 'admin', listPickerOptions, { need: pathEntityNeed('read') });
  register('GET /api/Admin/{entity}/{id}', 'admin', readRecordWithRelated, { need: pathEntityNeed('read') });

  async function listRecordLabels(request: FastifyRequest) {
    const entity = entityOf(request.params);
    const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
    const ids = parseIds('ids' in query ? query.ids : undefined);
    if (ids.length === 0) return { labels: {} };
    const many: unknown = 'many' in query ? query.many : undefined;
    if (many !== undefined) {
      if (typeof many !== 'string' || !manyPattern.test(many)) throw badMany(String(many));
      return { labels: Object.fromEntries(await manyValues(db, entity, ids, many, currentUser(request).panel)) };
    }
    const path: unknown = 'path' in query ? query.path : undefined;
    if (path !== undefined) {
      if (typeof path !== 'string' || !pathPattern.test(path)) throw badPath(String(path));
      return { labels: Object.fromEntries(await pathValues(db, entity, ids, path.split('.'), currentUser(request).panel)) };
    }
    return { labels: Object.fromEntries(await recordLabels(db, entity, ids)) };
  }

  async function listPickerOptions(request: FastifyRequest) {
    const entity = entityOf(request.params);
    const { q, limit } = parse(optionsQuery, request.query ?? {});
    const needle = foldForSearch(q);
    // Labels are folded here rather than in SQL: folding (Arabic letters, digits, ZWNJ) has no
    // portable SQL form on SQLite and PostgreSQL, and the entities people pick from (teachers,
    // categories) are small. A large one should get a folded search column (the list protocol's).
    // A scoped role picks among its own records only.
    const within = scopeClause(entity, currentUser(request).panel);
    const all = await sql<Row>`select ${labelSelection(entity)} from ${sql.table(entity.table)} ${within ? sql`where ${within}` : sql``}`.execute(db);
    const matches: Array<{ id: number; label: string; rank: number }> = [];
    for (const row of all.rows) {
      const label = recordLabel(entity, row);
      const folded = foldForSearch(label);
      const at = needle === '' ? 0 : folded.indexOf(needle);
      if (at < 0) continue;
      matches.push({ id: Number(row.id), label, rank: at === 0 ? 0 : 1 });
    }
    matches.sort((a, b) => a.rank - b.rank || persianOrder.compare(a.label, b.label) || a.id - b.id);
    return { options: matches.slice(0, limit).map(({ id, label }) => ({ id, label })) };
  }

  async function readRecordWithRelated(request: FastifyRequest) {
    const entity = entityOf(request.params);
    const rawId = typeof request.params === 'object' && request.params !== null && 'id' in request.params ? request.params.id : undefined;
    if (typeof rawId !== 'string' || !positiveInt.test(rawId)) throw new HttpError(400, relationTexts.badId);
    const id = Number(rawId);
    const { panel } = currentUser(request);
    await assertInScope(db, entity, panel, id);
    // The schema's `onOpen` (a new message becomes read) happens before the read, so the answer
    // shows the record as it is after it.
    const opened = entity.onOpen ? await openRecord(db, entity, id, currentUser(request)) : false;
    const found = await sql<Row>`select * from ${sql.table(entity.table)} where ${sql.ref('id')} = ${id}`.execute(db);
    const row = found.rows[0];
    if (!row) throw notFound(texts.recordNotFound);

    const referrers = referrersOf(entity.key);
    const related = [];
    for (const { entity: other, field } of referrers) {
      // Only what the role reads, of its own scope, without the fields it may not see.
      if (!readsEntity(panel, other.key)) continue;
      const within = scopeClause(other, panel);
      const alsoWithin = within ? sql` and ${within}` : sql``;
      const counted = await sql<{ n: number | string }>`select count(*) as ${sql.ref('n')} from ${sql.table(other.table)}
        where ${sql.ref(field)} = ${id}${alsoWithin}`.execute(db);
      const order = relatedOrderOf(other).map(([name, direction]) =>
        direction === 'asc' ? sql`${sql.ref(name)} asc` : sql`${sql.ref(name)} desc`,
      );
      const items = await sql<Row>`select * from ${sql.table(other.table)} where ${sql.ref(field)} = ${id}${alsoWithin}
        order by ${sql.join(order)} limit ${relatedPageSize}`.execute(db);
      // Two fields of one entity pointing here (a course's teacher and its assistant) are told apart.
      const sameEntity = referrers.filter((r) => r.entity.key === other.key).length > 1;
      const fieldLabel = other.allFields[field]?.label ?? field;
      related.push({
        entity: other.key,
        field,
        title: other.allFields[field]?.reference?.relatedTitle ?? (sameEntity ? `${other.texts.nav} (${fieldLabel})` : other.texts.nav),
        total: Number(counted.rows[0]?.n ?? 0),
        items: items.rows.map((item) => visibleRow(other, panel, contract.shapeAs(other.component, item))),
      });
    }
    const label = (await recordLabels(db, entity, [id])).get(id) ?? recordLabel(entity, row);
    return { record: visibleRow(entity, panel, contract.shapeAs(entity.component, row)), label, related, ...(opened ? { opened } : {}) };
  }
}

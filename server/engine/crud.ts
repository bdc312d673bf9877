// The admin CRUD of every registry entity, driven by its schema file: one set of handlers, no
// per-entity copies. Columns come from the schema's fields; answers are shaped by the
// contract's component schema, so only contract properties leave the server.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { bodySchema, idBodySchema, splitOperation, stampedOnSave, type AnyEntity, type OperationKey } from '../../schema/define';
import { afterWrite, createHookOf, guardWrite, insertHookOf, sharedBehaviour, type InsertHook } from './behaviours';
import { registry } from '../../schema/registry.gen';
import { recordAudit, versionConflict } from './audit';
import { changesRecord } from './integrityRules';
import type { Contract } from '../platform/contract';
import { isPostgres, requestChangeMarker, nowIso, type Database, type DB } from '../platform/db';
import { EncodedBody, sendEncoded } from '../platform/encoding';
import { notFound, texts } from '../platform/errors';
import { assertNotReferenced, assertReferencesExist, cascadedBy, constraintError, requestedVersion, shapeRow } from './integrity';
import { assertLinksExist, dropLinksOf, linkFields, recordForUpdate, splitLinks, withLinks, writeLinks } from './links';
import { listLabels } from './listLabels';
import type { Row } from '../platform/db';
import { parseListQuery, runListQuery, schemaProperties } from './listQuery';
import { prepareListSearch, warmListSearch } from './listSearch';
import { currentUser, parse, type AuthUser, type Register } from '../platform/http';
import type { PanelAccess } from '../../schema/rules/permissions';
import { assertInScope, guardedBody, queryForRole, scopeClause, seesAll, visibleRow } from './staffView';
import { sanitizeRichText } from '../platform/sanitize';
import { uniqueSlug } from '../platform/slug';

/** Smaller list answers go as they are (@fastify/compress's own threshold). */
const minCompressedSize = 1024;

/** Values as the database keeps them: booleans as 0/1, rich text sanitised. */
export function toColumns(entity: AnyEntity, body: Row, fields: AnyEntity['fields'] = entity.fields): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(fields)) {
    let value = body[name];
    // Left out of the body (a many-to-many field, an optionalInBody one): the stored value stays.
    if (value === undefined) continue;
    if (typeof value === 'boolean') value = value ? 1 : 0;
    if (field.input === 'richText' && typeof value === 'string') value = sanitizeRichText(value);
    out[name] = value;
  }
  return out;
}

/** Fields the server sets on every save: when and by whom (an attendance mark). */
export function stampSave(entity: AnyEntity, values: Row, actorId: number): void {
  const onSave = stampedOnSave(entity);
  for (const name of onSave.times) values[name] = nowIso();
  for (const name of onSave.actors) values[name] = actorId;
}

/** The names an update body's missing or malformed values are reported under. */
const updateLabels = (entity: AnyEntity): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(entity.fields).map(([name, f]) => [name, f.label])),
  [entity.ops.updateIdKey ?? 'id']: 'شناسه',
});

/**
 * An update body as the database keeps it: checked by the entity's validators, its rich text
 * sanitised, stamped for the one saving it. The form's save and the audit log's revert both
 * make their values here.
 */
export function updateValues(entity: AnyEntity, body: unknown, actorId: number): { id: number; values: Row } {
  const parsed = parse(bodySchema(entity, 'update'), body, updateLabels(entity));
  const values = toColumns(entity, parsed);
  stampSave(entity, values, actorId);
  return { id: Number(parsed[entity.ops.updateIdKey ?? 'id']), values };
}

/**
 * A stored record's edit-form save with `changes` over its values (the audit log's revert, bulk
 * edit): the whole record checked as the form's body is, so a change the record's other
 * values contradict is refused as the form would refuse it.
 */
export function editedValues(contract: Contract, entity: AnyEntity, current: Row, changes: Row, actorId: number): { id: number; values: Row } {
  const body = { ...shapeRow(contract, entity, { ...current, ...changes }), [entity.ops.updateIdKey ?? 'id']: Number(current.id) };
  return updateValues(entity, body, actorId);
}

export { changesRecord } from './integrityRules';

/** How a write is logged: as itself, or as the audit log's revert of an earlier one. */
type Logged<K extends string> = K | 'revert';

/**
 * One record's update inside `trx`: locked, its version checked when the caller names one,
 * references and the users' guards, the write with the version bump, its audit entry and the
 * entity's write hooks. The form's save and the audit log's revert are this same write.
 */
export async function updateRecord(
  trx: Transaction<Database>,
  contract: Contract,
  entity: AnyEntity,
  actor: AuthUser,
  change: { id: number; values: Row; expected: number | undefined; logAs?: Logged<'update'> },
): Promise<Row> {
  const { id, expected } = change;
  const before = await recordForUpdate(trx, entity, id);
  if (!before) throw notFound(texts.recordNotFound);
  if (expected !== undefined && Number(before.version) !== expected) {
    throw await versionConflict(trx, contract, entity, before, expected);
  }
  const { columns: values, links } = splitLinks(entity, change.values);
  await assertReferencesExist(trx, entity, values);
  await assertLinksExist(trx, entity, links);
  await guardWrite(trx, entity, actor, before, values);
  // A save that changes nothing writes nothing: no version bump, no hooks and no audit entry,
  // which would stand between the admin and undoing the real change before it.
  if (!changesRecord(entity, before, values, links)) return before;
  const names = Object.keys(values);
  const sets = [...names.map((n) => sql`${sql.ref(n)} = ${values[n]}`), sql`${sql.ref('version')} = ${sql.ref('version')} + 1`];
  const updated = await sql<Row>`update ${sql.table(entity.table)} set ${sql.join(sets)}
    where ${sql.ref('id')} = ${id} returning *`.execute(trx);
  const written = updated.rows[0];
  if (!written) throw notFound(texts.recordNotFound);
  await writeLinks(trx, entity, id, links);
  const [row = written] = await withLinks(trx, entity, [written]);
  await recordAudit(trx, { actor, entity, recordId: id, action: change.logAs ?? 'update', before, after: row });
  await afterWrite(trx, entity, [{ before, after: row }]);
  return row;
}

/**
 * A new record's insert inside `trx`, its values complete (a create's, or a deleted record's
 * own under its old id when the audit log brings it back): references, the insert (the
 * database's unique indexes decide clashes), its audit entry and the entity's write hooks.
 */
export async function insertRecord(trx: Transaction<Database>, entity: AnyEntity, actor: AuthUser, given: Row, logAs: Logged<'create'> = 'create'): Promise<Row> {
  const { columns: values, links } = splitLinks(entity, given);
  // A create's references include its create-only ones (an enrolment's child and course).
  await assertReferencesExist(trx, { fields: entity.createFields }, values);
  await assertLinksExist(trx, entity, links);
  const names = Object.keys(values);
  const inserted = await sql<Row>`insert into ${sql.table(entity.table)} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => values[n]))}) returning *`.execute(trx);
  const written = inserted.rows[0];
  if (!written) throw new Error(`insert into ${entity.table} returned nothing`);
  await writeLinks(trx, entity, Number(written.id), links);
  const [created = written] = await withLinks(trx, entity, [written]);
  await recordAudit(trx, { actor, entity, recordId: Number(created.id), action: logAs, before: null, after: created });
  await afterWrite(trx, entity, [{ before: null, after: created }]);
  return created;
}

/**
 * A create a feature writes itself (InsertHook) inside `trx`: its references checked, then its
 * audit entry (an update of the row it took up, else a create) and the entity's write hooks.
 */
async function insertThrough(trx: Transaction<Database>, entity: AnyEntity, actor: AuthUser, values: Row, insert: InsertHook): Promise<Row> {
  await assertReferencesExist(trx, { fields: entity.createFields }, values);
  const { before, after } = await insert(trx, values, actor);
  const id = Number(after.id);
  await recordAudit(trx, { actor, entity, recordId: id, action: before ? 'update' : 'create', before, after });
  await afterWrite(trx, entity, [{ before, after }]);
  return after;
}

/** A slug for a new record of `entity` made from `source`, free in its table and not a reserved address. */
export async function freshSlug(trx: Transaction<Database>, entity: AnyEntity, source: string): Promise<string> {
  return uniqueSlug(source, entity.key, async (slug) => {
    const taken = await sql<Row>`select 1 from ${sql.table(entity.table)} where ${sql.ref('slug')} = ${slug}`.execute(trx);
    return taken.rows.length > 0;
  }, sharedBehaviour().reservedSlugs?.(entity.key));
}

/**
 * One record's delete inside `trx`: the users' guards, refused while other records use it (the
 * admin is told what uses it, instead of leaving courses pointing at nothing), its audit entry
 * and the entity's write hooks.
 */
export async function deleteRecord(trx: Transaction<Database>, entity: AnyEntity, actor: AuthUser, id: number, logAs: Logged<'delete'> = 'delete'): Promise<void> {
  const before = await recordForUpdate(trx, entity, id);
  if (!before) throw notFound(texts.recordNotFound);
  await guardWrite(trx, entity, actor, before, null);
  await assertNotReferenced(trx, entity, id);
  await deleteCascaded(trx, entity, actor, [id], logAs);
  await dropLinksOf(trx, entity, [id]);
  await sql`delete from ${sql.table(entity.table)} where ${sql.ref('id')} = ${id}`.execute(trx);
  await recordAudit(trx, { actor, entity, recordId: id, action: logAs, before, after: null });
  await afterWrite(trx, entity, [{ before, after: null }]);
}

/**
 * The rows of schema-made tables that go with these records (onDelete 'cascade'), each deleted
 * as one record is: guarded, its own cascades and links too, and in the audit log, so the log
 * can bring it back.
 */
export async function deleteCascaded(trx: Transaction<Database>, entity: AnyEntity, actor: AuthUser, ids: readonly number[], logAs: Logged<'delete'> = 'delete'): Promise<void> {
  for (const { other, column } of cascadedBy(entity)) {
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const rows = await sql<{ id: number }>`select ${sql.ref('id')} from ${sql.table(other.table)} where ${sql.ref(column)} in (${sql.join(part)})`.execute(trx);
      for (const row of rows.rows) await deleteRecord(trx, other, actor, Number(row.id), logAs);
    }
  }
}

/** A request's parsed query string as a plain record (Fastify types it as unknown). */
export function queryRecord(query: unknown): Record<string, unknown> {
  return typeof query === 'object' && query !== null ? Object.fromEntries(Object.entries(query)) : {};
}

/**
 * An update body as a staff role may send it: the fields it may not change taken from the record
 * as stored (see guardedBody). The record is read as the contract shapes it, so the comparison
 * is of like with like.
 */
async function bodyForRole(db: DB, entity: AnyEntity, panel: PanelAccess, body: unknown): Promise<unknown> {
  if (panel.kind !== 'staff' || typeof body !== 'object' || body === null) return body;
  const idKey = entity.ops.updateIdKey ?? 'id';
  const id = Number(Reflect.get(body, idKey));
  if (!Number.isInteger(id) || id < 1) return body;
  await assertInScope(db, entity, panel, id);
  const stored = await recordForUpdate(db, entity, id);
  if (!stored) throw notFound(texts.recordNotFound);
  return guardedBody(entity, panel, body, stored);
}

export async function registerCrud(register: Register, db: DB, contract: Contract): Promise<void> {
  // Which tables keep a slug or a creation time is read from the database, not hard-coded.
  const tables = await db.introspection.getTables();
  const cacheLists = !isPostgres(db);
  await prepareListSearch(db, Object.values(registry));
  warmListSearch(db, Object.values(registry));
  const columnsOf = (table: string) => new Set(tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? []);

  for (const entity of Object.values(registry)) {
    const columns = columnsOf(entity.table);
    if (columns.size === 0) throw new Error(`table ${entity.table} of ${entity.key} does not exist`);
    const kept = Object.keys(entity.allFields).filter((name) => !linkFields(entity).includes(name));
    for (const name of [...kept, ...Object.keys(entity.decl.stored ?? {}), 'version']) {
      if (!columns.has(name)) throw new Error(`${entity.table}.${name} (declared by schema/${entity.key}.ts) has no column`);
    }
    // Fields the server fills itself when a record is created (a message's send time).
    const createHook = createHookOf(entity);
    const insertHook = insertHookOf(entity);
    const stampedOnCreate = Object.entries(entity.decl.fields).flatMap(([name, field]) => (field.input === 'jalaliDate' && field.auto === 'created' ? [name] : []));
    // Every answer carries the record's version, which an update may name (optimistic concurrency).
    const shape = (row: Row) => shapeRow(contract, entity, row);
    const createLabels = Object.fromEntries(Object.entries(entity.createFields).map(([name, f]) => [name, f.label]));
    const opKey = (op: OperationKey) => {
      const { method, path } = splitOperation(op);
      return `${method} ${path}`;
    };

    // The serialized list is kept until the database changes (any write, here or by another
    // connection: see changeMarker); shaping and serializing 1,000 rows per request otherwise
    // costs far more than sending them. Its brotli and gzip forms are kept with it, each made
    // once (on the thread pool) when first asked for: at ~480 kB a list is sent ~35× smaller,
    // and compressing it per request would cost more than the rest of the answer. Requests
    // arriving while it is rebuilt wait for the same rebuild. PostgreSQL has no such marker and
    // several processes may write, so there every request reads the table (and
    // @fastify/compress compresses the answer).
    const readList = async (panel: PanelAccess = { kind: 'administrator' }) => {
      const within = scopeClause(entity, panel);
      const result = await sql<Row>`select * from ${sql.table(entity.table)} ${within ? sql`where ${within}` : sql``} order by ${sql.ref('id')} desc`.execute(db);
      const rows = (await withLinks(db, entity, result.rows)).map((row) => visibleRow(entity, panel, shape(row)));
      return entity.ops.listItemsAt ? { [entity.ops.listItemsAt]: rows } : rows;
    };
    let cached: { marker: string; body: Promise<EncodedBody> } | null = null;
    // The list protocol's sortable and filterable properties: the contract's row properties that
    // are columns of the table (users' passwordHash is neither).
    const listProperties = schemaProperties(contract.component(entity.component), columns);
    register(opKey(entity.ops.list), 'admin', listRecords, { need: { entity: entity.key, can: 'read' }, ...(cacheLists ? { compress: false } : {}) });

    async function listRecords(request: FastifyRequest, reply: FastifyReply) {
      // With any paging parameter: one page, read per request (no cache; see server/engine/listQuery.ts).
      const { panel } = currentUser(request);
      const listQuery = parseListQuery(entity, queryRecord(request.query), listProperties);
      if (listQuery) {
        const page = await runListQuery(db, entity, queryForRole(entity, panel, listQuery));
        const items = (await withLinks(db, entity, page.items)).map((row) => visibleRow(entity, panel, shape(row)));
        // The names the page's columns show come with it, so the table asks for none after the rows.
        const answer = { items, total: page.total, labels: await listLabels(db, entity, entity.columns, items, panel, { names: true }) };
        if (!cacheLists) return answer;
        // This route skips @fastify/compress (the cached list brings its own encodings), so a
        // page, 100 rows of ~60 kB JSON for courses, is compressed here.
        const bytes = Buffer.from(JSON.stringify(answer));
        reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
        return sendEncoded(request, reply, new EncodedBody(bytes), minCompressedSize);
      }
      // A role kept from some rows or fields reads its own list, never the shared one.
      if (!seesAll(entity, panel)) return readList(panel);
      const marker = cacheLists ? await requestChangeMarker(db, request) : null;
      if (marker === null) return readList();
      if (cached?.marker !== marker) {
        const entry = { marker, body: readList().then((answer) => new EncodedBody(Buffer.from(JSON.stringify(answer)))) };
        cached = entry;
        entry.body.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      const body = await cached.body;
      reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
      return sendEncoded(request, reply, body, minCompressedSize);
    }

    if (entity.ops.create) {
      const schema = bodySchema(entity, 'create');
      register(opKey(entity.ops.create), 'admin', createRecord, { need: { entity: entity.key, can: 'create' } });

      async function createRecord(request: FastifyRequest) {
        const actor = currentUser(request);
        const parsed = toColumns(entity, parse(schema, guardedBody(entity, actor.panel, request.body, null), createLabels), entity.createFields);
        const values = createHook ? await createHook(parsed, db) : parsed;
        if (columns.has('createdAt')) values.createdAt = nowIso();
        for (const name of stampedOnCreate) values[name] = nowIso();
        stampSave(entity, values, actor.id);
        try {
          const row = await db.transaction().execute(async (trx) => {
            const slugSource = entity.slugFrom ? values[entity.slugFrom] : undefined;
            if (columns.has('slug') && typeof slugSource === 'string') {
              values.slug = await freshSlug(trx, entity, slugSource);
            }
            const inserted = insertHook ? await insertThrough(trx, entity, actor, values, insertHook) : await insertRecord(trx, entity, actor, values);
            // A scoped role creates only what is its own (a session of its own course).
            await assertInScope(trx, entity, actor.panel, Number(inserted.id));
            return inserted;
          });
          return visibleRow(entity, actor.panel, shape(row));
        } catch (error) {
          throw constraintError(entity, error) ?? error;
        }
      }
    }

    if (entity.ops.update) {
      register(opKey(entity.ops.update), 'admin', editRecord, { need: { entity: entity.key, can: 'update' } });

      async function editRecord(request: FastifyRequest) {
        const actor = currentUser(request);
        const body = await bodyForRole(db, entity, actor.panel, request.body);
        const { id, values } = updateValues(entity, body, actor.id);
        // Named by the admin's form (the version it loaded); the spec's clients send none and
        // overwrite as before.
        const expected = requestedVersion(request.body);
        try {
          return await db.transaction().execute(async (trx) => {
            await assertInScope(trx, entity, actor.panel, id);
            return visibleRow(entity, actor.panel, shape(await updateRecord(trx, contract, entity, actor, { id, values, expected })));
          });
        } catch (error) {
          throw constraintError(entity, error) ?? error;
        }
      }
    }

    if (entity.ops.remove) {
      register(opKey(entity.ops.remove), 'admin', removeRecord, { need: { entity: entity.key, can: 'delete' } });

      async function removeRecord(request: FastifyRequest) {
        const actor = currentUser(request);
        const { id } = parse(idBodySchema, request.body, { id: 'شناسه' });
        try {
          return await db.transaction().execute(async (trx) => {
            await assertInScope(trx, entity, actor.panel, id);
            await deleteRecord(trx, entity, actor, id);
            return { id };
          });
        } catch (error) {
          throw constraintError(entity, error) ?? error;
        }
      }
    }
  }
}

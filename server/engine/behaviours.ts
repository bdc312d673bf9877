// How a feature plugs its behaviour for an entity into the generic engine: what a create does
// besides inserting the fields, what else a write changes, the record actions' handlers, the
// guards a write or a delete must pass, and what an import checks across rows. The engine asks
// here and imports no feature; the features plug themselves in at the composition root
// (server/features.ts). A behaviour is plain functions of what they are given, so one registry
// serves every server a process starts.
import type { Transaction } from 'kysely';
import { isWriteOnly, type AnyEntity, type RegistryKey } from '../../schema/define';
import type { Database, DB, Executor, Row } from '../platform/db';
import type { Gateway } from '../platform/outside';
import type { AuthUser } from '../platform/http';

/**
 * The record action that wrote an entry, with its inputs: the action's own record's entry and
 * those it wrote for other records (the enrolments a refund cancelled).
 */
export interface AuditVia {
  entity: string;
  action: string;
  input: Row;
}

export interface WriteChange {
  before: Row | null;
  after: Row | null;
}

/**
 * What else a write changes, inside the write's own transaction after the rows are written: the
 * records it derives change with it or not at all. Sees each row before and after (null for a
 * create's before and a delete's after); may refuse with an HttpError, which rolls it all back.
 */
export type WriteHook = (trx: Transaction<Database>, changes: readonly WriteChange[]) => Promise<void>;

/**
 * Turns a create body's values into the row to insert (hashing a password, filling columns the
 * form does not show), or refuses with an HttpError. Runs outside the insert's transaction: a
 * password hash takes most of a second and must not hold the database's write lock.
 */
export type CreateHook = (values: Row, db: DB) => Promise<Row>;

/**
 * A create the feature writes itself, inside the create's transaction, for a record whose making
 * moves more than its own row (an enrolment taken by hand takes a seat and makes its paid order).
 * Given the create body's values, write-only inputs included, with its references checked; answers
 * the row written and, when it took up a row already there (a cancelled enrolment enrolled again),
 * that row as it was. The engine audits the write and runs the write hooks.
 */
export type InsertHook = (trx: Transaction<Database>, values: Row, actor: AuthUser) => Promise<{ before: Row | null; after: Row }>;

/** Refuses a single update (`after` the new values) or delete (`after` null) by `actor`. */
export type WriteGuard = (trx: Executor, entity: AnyEntity, actor: AuthUser, before: Row, after: Row | null) => Promise<void>;

/** Of the rows a bulk delete would remove, those that must stay, each with its Persian reason. */
export type DeleteKeeper = (trx: Transaction<Database>, rows: ReadonlyArray<Row & { id: number }>, actorId: number) => Promise<Map<number, string>>;

export interface ImportedRow {
  line: number;
  values: Row;
}
/** An import's checks across its rows and against the table, beyond each row's schema. */
export type ImportCheck = (db: DB, rows: readonly ImportedRow[], reject: (line: number, message: string) => void) => Promise<void>;
/** Fills the columns an imported row needs that the file does not carry (in place). */
export type ImportFill = (columns: Row, values: Row) => void;

export interface ActionContext {
  trx: Transaction<Database>;
  /** The record as stored, locked until the transaction ends. */
  record: Row;
  actor: AuthUser;
  /** The payment gateway, for actions that move money (a refund). */
  gateway: Gateway;
  /** The action's declared inputs as the admin gave them, validated (empty when it has none). */
  input: Row;
  /** The site's public address (PUBLIC_URL's origin), for a link an action hands over. */
  siteUrl: string;
  /**
   * This run of the action, for the audit entries the handler writes for other records (the
   * enrolments a refund cancels): the audit log undoes them only as the action declares.
   */
  via: AuditVia;
}

/** What an action run needs besides the record: who runs it and the outside services. */
export type ActionServices = Pick<ActionContext, 'actor' | 'gateway' | 'siteUrl'>;

export interface ActionOutcome {
  /** Column values of the record, written together with the version bump. */
  set: Row;
  /** Told to the admin once with the answer (a one-time link that is never stored readable). */
  notice?: string;
  /** A record of the same entity the action made (a course copied for the next term): the admin is taken to it. */
  opens?: number;
}

/** What an action does: the record's changes; it may refuse (an HttpError) or write elsewhere in the same transaction. */
export type ActionHandler = (context: ActionContext) => Promise<ActionOutcome>;

/**
 * What a save would change besides its own record, one line for the admin each (the sessions a
 * holiday cancels), read before the save: `before` is null for a create. Changes nothing.
 */
export type SavePreview = (trx: Transaction<Database>, before: Row | null, after: Row) => Promise<string[]>;

export interface EntityBehaviour {
  create?: CreateHook;
  insert?: InsertHook;
  previewSave?: SavePreview;
  afterWrite?: WriteHook;
  actions?: Readonly<Record<string, ActionHandler>>;
  guardWrite?: WriteGuard;
  keepOnDelete?: DeleteKeeper;
  checkImport?: ImportCheck;
  fillImported?: ImportFill;
}

/** The media library, as file fields refer to it the way reference fields refer to records. */
export interface FileLibrary {
  /** Refuses (400) a value naming a file the library does not have. */
  assertInLibrary(trx: Executor, entity: Pick<AnyEntity, 'fields'>, values: Row): Promise<void>;
  /** Of `names`, those the library has. */
  found(db: Executor, kind: 'images' | 'videos', names: readonly string[]): Promise<Set<string>>;
  notInLibrary(label: string, name: string): string;
}

/** What the engine asks of every entity at once. */
export interface SharedBehaviour {
  fileLibrary?: FileLibrary;
  /** Slugs a record may not take, because a page of the site has that address. */
  reservedSlugs?: (entity: RegistryKey) => ReadonlySet<string>;
}

type Plugged = {
  create?: CreateHook;
  insert?: InsertHook;
  previewSave?: SavePreview;
  afterWrite: WriteHook[];
  actions: Record<string, ActionHandler>;
  guardWrite: WriteGuard[];
  keepOnDelete: DeleteKeeper[];
  checkImport: ImportCheck[];
  fillImported: ImportFill[];
};

const plugged = new Map<RegistryKey, Plugged>();
const shared: SharedBehaviour = {};

function slot(key: RegistryKey): Plugged {
  let entry = plugged.get(key);
  if (!entry) {
    entry = { afterWrite: [], actions: {}, guardWrite: [], keepOnDelete: [], checkImport: [], fillImported: [] };
    plugged.set(key, entry);
  }
  return entry;
}

/**
 * Plugs a feature's behaviour for an entity in. Several features may add write hooks, guards and
 * import checks to one entity (they run in the order plugged); a create hook or an action key is
 * one feature's alone.
 */
export function plugIn(key: RegistryKey, behaviour: EntityBehaviour): void {
  const entry = slot(key);
  if (behaviour.create) {
    if (entry.create) throw new Error(`${key}: a second create hook`);
    entry.create = behaviour.create;
  }
  if (behaviour.insert) {
    if (entry.insert) throw new Error(`${key}: a second insert hook`);
    entry.insert = behaviour.insert;
  }
  if (behaviour.previewSave) {
    if (entry.previewSave) throw new Error(`${key}: a second save preview`);
    entry.previewSave = behaviour.previewSave;
  }
  for (const [action, handler] of Object.entries(behaviour.actions ?? {})) {
    if (entry.actions[action]) throw new Error(`${key}: a second handler for the action '${action}'`);
    entry.actions[action] = handler;
  }
  if (behaviour.afterWrite) entry.afterWrite.push(behaviour.afterWrite);
  if (behaviour.guardWrite) entry.guardWrite.push(behaviour.guardWrite);
  if (behaviour.keepOnDelete) entry.keepOnDelete.push(behaviour.keepOnDelete);
  if (behaviour.checkImport) entry.checkImport.push(behaviour.checkImport);
  if (behaviour.fillImported) entry.fillImported.push(behaviour.fillImported);
}

export function plugInShared(behaviour: SharedBehaviour): void {
  Object.assign(shared, behaviour);
}

/** Whether a write changed any of `names`. */
export const changedIn = (change: WriteChange, names: readonly string[]) => names.some((name) => change.before?.[name] !== change.after?.[name]);
/** The distinct positive integer ids among `values`. */
export const idsOf = (values: readonly unknown[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

export const sharedBehaviour = (): Readonly<SharedBehaviour> => shared;

/** Runs the entity's write hooks for rows just written in `trx`. */
export async function afterWrite(trx: Transaction<Database>, entity: AnyEntity, changes: readonly WriteChange[]): Promise<void> {
  if (changes.length === 0) return;
  for (const hook of plugged.get(entity.key)?.afterWrite ?? []) await hook(trx, changes);
}

export function createHookOf(entity: AnyEntity): CreateHook | undefined {
  const hook = plugged.get(entity.key)?.create;
  // A write-only input (a password) has no column: something must make of it what the table keeps.
  const writeOnly = Object.values(entity.decl.fields).some(isWriteOnly);
  if (writeOnly && !hook && !insertHookOf(entity)) throw new Error(`schema/${entity.key}.ts declares a write-only field, but no feature plugs in a create or insert hook for ${entity.key}`);
  return hook;
}

export const insertHookOf = (entity: AnyEntity): InsertHook | undefined => plugged.get(entity.key)?.insert;

export const savePreviewOf = (entity: AnyEntity): SavePreview | undefined => plugged.get(entity.key)?.previewSave;

export const actionHandlersOf = (entity: AnyEntity): Readonly<Record<string, ActionHandler>> => plugged.get(entity.key)?.actions ?? {};

export async function guardWrite(trx: Executor, entity: AnyEntity, actor: AuthUser, before: Row, after: Row | null): Promise<void> {
  for (const guard of plugged.get(entity.key)?.guardWrite ?? []) await guard(trx, entity, actor, before, after);
}

export async function keptOnDelete(trx: Transaction<Database>, entity: AnyEntity, rows: ReadonlyArray<Row & { id: number }>, actorId: number): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  for (const keeper of plugged.get(entity.key)?.keepOnDelete ?? []) {
    const more = await keeper(trx, rows.filter((row) => !kept.has(row.id)), actorId);
    for (const [id, reason] of more) kept.set(id, reason);
  }
  return kept;
}

export async function checkImport(db: DB, entity: AnyEntity, rows: readonly ImportedRow[], reject: (line: number, message: string) => void): Promise<void> {
  for (const check of plugged.get(entity.key)?.checkImport ?? []) await check(db, rows, reject);
}

export function fillImported(entity: AnyEntity, columns: Row, values: Row): void {
  for (const fill of plugged.get(entity.key)?.fillImported ?? []) fill(columns, values);
}

// The integrity rules that are functions of the schema's declarations alone, with their Persian
// words: which references a body names, what holds a record from being deleted, which values must
// be unique, which version an update names, whether a save changes anything. The engine applies
// them to the database (server/engine/integrity.ts, crud.ts); the machine tests' msw double applies
// the very same functions to its in-memory rows, so the double refuses what the server refuses.
// Nothing here reads a database.
import { entitySingular, stampedOnSave, type AnyAction, type AnyEntity, type RegistryKey } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { toPersianDigits } from '../../schema/rules/text';
import { HttpError } from '../platform/errors';

type Row = Record<string, unknown>;

export const integrityTexts = {
  inUse: (count: number, what: string, target: string) => `امکان حذف نیست: ${toPersianDigits(count)} ${what} به این ${target} وابسته است`,
  referenced: 'امکان حذف نیست: این رکورد در جای دیگری استفاده شده است',
  duplicate: (label: string) => `${label} تکراری است`,
  missingReference: (label: string) => `${label} انتخاب‌شده وجود ندارد`,
  badVersion: 'نسخه رکورد نامعتبر است',
  stale: 'این رکورد در این فاصله توسط مدیر دیگری تغییر کرده است',
  /** The same refusal when only the database's trigger caught it. */
  financialRecordsKept: 'امکان حذف نیست: سوابق مالی این کاربر (سفارش پرداخت‌شده یا ثبت‌نام) نگه داشته می‌شود. به جای حذف، حساب را قفل کنید',
} as const;

export const actionTexts = {
  notApplicable: 'این کار برای این رکورد در وضعیت فعلی آن ممکن نیست',
} as const;

/** The 409 of an action whose `when` the record (as the contract shows it) does not meet; null when it may run. */
export function actionRefusal(action: AnyAction, row: Row & { id: number }): HttpError | null {
  if (!action.when || action.when(row)) return null;
  return new HttpError(409, action.refusal?.(row) ?? actionTexts.notApplicable);
}

/** The `version` an update body names, undefined when it names none (the spec's clients). */
export function requestedVersion(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('version' in body)) return undefined;
  const version: unknown = body.version;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new HttpError(400, integrityTexts.badVersion);
  return version;
}

/** Every (entity, column) whose reference field points at `entity` (courses.categoryId → categories). */
export function referrersOf(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return Object.values(registry).flatMap((other) =>
    Object.entries(other.allFields)
      .filter(([, field]) => field.reference?.entity === entity.key)
      .map(([column]) => ({ other, column })),
  );
}

/**
 * The references that keep a record from being deleted: rows that go with it (onDelete
 * 'cascade') or keep its number as history ('keep') do not hold it.
 */
export function holdersOf(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return referrersOf(entity).filter(({ other, column }) => (other.allFields[column]?.reference?.onDelete ?? 'refuse') === 'refuse');
}

/**
 * The references whose rows go with a deleted record and live in a table the schema makes: no
 * foreign key there does it, so the engine deletes them (a server-made table's key cascades).
 */
export function cascadedBy(entity: AnyEntity): Array<{ other: AnyEntity; column: string }> {
  return referrersOf(entity).filter(({ other, column }) => other.decl.tableOwner !== 'server' && other.allFields[column]?.reference?.onDelete === 'cascade');
}

/** The records a body's reference fields name (0 means "none" and names nothing), each with the refusal if it does not exist. */
export function namedReferences(fields: Pick<AnyEntity, 'fields'>['fields'], values: Row): Array<{ target: RegistryKey; id: number; refusal: string }> {
  return Object.entries(fields).flatMap(([name, field]) => {
    if (field.input !== 'reference' || !field.reference) return [];
    const id = Number(values[name] ?? 0);
    return id === 0 ? [] : [{ target: field.reference.entity, id, refusal: integrityTexts.missingReference(field.label) }];
  });
}

/** The entity's many-to-many fields, by name. */
export function linkFields(entity: AnyEntity): string[] {
  return Object.entries(entity.allFields).flatMap(([name, field]) => (field.input === 'references' ? [name] : []));
}

/** The values that are columns of the entity's table, and the link lists apart. */
export function splitLinks(entity: AnyEntity, values: Row): { columns: Row; links: Map<string, number[]> } {
  const names = new Set(linkFields(entity));
  const columns: Row = {};
  const links = new Map<string, number[]>();
  for (const [name, value] of Object.entries(values)) {
    if (!names.has(name)) columns[name] = value;
    // Left out of an update: the links stay as they are.
    else if (value !== undefined) links.set(name, Array.isArray(value) ? value.map(Number) : []);
  }
  return { columns, links };
}

/** The records a body's many-to-many fields name, per field, with the refusal if one does not exist. */
export function namedLinks(entity: AnyEntity, links: ReadonlyMap<string, readonly number[]>): Array<{ target: RegistryKey; ids: readonly number[]; refusal: string }> {
  return [...links].flatMap(([name, ids]) => {
    const field = entity.allFields[name];
    if (!field?.references || ids.length === 0) return [];
    return [{ target: field.references.entity, ids, refusal: integrityTexts.missingReference(field.label) }];
  });
}

/** The 409 a delete meets while `count` rows of `other` refer to the record. */
export const inUseRefusal = (entity: AnyEntity, other: AnyEntity, count: number): HttpError =>
  new HttpError(409, integrityTexts.inUse(count, entitySingular(other), entitySingular(entity)));

/**
 * The entity's declared unique column sets (EntityDecl.unique), each with the refusal a clash
 * gets: the database's unique index decides on the server, and names the set's first field.
 */
export function uniqueSets(entity: AnyEntity): Array<{ columns: readonly string[]; refusal: string }> {
  return (entity.decl.unique ?? []).map((columns) => {
    const first = Object.entries(entity.allFields).find(([name]) => columns.includes(name));
    return { columns, refusal: integrityTexts.duplicate(first?.[1].label ?? 'مقدار') };
  });
}

/** Stored values compared as the database keeps them (PostgreSQL may answer 1.0 where SQLite answers 1). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (typeof a === 'number' && Number(b) === a);

/**
 * Whether an update's values differ from the stored record, beyond the stamps every save sets: a
 * save that changes nothing writes nothing (no version bump, no hooks, no audit entry).
 */
export function changesRecord(entity: AnyEntity, before: Row, columns: Row, links: ReadonlyMap<string, readonly number[]>): boolean {
  const stamped = stampedOnSave(entity);
  const stamps = new Set([...stamped.times, ...stamped.actors]);
  const differs = (a: unknown, b: unknown) => !sameValue(a, b) && !sameValue(b, a);
  return (
    Object.entries(columns).some(([name, value]) => !stamps.has(name) && differs(before[name], value)) ||
    [...links].some(([name, ids]) => differs(before[name], ids))
  );
}

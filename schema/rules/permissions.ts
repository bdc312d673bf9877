// What a staff role may do, as the server checks it on every call and the panel draws it: per
// entity, the four verbs, the record actions by key, the fields hidden or read-only, and whether
// only the entity's own scope (a teacher's own courses) is theirs. Administrators hold every
// permission without a grant; learners hold none. One shape, read by both sides, so the panel
// never offers what the server would refuse.
import * as v from 'valibot';

export const verbs = ['read', 'create', 'update', 'delete'] as const;
export type Verb = (typeof verbs)[number];

export const verbLabels: Readonly<Record<Verb, string>> = { read: 'مشاهده', create: 'افزودن', update: 'ویرایش', delete: 'حذف' };

export interface EntityGrant {
  verbs: Verb[];
  /** Record actions (refund, lock…) by their key in the entity's schema. */
  actions: string[];
  /** Fields the role never receives: left out of rows, exports, labels and options. */
  hidden: string[];
  /** Fields the role sees but cannot change. */
  readOnly: string[];
  /** Only the rows of the entity's declared scope (a teacher's own courses and what hangs on them). */
  own: boolean;
}

export interface Grants {
  entities: Record<string, EntityGrant>;
}

const names = v.array(v.pipe(v.string(), v.maxLength(80)));
export const entityGrantSchema = v.object({
  verbs: v.array(v.picklist(verbs, 'دسترسی نامعتبر است')),
  actions: names,
  hidden: names,
  readOnly: names,
  own: v.boolean(),
});
export const grantsSchema = v.object({ entities: v.record(v.string(), entityGrantSchema) }, 'دسترسی‌های نقش نامعتبر است');

export const noGrants: Grants = { entities: {} };

/** The longest grants text a role may store. */
export const grantsMaxLength = 20_000;

/** Whether a text is a role's grants as stored (the validator of a 'grants' field). */
export function isGrantsText(text: string): boolean {
  try {
    return v.safeParse(grantsSchema, JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/** The stored text of a role's grants, read back; anything unreadable grants nothing. */
export function readGrants(text: string | null | undefined): Grants {
  if (!text) return noGrants;
  try {
    const parsed = v.safeParse(grantsSchema, JSON.parse(text));
    return parsed.success ? parsed.output : noGrants;
  } catch {
    return noGrants;
  }
}

/**
 * Who is at the panel: an administrator (everything), a staff member holding a role's grants
 * (and, for a teacher's account, the teacher record whose courses are their scope), or nobody.
 */
export type PanelAccess = { kind: 'administrator' } | { kind: 'staff'; roleId: number; roleName: string; grants: Grants; teacherId: number | null } | { kind: 'none' };

/** What one panel call needs: a verb on an entity, or one of its record actions. */
export type Need = { entity: string; can: Verb } | { entity: string; action: string };

export function grantOf(access: PanelAccess, entity: string): EntityGrant | null {
  if (access.kind !== 'staff') return null;
  return access.grants.entities[entity] ?? null;
}

export function allows(access: PanelAccess, need: Need): boolean {
  if (access.kind === 'administrator') return true;
  const grant = grantOf(access, need.entity);
  if (!grant) return false;
  if ('can' in need) return grant.verbs.includes(need.can);
  // An action changes a record: the role must also be able to read it.
  return grant.verbs.includes('read') && grant.actions.includes(need.action);
}

export type FieldAccess = 'edit' | 'readOnly' | 'hidden';

export function fieldAccess(access: PanelAccess, entity: string, field: string): FieldAccess {
  if (access.kind === 'administrator') return 'edit';
  const grant = grantOf(access, entity);
  if (!grant || grant.hidden.includes(field)) return 'hidden';
  if (grant.readOnly.includes(field) || !grant.verbs.includes('update')) return 'readOnly';
  return 'edit';
}

/** Whether the rows the role sees of an entity are only those of its scope (see ScopeDecl). */
export function ownOnly(access: PanelAccess, entity: string): boolean {
  return access.kind === 'staff' && (grantOf(access, entity)?.own ?? false);
}

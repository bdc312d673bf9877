// An entity as a person at the panel may use it: the same entity with what their staff role does
// not grant taken away (calls, record actions, columns, fields) and the fields they may see but not
// change marked read-only. Every generic screen (list, record, form, related groups, pickers) draws
// this view instead of the schema itself, so a button, a column or a field the server would refuse
// is never drawn, and no screen decides it on its own. An administrator's view is the entity itself.
import type { AnyEntity, AnyField } from '../../../schema/define';
import type { RegistryKey } from '../../../schema/registryKeys.gen';
import { allows, fieldAccess, type PanelAccess, type Verb } from '../../../schema/rules/permissions';

type Column = AnyEntity['columns'][number];

/**
 * How a field is drawn for the caller: as the schema says, read-only (disabled), or not at all. A
 * reference to records the caller cannot read is not drawn either: the server names none of them
 * to that role (labels, options), so it would show bare ids and offer nothing to pick.
 */
export function fieldShown(access: PanelAccess, entity: AnyEntity, name: string): 'edit' | 'readOnly' | 'hidden' {
  const granted = fieldAccess(access, entity.key, name);
  if (granted === 'hidden' || access.kind === 'administrator') return granted;
  const field = entity.allFields[name] ?? entity.createFields[name];
  const target = field?.reference?.entity ?? field?.references?.entity;
  if (target !== undefined && !allows(access, { entity: target, can: 'read' })) return 'hidden';
  if (granted === 'edit' && (entity.decl.administratorOnly ?? []).includes(name)) return 'readOnly';
  return granted;
}

function fieldsFor(access: PanelAccess, entity: AnyEntity, fields: Readonly<Record<string, AnyField>>): Record<string, AnyField> {
  const out: Record<string, AnyField> = {};
  for (const [name, field] of Object.entries(fields)) {
    const shown = fieldShown(access, entity, name);
    if (shown === 'hidden') continue;
    out[name] = shown === 'readOnly' && !field.readOnly ? { ...field, readOnly: true } : field;
  }
  return out;
}

/**
 * Whether every step of a path column is a field the caller sees: the first in this entity, each
 * next one in the entity the previous step refers to (`entityOf` gives it when its screen loaded it).
 */
function pathShown(access: PanelAccess, entity: AnyEntity, path: readonly string[], entityOf: (key: RegistryKey) => AnyEntity | undefined): boolean {
  let key: RegistryKey | undefined = entity.key;
  let fields: Readonly<Record<string, AnyField>> | undefined = entity.allFields;
  for (const step of path) {
    if (key === undefined || fieldAccess(access, key, step) === 'hidden') return false;
    const target: RegistryKey | undefined = fields?.[step]?.reference?.entity;
    key = target;
    fields = target ? entityOf(target)?.allFields : undefined;
  }
  return true;
}

function columnShown(access: PanelAccess, entity: AnyEntity, column: Column, entityOf: (key: RegistryKey) => AnyEntity | undefined): boolean {
  if ('key' in column) return fieldShown(access, entity, column.key) !== 'hidden';
  if ('path' in column) return pathShown(access, entity, column.path, entityOf);
  if ('many' in column) {
    const { many } = column;
    if (!allows(access, { entity: many.entity, can: 'read' })) return false;
    if ('count' in many) return many.count.of === undefined || fieldAccess(access, entity.key, many.count.of) !== 'hidden';
    return fieldAccess(access, many.entity, many.show) !== 'hidden';
  }
  return true;
}

function restrict(entity: AnyEntity, access: PanelAccess, entityOf: (key: RegistryKey) => AnyEntity | undefined): AnyEntity {
  const can = (verb: Verb) => allows(access, { entity: entity.key, can: verb });
  const { create, update, remove, bulkEdit, ...calls } = entity.ops;
  const fields = fieldsFor(access, entity, entity.fields);
  const editable = (name: string) => fields[name] !== undefined && !fields[name].readOnly;
  return {
    ...entity,
    ops: {
      ...calls,
      ...(create && can('create') ? { create } : {}),
      ...(update && can('update') ? { update } : {}),
      ...(remove && can('delete') ? { remove } : {}),
      ...(bulkEdit && can('update') ? { bulkEdit } : {}),
    },
    fields,
    allFields: fieldsFor(access, entity, entity.allFields),
    createFields: fieldsFor(access, entity, entity.createFields),
    importable: entity.importable === true && can('create'),
    actions: entity.actions.filter((action) => !action.administratorOnly && allows(access, { entity: entity.key, action: action.key })),
    bulkEdit: can('update') ? entity.bulkEdit.filter(editable) : [],
    columns: entity.columns
      .filter((column) => columnShown(access, entity, column, entityOf))
      // A cell that saves its field at once is only a value when the field is not the caller's to change.
      .map((column) => (column.edit && 'key' in column && !editable(column.key) ? { ...column, edit: undefined } : column)),
  };
}

const views = new WeakMap<PanelAccess, WeakMap<AnyEntity, AnyEntity>>();

/**
 * The entity as `access` may use it; the same object for the same entity and access, so screens
 * and machines keyed on it are not made again on every render.
 */
export function entityView(entity: AnyEntity, access: PanelAccess, entityOf: (key: RegistryKey) => AnyEntity | undefined): AnyEntity {
  if (access.kind === 'administrator') return entity;
  let ofAccess = views.get(access);
  if (!ofAccess) {
    ofAccess = new WeakMap();
    views.set(access, ofAccess);
  }
  let view = ofAccess.get(entity);
  if (!view) {
    view = restrict(entity, access, entityOf);
    ofAccess.set(entity, view);
  }
  return view;
}

/** Whether the caller reads an entity at all (its sidebar link, its screen, a related group of it). */
export const readsEntity = (access: PanelAccess, key: RegistryKey): boolean => allows(access, { entity: key, can: 'read' });

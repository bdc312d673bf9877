// The admin's relation calls (labels of referenced records, a picker's choices, a record with its
// related records) and the hook that gives a table's reference columns their labels: one call
// per referenced entity for all the rows a table holds, never one per row, and none for the rows
// of a list's page, which brings their labels with it (PageLabels).
import { useEffect, useMemo, useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import { columnReads, idsIn, namedThroughReferences, referenceTarget, type AnyEntity, type AnyField, type AnyRow, type ManyColumn, type PathColumn, type RegistryKey } from '../../../schema/define';
import type { PageLabels } from '../../machines/entityApi';
import { api, serverMessage } from '../../api/client';
import { ApiError } from '../../api/operations';

export type AdminRecord = components['schemas']['AdminRecord'];
export type AdminOption = components['schemas']['AdminOption'];
export type Labels = Readonly<Record<string, string>>;

/** The server's cap on ids per labels call. */
const idsPerCall = 500;

export async function fetchLabels(entity: RegistryKey, ids: readonly number[], read?: { path: string } | { many: string }): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  // Sorted, so the same set of ids is the same URL and the client's GET cache answers it.
  const sorted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += idsPerCall) {
    const ids = sorted.slice(start, start + idsPerCall).join(',');
    const query = { ids, ...read };
    const { data, error, response } = await api.GET('/api/Admin/{entity}/labels', { params: { path: { entity }, query } });
    if (!data) throw new ApiError(response.status, serverMessage(error));
    Object.assign(labels, data.labels);
  }
  return labels;
}

export async function fetchOptions(entity: RegistryKey, q: string, limit = 20): Promise<AdminOption[]> {
  const { data, error, response } = await api.GET('/api/Admin/{entity}/options', { params: { path: { entity }, query: { q, limit } } });
  if (!data) throw new ApiError(response.status, serverMessage(error));
  return data.options;
}

export async function fetchRecord(entity: RegistryKey, id: number): Promise<AdminRecord> {
  const { data, error, response } = await api.GET('/api/Admin/{entity}/{id}', { params: { path: { entity, id } } });
  if (!data) throw new ApiError(response.status, serverMessage(error));
  return data;
}

/** The field names of `entity` whose values are ids of another entity's records. */
export function referenceFieldsOf(entity: AnyEntity, names: readonly string[]): Array<{ name: string; target: RegistryKey }> {
  return names.flatMap((name) => {
    const target = referenceTarget(entity.allFields[name]);
    return target ? [{ name, target }] : [];
  });
}

/** The ids of other entities' records that the given fields of `rows` hold, by referenced entity. */
export function referencedIds(entity: AnyEntity, rows: readonly Readonly<Record<string, unknown>>[], fieldNames: readonly string[]): Map<RegistryKey, Set<number>> {
  const ids = new Map<RegistryKey, Set<number>>();
  for (const { name, target } of referenceFieldsOf(entity, fieldNames)) {
    const set = ids.get(target) ?? new Set<number>();
    for (const row of rows) for (const id of idsIn(row[name])) set.add(id);
    ids.set(target, set);
  }
  return ids;
}

/** How many times labels that could not be read are asked for again (after 1, 2 and 4 s). */
const labelRetries = 3;

/**
 * The labels of the given records, by entity: one call per entity whenever the set of ids
 * changes. Missing labels (still loading, failed, or a record that no longer exists) are simply
 * absent: the place that shows them then shows the id.
 */
export function useLabels(wanted: ReadonlyMap<RegistryKey, ReadonlySet<number>>): Partial<Record<RegistryKey, Labels>> {
  // A string key per entity, so a new map of the same ids asks nothing again.
  const asked = useMemo(() => [...wanted].map(([target, set]) => [target, [...set].sort((a, b) => a - b).join(',')] as const), [wanted]);
  const wantedKey = asked.map(([target, ids]) => `${target}:${ids}`).join(';');
  const [labels, setLabels] = useState<Partial<Record<RegistryKey, Labels>>>({});
  useEffect(() => {
    let live = true;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const ask = (target: RegistryKey, ids: string, attempt: number) => {
      fetchLabels(target, ids.split(',').map(Number)).then(
        (found) => {
          if (live) setLabels((old) => ({ ...old, [target]: found }));
        },
        () => {
          // The ids stay visible meanwhile; a busy server or a dropped connection is asked again
          // a few times, so the names come once it answers.
          if (live && attempt < labelRetries) timers.push(setTimeout(() => ask(target, ids, attempt + 1), 1000 * 2 ** attempt));
        },
      );
    };
    for (const [target, ids] of asked) if (ids !== '') ask(target, ids, 0);
    return () => {
      live = false;
      for (const timer of timers) clearTimeout(timer);
    };
    // `asked` is new whenever `wanted` is; `wantedKey` is its content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey]);
  return labels;
}

export { namedThroughReferences, referenceTarget };

/**
 * The names of `rows` themselves, as the server's labels call gives them, when the entity is named
 * through its references (an enrolment, an attendance row; see recordName); undefined otherwise,
 * where the row names itself. Those a list's page brought for its rows are not asked again.
 */
export function useRecordNames(entity: AnyEntity, rows: readonly (Readonly<Record<string, unknown>> | null | undefined)[], page: PageLabels | null = null): Labels | undefined {
  const named = namedThroughReferences(entity);
  const brought = named && page ? page.names : undefined;
  const known = new Set(brought ? page?.rows.map((row) => row.id) : []);
  const idsKey = named ? rows.flatMap((row) => (row && typeof row.id === 'number' && !known.has(row.id) ? [row.id] : [])).join(',') : '';
  const wanted = useMemo(
    () => new Map<RegistryKey, ReadonlySet<number>>(idsKey === '' ? [] : [[entity.key, new Set(idsKey.split(',').map(Number))]]),
    [entity.key, idsKey],
  );
  const asked = useLabels(wanted)[entity.key];
  return useMemo(() => (brought ? { ...brought, ...asked } : asked), [brought, asked]);
}

/**
 * The labels of every record the given fields of `rows` refer to, by referenced entity: those a
 * list's page brought (for the records its own rows refer to) and, asked for, the rest (a row
 * changed since to refer to another record).
 */
export function useReferenceLabels(
  entity: AnyEntity,
  rows: readonly Readonly<Record<string, unknown>>[],
  fieldNames: readonly string[],
  page: PageLabels | null = null,
): Partial<Record<RegistryKey, Labels>> {
  const wanted = useMemo(() => referencedIds(entity, rows, fieldNames), [entity, rows, fieldNames]);
  const missing = useMemo(() => {
    if (!page) return wanted;
    const answered = referencedIds(entity, page.rows, fieldNames);
    return new Map(
      [...wanted].map(([target, ids]) => [target, page.references[target] === undefined ? ids : new Set([...ids].filter((id) => !answered.get(target)?.has(id)))]),
    );
  }, [entity, wanted, fieldNames, page]);
  const asked = useLabels(missing);
  return useMemo(() => {
    const labels: Partial<Record<RegistryKey, Labels>> = { ...asked };
    for (const target of wanted.keys()) {
      const brought = page?.references[target];
      if (brought) labels[target] = { ...brought, ...asked[target] };
    }
    return labels;
  }, [wanted, asked, page]);
}

/** The labels read for the entity a reference field refers to (none for any other field). */
export function labelsOfField(field: AnyField | undefined, labels: Partial<Record<RegistryKey, Labels>>): Labels | undefined {
  const target = referenceTarget(field);
  return target ? labels[target] : undefined;
}

/** A reference cell's options: its labels plus the field's «none» text for 0. */
export function referenceOptions(field: AnyField | undefined, labels: Labels | undefined): Record<string, string> {
  return { ...(field?.reference ? { '0': field.reference.none } : {}), ...labels };
}

type EntityColumn = AnyEntity['columns'][number];
/** A column whose value is computed from the row (a path or many column once its values are known). */
export type ResolvedColumn = Exclude<EntityColumn, PathColumn | ManyColumn>;

/**
 * The entity's columns with each path and many column (schema/define.ts PathColumn, ManyColumn)
 * turned into a computed one: its values are those a list's page brought for its rows, and for
 * any other row one labels call per such column for all of them; until they arrive, or where the
 * chain breaks, it shows «—».
 */
export function usePathColumns(entity: AnyEntity, columns: readonly EntityColumn[], rows: readonly AnyRow[], page: PageLabels | null = null): ResolvedColumn[] {
  const reads = useMemo(() => new Map(columnReads(entity, columns).flatMap((read) => (read.kind === 'column' ? [[read.id, read] as const] : []))), [entity, columns]);
  const wanted = [...reads.values()].map((read) => {
    const brought = page?.columns[read.id] ? page.rows.flatMap((row) => idsIn(row[read.from])) : [];
    const ids = new Set(rows.flatMap((row) => idsIn(row[read.from])).filter((id) => !brought.includes(id)));
    return { ...read, ids: [...ids].sort((a, b) => a - b).join(',') };
  });
  const wantedKey = wanted.map((w) => `${w.id}:${w.target}:${JSON.stringify(w.query)}:${w.ids}`).join(';');
  const [values, setValues] = useState<Record<string, Labels>>({});
  useEffect(() => {
    let live = true;
    for (const w of wanted) {
      if (w.ids === '') continue;
      fetchLabels(w.target, w.ids.split(',').map(Number), w.query).then(
        (found) => {
          if (live) setValues((old) => ({ ...old, [w.id]: found }));
        },
        () => {
          // The column stays empty; the rest of the table is still usable.
        },
      );
    }
    return () => {
      live = false;
    };
    // `wanted` is rebuilt on every render; `wantedKey` is its content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey]);
  return useMemo(
    () =>
      columns.flatMap((column): ResolvedColumn[] => {
        if (!('path' in column) && !('many' in column)) return [column];
        const read = reads.get(column.id);
        if (!read) return [];
        const value = (row: AnyRow) => {
          const through = String(row[read.from]);
          return values[column.id]?.[through] ?? page?.columns[column.id]?.[through] ?? null;
        };
        return [{ id: column.id, header: column.header, cell: column.cell, ...(column.options ? { options: column.options } : {}), value }];
      }),
    [columns, reads, values, page],
  );
}

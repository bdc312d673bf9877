// Row selection of the generic admin table, as pure state changes (the table and the bulk bar
// share them; tests call them directly). A selection is either a set of loaded rows' ids or
// "every row matching the list's query", which may include rows never loaded into the browser.
import { useCallback, useMemo, useState } from 'react';
import type { ListContext } from '../../machines/listMachine';

import type { BulkSelection } from '../../machines/bulkApi';

export type { BulkSelection };

export interface SelectionState {
  ids: ReadonlySet<number>;
  /** The row a Shift+click extends from: the last one clicked without Shift. */
  anchor: number | null;
  /** Set when the admin chose every matching row; `ids` is then what was loaded at that moment. */
  allMatching: { query: string; total: number } | null;
}

export const emptySelection: SelectionState = { ids: new Set(), anchor: null, allMatching: null };

/** A plain click: flips one row and makes it the anchor of the next range. */
export function toggleOne(state: SelectionState, id: number): SelectionState {
  const ids = new Set(state.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id, allMatching: null };
}

/**
 * Shift+click: every row from the anchor to this one, in the order shown, takes the state the
 * clicked row is switched to (as mail clients do). Without an anchor on screen it is a click.
 */
export function toggleRange(state: SelectionState, id: number, order: readonly number[]): SelectionState {
  const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggleOne(state, id);
  const select = !state.ids.has(id);
  const ids = new Set(state.ids);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    const rowId = order[i];
    if (rowId === undefined) continue;
    if (select) ids.add(rowId);
    else ids.delete(rowId);
  }
  return { ids, anchor: id, allMatching: null };
}

/** The header checkbox: all loaded rows (in `order`) on, or none. */
export function setAll(state: SelectionState, order: readonly number[], on: boolean): SelectionState {
  return { ids: on ? new Set(order) : new Set(), anchor: state.anchor, allMatching: null };
}

export function selectAllMatching(state: SelectionState, query: string, total: number): SelectionState {
  return { ...state, allMatching: { query, total } };
}

/** Only the ids still in the list (a list holding every row: others were deleted meanwhile). */
export function retainRows(state: SelectionState, present: ReadonlySet<number>): SelectionState {
  if (state.allMatching || [...state.ids].every((id) => present.has(id))) return state;
  return { ...state, ids: new Set([...state.ids].filter((id) => present.has(id))) };
}

/** How many rows a bulk action would touch. */
export function selectedCount(state: SelectionState): number {
  return state.allMatching ? state.allMatching.total : state.ids.size;
}

export function toBulkSelection(state: SelectionState): BulkSelection | null {
  if (state.allMatching) return { kind: 'allMatching', query: state.allMatching.query };
  if (state.ids.size === 0) return null;
  return { kind: 'ids', ids: [...state.ids] };
}

/** What the table needs: the state and stable callbacks, so memoised rows do not re-render. */
export interface TableSelection {
  state: SelectionState;
  toggle: (id: number, range: boolean, order: readonly number[]) => void;
  toggleAll: (order: readonly number[], on: boolean) => void;
}

export function useRowSelection() {
  const [state, setState] = useState<SelectionState>(emptySelection);
  const toggle = useCallback((id: number, range: boolean, order: readonly number[]) => {
    setState((current) => (range ? toggleRange(current, id, order) : toggleOne(current, id)));
  }, []);
  const toggleAll = useCallback((order: readonly number[], on: boolean) => setState((current) => setAll(current, order, on)), []);
  const chooseAllMatching = useCallback((query: string, total: number) => setState((current) => selectAllMatching(current, query, total)), []);
  const clear = useCallback(() => setState(emptySelection), []);
  const table = useMemo<TableSelection>(() => ({ state, toggle, toggleAll }), [state, toggle, toggleAll]);
  return { state, table, chooseAllMatching, clear };
}

/** What a list knows beyond its loaded rows: how many rows match its query on the server. */
export interface ListMatching {
  total: number;
  /** The list URL's query string (list-protocol.md), sent back for an all-matching delete. */
  query: string;
}

/**
 * A list that pages on the server (list protocol) knows its query and how many rows match it; a
 * list holding every row has no query, and there "all loaded" already is "all matching". The
 * page is left out: every page of the view matches.
 */
export function listMatching(context: Pick<ListContext, 'total' | 'query'>): ListMatching | null {
  if (!context.query) return null;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(context.query)) {
    if (name === 'page' || name === 'pageSize') continue;
    for (const one of typeof value === 'string' ? [value] : value) params.append(name, one);
  }
  return { total: context.total, query: params.toString() };
}

// What the person at the panel may do, read from the server (GET /api/Admin/access) when the panel
// opens and again after any refusal (a role changed meanwhile takes effect on screen at once), and
// forgotten with the token. The generic components draw from it (accessView.ts); the server checks
// every call anyway, so this decides only what is offered.
import { useSyncExternalStore } from 'react';
import type { AnyEntity } from '../../../schema/define';
import type { PanelAccess } from '../../../schema/rules/permissions';
import { decodeToken, staffRoleName } from '../../../schema/rules/token';
import { api, onForbidden } from '../../api/client';
import { readToken, tokenChangedEvent } from '../../lib/auth';
import { entityView } from './accessView';
import { loadedEntity } from './entities';

const accessPath = '/api/Admin/access';
const administrator: PanelAccess = { kind: 'administrator' };
const nothing: PanelAccess = { kind: 'none' };

let current: PanelAccess | null = null;
let reading: Promise<PanelAccess> | null = null;
const listeners = new Set<() => void>();

function publish(next: PanelAccess | null): void {
  // The same access read again (a refusal that was not a change of role) redraws nothing: every
  // view of an entity is kept by the access object it was made for.
  if (next && current && JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Before the answer (and when it cannot be had), the token decides: a staff token is granted
 * nothing until the server says what; an administrator's sees the panel as always.
 */
function fromToken(): PanelAccess {
  return decodeToken(readToken())?.role === staffRoleName ? nothing : administrator;
}

/** The caller's access, or null when it cannot be known yet (a session before its second factor). */
async function fetchAccess(): Promise<PanelAccess | null> {
  try {
    const { data, error, response } = await api.GET(accessPath);
    if (data) {
      // The answer does not carry the role's id: nothing in the panel reads it.
      return data.kind === 'administrator' ? administrator : { kind: 'staff', roleId: 0, roleName: data.roleName, grants: data.grants, teacherId: data.teacherId };
    }
    // Refused for want of the second factor: the role is not known until it is passed, so
    // nothing is kept and the panel asks again when it next opens.
    if (typeof error === 'object' && error !== null && 'secondFactor' in error) return null;
    return response.status === 403 ? nothing : fromToken();
  } catch {
    return fromToken();
  }
}

/** Reads the caller's access afresh (one read at a time) and tells every component drawn from it. */
export function readPanelAccess(): Promise<PanelAccess> {
  if (!reading) {
    const read = fetchAccess().then((access) => {
      if (reading === read) publish(access);
      return access ?? fromToken();
    });
    read.finally(() => {
      if (reading === read) reading = null;
    }).catch(() => undefined);
    reading = read;
  }
  return reading;
}

/** The access as last read, reading it first when the panel has not yet (the /admin route's loader). */
export function ensurePanelAccess(): Promise<PanelAccess> {
  return current ? Promise.resolve(current) : readPanelAccess();
}

/**
 * What the caller may do as far as it is known without waiting for the server: its answer once
 * read; before that, an administrator's token reads everything (the server checks every call
 * anyway), so a screen's first call need not wait for the answer; a staff token's access is not
 * known (null) until the server says it.
 */
export function accessKnownNow(): PanelAccess | null {
  if (current) return current;
  const guess = fromToken();
  return guess.kind === 'administrator' ? guess : null;
}

if (typeof window !== 'undefined') {
  // Another account's token must not be drawn with the previous one's access.
  window.addEventListener(tokenChangedEvent, () => {
    reading = null;
    publish(null);
  });
  onForbidden((path) => {
    if (path !== accessPath && decodeToken(readToken())?.role === staffRoleName) void readPanelAccess();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
// fromToken answers one of two constant objects, as useSyncExternalStore needs.
const snapshot = () => current ?? fromToken();

export function usePanelAccess(): PanelAccess {
  return useSyncExternalStore(subscribe, snapshot, () => administrator);
}

/** An entity as the caller may use it (accessView.ts), drawn again when their access changes. */
export function useEntityView(entity: AnyEntity): AnyEntity;
export function useEntityView(entity: AnyEntity | undefined): AnyEntity | undefined;
export function useEntityView(entity: AnyEntity | undefined): AnyEntity | undefined {
  const access = usePanelAccess();
  return entity && entityView(entity, access, loadedEntity);
}

// The one HTTP client. Middleware adds the bearer token, caches GETs for the page session
// (spec §7) and handles the spec's statuses (§8). A successful write clears the GET cache, or
// "the list is reloaded" would show the data from before the write.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../codegen/openapi.gen';
import { clearSession, readToken, tokenChangedEvent } from '../lib/auth';

export const statusMessages = {
  forbidden: 'دسترسی غیرمجاز',
  notFound: 'منبع یافت نشد',
  server: 'خطای سرور',
} as const;

const getCache = new Map<string, Response>();

/**
 * Bumped by every clear. A GET sent before a write and answered after it read the data from
 * before the write: its answer goes to its caller but never into the cache, or the reload the
 * write asks for would be answered with the old data (a roll taken, its register still empty).
 */
let cacheGeneration = 0;
const sentInGeneration = new Map<string, number>();

/** Calls whose GET changes state on the server and so must always reach it. */
const uncachedPrefixes = ['/api/Payment/'];

/**
 * Reads that must always reach the server and change nothing there (the sidebar's counts, the caller's panel access): not
 * cached, and, unlike the uncached calls above, not a reason to forget what was read.
 */
const liveReads = ['/api/Admin/badges', '/api/Admin/access'];

const isLiveRead = (request: Request): boolean => request.method === 'GET' && liveReads.includes(new URL(request.url).pathname);

function cacheKey(request: Request): string {
  return request.url;
}

function isCacheable(request: Request): boolean {
  if (request.method !== 'GET' || isLiveRead(request)) return false;
  const path = new URL(request.url).pathname;
  return !uncachedPrefixes.some((prefix) => path.startsWith(prefix));
}

const cacheClearedListeners = new Set<() => void>();

/** Told whenever the GET cache is emptied: a write succeeded, so what was read may have changed. */
export function onGetCacheCleared(listener: () => void): () => void {
  cacheClearedListeners.add(listener);
  return () => cacheClearedListeners.delete(listener);
}

export function clearGetCache(): void {
  cacheGeneration += 1;
  getCache.clear();
  for (const listener of cacheClearedListeners) listener();
}

if (typeof window !== 'undefined') {
  // Another user's token must never see the previous user's cached answers.
  window.addEventListener(tokenChangedEvent, clearGetCache);
  window.addEventListener('storage', clearGetCache);
}

const forbiddenListeners = new Set<(path: string) => void>();

/**
 * Told of every 403 with the path refused: the panel reads its caller's access again, since a
 * refusal of what it offered means the role changed meanwhile.
 */
export function onForbidden(listener: (path: string) => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

let onUnauthorized: () => void = () => {
  window.location.assign('/auth');
};

/** The router installs a navigation that keeps the SPA alive instead of reloading. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** What a panel call refused for the second factor asks first (the server's `secondFactor` marker). */
export type SecondFactorStep = 'enrol' | 'verify';

let onSecondFactor: (step: SecondFactorStep) => void = () => {
  window.location.assign('/admin/second-factor');
};

/** The router installs a navigation to the second factor's page that keeps the SPA alive. */
export function setSecondFactorHandler(handler: (step: SecondFactorStep) => void): void {
  onSecondFactor = handler;
}

async function secondFactorStep(response: Response): Promise<SecondFactorStep | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (typeof body !== 'object' || body === null || !('secondFactor' in body)) return undefined;
  return body.secondFactor === 'enrol' || body.secondFactor === 'verify' ? body.secondFactor : undefined;
}

export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

export const cacheMiddleware: Middleware = {
  onRequest({ request, id }) {
    if (!isCacheable(request)) return undefined;
    const cached = getCache.get(cacheKey(request));
    if (cached) return cached.clone();
    sentInGeneration.set(id, cacheGeneration);
    return undefined;
  },
  onResponse({ request, response, id }) {
    const sentIn = sentInGeneration.get(id);
    sentInGeneration.delete(id);
    // A 409 on a write means what this page read is out of date (someone else saved since).
    if (response.status === 409 && !isCacheable(request)) clearGetCache();
    if (!response.ok || isLiveRead(request)) return undefined;
    if (!isCacheable(request)) clearGetCache();
    else if (sentIn === cacheGeneration) getCache.set(cacheKey(request), response.clone());
    return undefined;
  },
  onError({ id }) {
    sentInGeneration.delete(id);
  },
};

/** A 401 from sign-in means wrong credentials, not an expired session: the form shows it. */
const credentialPrefix = '/api/Auth/';

/**
 * The spec's statuses (§8). `keepSession`: a 401 is left to the caller instead of signing out
 * and leaving the page (the admin's save signs in again in place and keeps the form).
 */
function statusHandling(keepSession: boolean): Middleware {
  return {
    onResponse({ request, response }) {
      const isCredentialCheck = new URL(request.url).pathname.startsWith(credentialPrefix);
      if (response.status === 401 && !isCredentialCheck) {
        if (keepSession) return undefined;
        clearSession();
        clearGetCache();
        onUnauthorized();
      } else if (response.status === 403) {
        console.error(statusMessages.forbidden);
        const path = new URL(request.url).pathname;
        // The panel answers nothing until this session passes the second factor: its page, once.
        // Any other refusal is the role's, which the panel reads again.
        return secondFactorStep(response).then((step) => {
          if (step) onSecondFactor(step);
          else for (const listener of forbiddenListeners) listener(path);
          return undefined;
        });
      } else if (response.status === 404) {
        console.error(statusMessages.notFound);
      } else if (response.status >= 500) {
        console.error(statusMessages.server);
      }
      return undefined;
    },
  };
}

export const statusMiddleware: Middleware = statusHandling(false);
export const keepSessionStatusMiddleware: Middleware = statusHandling(true);

export function baseUrl(): string {
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
}

/** Looked up per call, so test mocks that replace fetch after start-up still see the requests. */
export const lateBoundFetch = (request: Request) => globalThis.fetch(request);

export const api = createClient<paths>({ baseUrl: baseUrl(), fetch: lateBoundFetch });
api.use(authMiddleware, statusMiddleware, cacheMiddleware);

/** The error body's message, when the server sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

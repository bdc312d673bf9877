// Route registration tied to the contract: a route exists only for an operation of openapi.yaml,
// and its access check comes from that operation's `x-access`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { firstIssueMessage } from '../../schema/define';
import type { Contract } from './contract';
import { requestChangeMarker, type DB } from './db';
import { HttpError, texts } from './errors';
import { opensAdminPanel } from '../../schema/rules/roles';
import { touchSession } from '../features/identity/signInSessions';
import type { Tokens } from '../features/identity/tokens';

export interface AuthUser {
  id: number;
  role: number;
  /** The session the call's token belongs to (its `sid`). */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export interface RouteSettings {
  /**
   * False for a handler that sends its own encodings (the cached lists of crud.ts): skips
   * @fastify/compress's hooks, which otherwise run on every call only to pass the bytes on.
   */
  compress?: false;
}
export type Register = (operation: string, handler: Handler, settings?: RouteSettings) => void;

/** The user of a learner/admin route; the access hook has already refused anonymous calls. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, texts.notSignedIn);
  return request.user;
}

/**
 * Validates a body, query or params object; the first problem becomes a 400 with its Persian
 * message. valibot reports a missing key with the object's own message, so that case is named
 * here from `labels` (field name → label) instead.
 */
export function parse<T extends v.GenericSchema>(schema: T, input: unknown, labels: Readonly<Record<string, string>> = {}): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const key = issue?.path?.length === 1 ? issue.path[0]?.key : undefined;
  if (issue && issue.input === undefined && typeof key === 'string' && typeof input === 'object' && input !== null && !Array.isArray(input) && !(key in input)) {
    throw new HttpError(400, `${labels[key] ?? key} ارسال نشده است`);
  }
  throw new HttpError(400, firstIssueMessage(result.issues));
}

interface UserRow {
  id: number;
  role: number;
  isLockout: number;
  tokenVersion: number;
  /** The token's session, when it is this user's: null when there is no such row. */
  sessionId: number | null;
  endedAt: string | null;
  lastSeenAt: string | null;
}

/**
 * Users' access rows, with the token's session, as read at one SQLite change marker (db.ts):
 * until the database changes (a write here or by any other connection or process), reading a
 * row again would give the same answer, so it is not read again. A lock-out, demotion, sign-out
 * or sign-out everywhere is a write, which moves the marker and empties this. On PostgreSQL
 * there is no marker and every call reads the row (one query: the user joined to the session).
 */
export class AccessRows {
  private marker: string | null = null;
  private readonly rows = new Map<string, UserRow | undefined>();
  /** Distinct sessions seen between two writes; past that the rows are dropped, not the check. */
  static readonly remembered = 10_000;

  constructor(private readonly db: DB) {}

  async get(request: FastifyRequest, userId: number, sessionId: number): Promise<UserRow | undefined> {
    const key = `${userId}:${sessionId}`;
    const marker = await requestChangeMarker(this.db, request);
    if (marker !== null && marker === this.marker && this.rows.has(key)) return this.rows.get(key);
    // Read after the marker, so the row is never older than the marker it is kept under.
    const row = await this.db
      .selectFrom('users')
      .leftJoin('sessions', (join) => join.onRef('sessions.userId', '=', 'users.id').on('sessions.id', '=', sessionId))
      .select(['users.id', 'users.role', 'users.isLockout', 'users.tokenVersion', 'sessions.id as sessionId', 'sessions.endedAt', 'sessions.lastSeenAt'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (marker === null) return row;
    if (marker !== this.marker || this.rows.size >= AccessRows.remembered) {
      this.marker = marker;
      this.rows.clear();
    }
    this.rows.set(key, row);
    return row;
  }
}

/**
 * The signed-in user behind a bearer token: valid signature, existing, not locked, same token
 * version, and the token's session not ended.
 */
export async function authenticate(request: FastifyRequest, tokens: Tokens, access: AccessRows, db: DB): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const claims = await tokens.verify(match[1]);
  if (!claims) return null;
  const user = await access.get(request, claims.userId, claims.sessionId);
  if (!user || user.isLockout || user.tokenVersion !== claims.version) return null;
  if (user.sessionId === null || user.endedAt !== null || user.lastSeenAt === null) return null;
  await touchSession(db, claims.sessionId, user.lastSeenAt);
  // The role is read from the database, not the token, so a demotion takes effect at once.
  return { id: user.id, role: user.role, sessionId: claims.sessionId };
}

const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

export function contractRoutes(app: FastifyInstance, contract: Contract, db: DB, tokens: Tokens) {
  const registered = new Set<string>();
  const access = new AccessRows(db);

  // Every /api route, however it got registered, must be a contract operation.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const routeMethods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of routeMethods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (!contract.operation(method, path)) throw new Error(`${method} ${route.url} is not an operation of openapi.yaml`);
    }
  });

  const register: Register = (operation, handler, settings = {}) => {
    const [method = '', path = ''] = operation.split(' ');
    const op = contract.operation(method, path);
    if (!op) throw new Error(`${operation} is not an operation of openapi.yaml`);
    if (registered.has(operation)) throw new Error(`${operation} is registered twice`);
    registered.add(operation);
    app.route({
      method: op.method,
      url: toFastifyPath(path),
      ...(settings.compress === false ? { compress: false, decompress: false } : {}),
      preHandler: async (request) => {
        if (op.access === 'public') return;
        const user = await authenticate(request, tokens, access, db);
        if (!user) throw new HttpError(401, texts.notSignedIn);
        if (op.access === 'admin' && !opensAdminPanel(user.role)) throw new HttpError(403, texts.forbidden);
        request.user = user;
      },
      handler: async (request, reply) => {
        const result = await handler(request, reply);
        if (reply.sent) return reply;
        return result;
      },
    });
  };

  /** Throws when the contract has an operation no route serves. */
  const assertComplete = () => {
    const missing = [...contract.operations.keys()].filter((key) => !registered.has(key));
    if (missing.length > 0) throw new Error(`openapi.yaml operations without a route: ${missing.join(', ')}`);
  };

  return { register, assertComplete };
}

// Route registration tied to the contract: a route exists only for an operation of openapi.yaml,
// and its access check comes from that operation's `x-access`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { firstIssueMessage } from '../../schema/define';
import type { Access, Contract } from './contract';
import { HttpError, texts } from './errors';
import { opensAdminPanel } from '../../schema/rules/roles';
import { allows, type Need, type PanelAccess } from '../../schema/rules/permissions';

export interface AuthUser {
  id: number;
  role: number;
  /** The session the call's token belongs to (its `sid`). */
  sessionId: number;
  /** What the user may do at the panel, read with the user on this call (none for a learner). */
  panel: PanelAccess;
  /**
   * Whether this session may open the panel as far as the second factor goes: `passed` (or not
   * asked of this account), else what it must do first, `enrol` or `verify`.
   */
  secondFactor: SecondFactorState;
}

export type SecondFactorState = 'passed' | 'enrol' | 'verify';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * What a panel (`admin`) route needs of a staff member, beside opening the panel: a verb on an
 * entity or one of its record actions (schema/rules/permissions.ts), `panel` for what every
 * panel account may call (its own access, its saved views), or `administrator` for what no staff
 * role can be granted. A function reads it from the call (the entity named in the path).
 * Administrators pass every need. Undeclared means `administrator`: a route added without a
 * thought for staff is closed to them, never open.
 */
export type PanelNeed = Need | 'panel' | 'administrator';
/** A need read from the call: only its path parameters and body, so a test can ask it too. */
export type NeedOf = PanelNeed | ((call: Pick<FastifyRequest, 'params' | 'body'>) => PanelNeed);

export function meets(panel: PanelAccess, need: PanelNeed): boolean {
  if (panel.kind === 'administrator') return true;
  if (panel.kind !== 'staff' || need === 'administrator') return false;
  return need === 'panel' || allows(panel, need);
}

export interface RouteSettings {
  /** See PanelNeed; only for `admin` routes. */
  need?: NeedOf;
  /**
   * False for a handler that sends its own encodings (the cached lists of crud.ts): skips
   * @fastify/compress's hooks, which otherwise run on every call only to pass the bytes on.
   */
  compress?: false;
}
/**
 * Registers the handler of one contract operation, declaring who may call it: anyone (`public`),
 * a signed-in person (`learner`; a record that is not the caller's answers 404 in the handler,
 * through identity's ownership checks) or the panel (`admin`). The declaration must be the
 * contract's `x-access` for that operation, or the server does not start. The handler is a named
 * function (what the call does: `signUp`, `listRecords`), never an inline closure, so a route's
 * code is found by its name and the route walk can say which function answers each route.
 */
export type Register = (operation: string, access: Access, handler: Handler, settings?: RouteSettings) => void;

/**
 * A named handler that takes what it works with first (`readCart(deps, request)`), with that
 * given: registered under the handler's own name, so the route walk still names the function
 * that answers, and no wrapper is written per route.
 */
export function given<Deps>(deps: Deps, handler: (deps: Deps, request: FastifyRequest) => Promise<unknown>): Handler {
  return Object.defineProperty((request: FastifyRequest) => handler(deps, request), 'name', { value: handler.name });
}

/** A route as registered: what the route walk (tests/security/access-matrix.test.ts) calls. */
export interface DeclaredRoute {
  operation: string;
  access: Access;
  /** What a staff member needs to call it (null for public and learner routes). */
  need: NeedOf | null;
  /** The name of the function that answers it. */
  handler: string;
}

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

/** A positive whole number named `label` in its Persian messages: a record's id in a body. */
export const id = (label: string) =>
  v.pipe(v.number(`${label} باید عدد باشد`), v.integer(`${label} باید عدد صحیح باشد`), v.minValue(1, `${label} نامعتبر است`));
/** A body naming one record by its id. */
export const idBody = v.object({ id: id('شناسه') }, texts.notObject);

/** Who is calling: the signed-in user behind the request, or null (identity's bearer check). */
export type Authenticate = (request: FastifyRequest) => Promise<AuthUser | null>;

const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

export function contractRoutes(app: FastifyInstance, contract: Contract, authenticate: Authenticate) {
  const registered = new Map<string, DeclaredRoute>();

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

  const register: Register = (operation, access, handler, settings = {}) => {
    const [method = '', path = ''] = operation.split(' ');
    const op = contract.operation(method, path);
    if (!op) throw new Error(`${operation} is not an operation of openapi.yaml`);
    if (registered.has(operation)) throw new Error(`${operation} is registered twice`);
    if (access !== op.access) throw new Error(`${operation} is registered for ${access}, but openapi.yaml's x-access says ${op.access}`);
    if (settings.need !== undefined && access !== 'admin') throw new Error(`${operation}: only a panel route declares what staff need`);
    if (handler.name === '') throw new Error(`${operation}: its handler has no name; declare it as a named function (what the call does) and register that`);
    registered.set(operation, { operation, access, need: access === 'admin' ? (settings.need ?? 'administrator') : null, handler: handler.name });
    app.route({
      method: op.method,
      url: toFastifyPath(path),
      ...(settings.compress === false ? { compress: false, decompress: false } : {}),
      preHandler: async (request) => {
        if (op.access === 'public') return;
        const user = await authenticate(request);
        if (!user) throw new HttpError(401, texts.notSignedIn);
        if (op.access === 'admin') {
          if (!opensAdminPanel(user.role)) throw new HttpError(403, texts.forbidden);
          // Before any grant: the panel answers nothing to a password alone. The marker tells the
          // panel which page to show (src/api/client.ts).
          if (user.secondFactor !== 'passed') throw new HttpError(403, texts.secondFactor[user.secondFactor], { secondFactor: user.secondFactor });
          const need = typeof settings.need === 'function' ? settings.need(request) : (settings.need ?? 'administrator');
          if (!meets(user.panel, need)) throw new HttpError(403, texts.notGranted);
        }
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

  /** Every route registered so far, with the access it declared. */
  const declared = (): DeclaredRoute[] => [...registered.values()];

  return { register, assertComplete, declared };
}

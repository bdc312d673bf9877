// Calls named by the schema's operation keys ('PUT /api/Course/Update'). The generic admin
// works with erased rows that the schema's validators check, so these calls go through a
// loosely typed client that shares the typed client's middleware (token, cache, statuses).
import createClient from 'openapi-fetch';
import type { OperationKey } from '../../schema/define';
import { splitOperation } from '../../schema/define';
import { authMiddleware, baseUrl, cacheMiddleware, keepSessionStatusMiddleware, lateBoundFetch, serverMessage, statusMiddleware } from './client';

interface LooseOperation {
  parameters: { query?: Readonly<Record<string, string | number | readonly string[]>>; header?: never; path?: never; cookie?: never };
  requestBody?: { content: { 'application/json': unknown } };
  responses: {
    200: { headers: Record<string, unknown>; content: { 'application/json': unknown } };
    default: { headers: Record<string, unknown>; content: { 'application/json': unknown } };
  };
}
type LoosePaths = Record<
  string,
  { get: LooseOperation; post: LooseOperation; put: LooseOperation; delete: LooseOperation }
>;

const loose = createClient<LoosePaths>({ baseUrl: baseUrl(), fetch: lateBoundFetch });
loose.use(authMiddleware, statusMiddleware, cacheMiddleware);
/** The admin's saves: a 401 is theirs to handle (sign in again in place, then retry). */
const keepingSession = createClient<LoosePaths>({ baseUrl: baseUrl(), fetch: lateBoundFetch });
keepingSession.use(authMiddleware, keepSessionStatusMiddleware, cacheMiddleware);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** The error answer's body as sent (a version conflict's `conflict` is read from it). */
    readonly body: unknown = undefined,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
  }
}

/** Calls an operation and answers its data, or throws ApiError (status 0 when unreachable). */
export async function callOperation(
  op: OperationKey,
  init: { body?: unknown; query?: Readonly<Record<string, string | number | readonly string[]>>; keepSession?: boolean } = {},
): Promise<unknown> {
  const { method, path } = splitOperation(op);
  const client = init.keepSession ? keepingSession : loose;
  const options = { params: { query: init.query }, body: init.body };
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    if (method === 'GET') result = await client.GET(path, { params: options.params });
    else if (method === 'POST') result = await client.POST(path, options);
    else if (method === 'PUT') result = await client.PUT(path, options);
    else result = await client.DELETE(path, options);
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!result.response.ok) throw new ApiError(result.response.status, serverMessage(result.error), result.error);
  return result.data;
}

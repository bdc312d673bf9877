// @vitest-environment node
// The access-control matrix, the route walk: every operation of openapi.yaml called as anonymous,
// learner and administrator against the real server. The server serves exactly these operations,
// each registered with the access it declares (`register(operation, access, handler)`), and does
// not start unless every declaration is the operation's `x-access` (server/platform/http.ts): so
// walking the contract walks every registered route with its declared guard. The expected access is written out here, independently
// of the contract's `x-access` (which the server enforces), and both must agree: an operation
// added to the contract without a row here fails this test.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registry } from '../../schema/registry.gen';
import { requestCode, type Stack, startStack } from '../e2e/harness';

type Access = 'public' | 'learner' | 'admin';
// Every entity's calls are the administrator's: their rows follow from the schema files.
const entityRows: Record<string, Access> = {};
for (const entity of Object.values(registry)) {
  const calls = { list: entity.ops.list, create: entity.ops.create, update: entity.ops.update, delete: entity.ops.remove, bulkEdit: entity.ops.bulkEdit };
  for (const [verb, op] of Object.entries(calls)) if (op) entityRows[`${verb}${entity.component}`] = 'admin';
  // A schema's record actions (lock a user…) are the panel's too.
  for (const action of entity.actions) entityRows[`${action.key}${entity.component}`] = 'admin';
  // So is a save's preview (a holiday's cancelled sessions).
  if (entity.decl.savePreview) entityRows[`previewSave${entity.component}`] = 'admin';
}
const handRows: Record<string, Access> = {
  signUp: 'public',
  signIn: 'public',
  sendCode: 'public',
  signInWithCode: 'public',
  resetPasswordWithCode: 'public',
  sendResetLink: 'public',
  sendResetLinkCode: 'public',
  signOut: 'learner',
  listWaitlist: 'learner',
  joinWaitlist: 'learner',
  leaveWaitlist: 'learner',
  signOutEverywhere: 'learner',
  changePassword: 'learner',
  // The panel's second factor: a signed-in session enrols and passes it (panel accounts only).
  getSecondFactor: 'learner',
  startTotp: 'learner',
  confirmTotp: 'learner',
  verifySecondFactor: 'learner',
  passkeyRegistrationOptions: 'learner',
  registerPasskey: 'learner',
  passkeySignInOptions: 'learner',
  signInWithPasskey: 'learner',
  getDashboardData: 'admin',
  listImages: 'admin',
  uploadImage: 'admin',
  serveImage: 'public',
  listVideos: 'admin',
  uploadVideo: 'admin',
  serveVideo: 'public',
  deleteFile: 'admin',
  mediaLibrary: 'admin',
  publicCategories: 'public',
  publicCategory: 'public',
  publicCourses: 'public',
  publicCourse: 'public',
  publicRelatedCourses: 'public',
  publicTeachers: 'public',
  publicTeacher: 'public',
  publicArticles: 'public',
  publicArticle: 'public',
  publicSection: 'public',
  publicSectionRecord: 'public',
  getProfile: 'learner',
  listChildren: 'learner',
  createChild: 'learner',
  updateChild: 'learner',
  deleteChild: 'learner',
  getCart: 'learner',
  addToCart: 'learner',
  removeFromCart: 'learner',
  // The cart's coupon and a paid order's invoice (the owner's or, for an admin, any).
  applyCoupon: 'learner',
  removeCoupon: 'learner',
  getInvoice: 'learner',
  checkout: 'learner',
  listOrders: 'learner',
  verifyPayment: 'learner',
  listEnrollments: 'learner',
  learnerSchedule: 'learner',
  updateProfile: 'learner',
  sendContactMessage: 'public',
  adminBulkDelete: 'admin',
  adminImportCsv: 'admin',
  listSavedViews: 'admin',
  saveView: 'admin',
  deleteSavedView: 'admin',
  exportList: 'admin',
  adminLabels: 'admin',
  adminOptions: 'admin',
  adminRecord: 'admin',
  listAudit: 'admin',
  revertAudit: 'admin',
  adminBadges: 'admin',
  panelAccess: 'admin',
  resetPassword: 'public',
  publicCourseSessions: 'public',
};
const expected: Record<string, Access> = { ...handRows, ...entityRows };

interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: string;
  query: Record<string, string>;
}

async function contractOperations(): Promise<Operation[]> {
  const contract = v.parse(
    v.object({
      paths: v.record(
        v.string(),
        v.record(
          v.string(),
          v.object({
            operationId: v.string(),
            'x-access': v.string(),
            parameters: v.optional(v.array(v.object({ name: v.optional(v.string()), in: v.optional(v.string()) }))),
          }),
        ),
      ),
    }),
    parse(await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8')),
  );
  const sampleQuery: Record<string, string> = { fileName: 'missing.png', mediaType: 'image', Authority: 'A0000', Status: 'NOK' };
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path
        .replace('{slug}', 'no-such-slug')
        .replace('{section}', 'holidays')
        .replace('{fileName}', 'missing.png')
        .replace('{entity}', 'courses')
        .replace('{id}', '1'),
      operationId: op.operationId,
      access: op['x-access'],
      query: Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query' && p.name).map((p) => [p.name ?? '', sampleQuery[p.name ?? ''] ?? 'x']),
      ),
    })),
  );
}

let stack: Stack;
const tokens: Record<'anonymous' | 'learner' | 'admin', string | null> = { anonymous: null, learner: null, admin: null };
const learnerPassword = 'learner-password-1';
/** Calls that end the token's session: each is made with a token of its own, so the rest keep theirs. */
const sessionEnding = new Set(['signOut', 'signOutEverywhere']);

/** A fresh token of the role's account (the same account, another session). */
async function freshToken(role: 'anonymous' | 'learner' | 'admin'): Promise<string | null> {
  if (role === 'anonymous') return null;
  const username = role === 'admin' ? stack.adminPhone : '09351112233';
  return tokenFor('/api/Auth/SignIn', { username, password: role === 'admin' ? stack.adminPassword : learnerPassword });
}

async function tokenFor(path: string, body: object): Promise<string> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return v.parse(v.object({ accessToken: v.string() }), await response.json()).accessToken;
}

beforeAll(async () => {
  stack = await startStack();
  tokens.admin = await tokenFor('/api/Auth/SignIn', { username: stack.adminPhone, password: stack.adminPassword });
  tokens.learner = await tokenFor('/api/Auth/SignUp', {
    firstName: 'سارا',
    lastName: 'محمدی',
    phoneNumber: '09351112233',
    password: learnerPassword,
    code: await requestCode(stack, '09351112233', 'signUp'),
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('access-control matrix', () => {
  it('every contract operation has an expected access row, and they agree', async () => {
    const operations = await contractOperations();
    expect(operations.map((op) => op.operationId).sort()).toEqual(Object.keys(expected).sort());
    for (const op of operations) expect(op.access, op.operationId).toBe(expected[op.operationId]);
  });

  it('answers 401/403 exactly where the matrix says, and never 5xx', async () => {
    const operations = await contractOperations();
    const checked: string[] = [];
    for (const op of operations) {
      for (const role of ['anonymous', 'learner', 'admin'] as const) {
        const access = expected[op.operationId];
        const token = sessionEnding.has(op.operationId) ? await freshToken(role) : tokens[role];
        const url = new URL(`${stack.baseUrl}${op.path}`);
        for (const [key, value] of Object.entries(op.query)) url.searchParams.set(key, value);
        const hasBody = op.method !== 'GET' && op.operationId !== 'signIn' && op.operationId !== 'signUp';
        const response = await fetch(url, {
          method: op.method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          body: hasBody ? '{}' : undefined,
        });
        await response.arrayBuffer();
        // Everywhere means the role's other tokens too: the later calls get a new one.
        if (op.operationId === 'signOutEverywhere' && role !== 'anonymous') tokens[role] = await freshToken(role);
        const label = `${role} ${op.method} ${op.path} → ${response.status}`;
        checked.push(label);
        expect(response.status, label).toBeLessThan(500);
        if (access === 'admin' && role === 'anonymous') expect(response.status, label).toBe(401);
        else if (access === 'admin' && role === 'learner') expect(response.status, label).toBe(403);
        else if (access === 'learner' && role === 'anonymous') expect(response.status, label).toBe(401);
        else expect([401, 403], label).not.toContain(response.status);
      }
    }
    console.log(`access matrix: ${operations.length} operations × 3 roles = ${checked.length} calls checked`);
  });
});

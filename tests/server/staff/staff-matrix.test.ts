// @vitest-environment node
// The access matrix of staff roles, generated from the declarations themselves: every panel
// route the server registered (with the need it declared), on every entity its path may name,
// called as a seeded staff account of every example role. Where the role's grants meet the need the call gets
// past the access check (whatever its garbage body then earns, never 401, 403 or 5xx); where
// they do not, it is refused with 403. A route or entity added later is walked without being
// listed here. tests/security/access-matrix.test.ts walks anonymous, learner and administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import type { PanelAccess } from '../../../schema/rules/permissions';
import { texts } from '../../../server/platform/errors';
import { meets, type DeclaredRoute } from '../../../server/platform/http';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;
const accounts: Array<{ label: string; token: string; panel: PanelAccess }> = [];

beforeAll(async () => {
  server = await startServer();
  const passwordLine = server.printed.find((line) => line.startsWith('Staff sign-in, each with password '));
  const password = passwordLine?.split(' ')[5];
  if (!password) throw new Error(`no staff password printed: ${server.printed.join('\n')}`);
  for (const line of server.printed) {
    const match = /^ {2}(.+): phone (09\d{9})$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    // One account per role: the teachers' accounts hold the same grants.
    if (accounts.some((account) => account.label.split(':')[0] === match[1]?.split(':')[0])) continue;
    const token = await server.signIn(match[2], password);
    const access = await server.call<PanelAccess & { kind: 'staff' }>('GET', '/api/Admin/access', { token });
    expect(access.status).toBe(200);
    accounts.push({ label: match[1], token, panel: { kind: 'staff', roleId: 0, roleName: access.body.roleName, grants: access.body.grants, teacherId: access.body.teacherId } });
  }
});
afterAll(async () => {
  await server?.close();
});

/** Each call a declared route stands for: one per entity when its path names one. */
function callsOf(route: DeclaredRoute): Array<{ method: string; path: string; params: Record<string, string> }> {
  const [method = '', path = ''] = route.operation.split(' ');
  const base: Record<string, string> = path.includes('{id}') ? { id: '1' } : {};
  if (!path.includes('{entity}')) return [{ method, path, params: base }];
  return Object.keys(registry).map((entity) => ({ method, path, params: { ...base, entity } }));
}

describe('the staff access matrix', () => {
  it('seeds an account for every example role', () => {
    expect(accounts.map((account) => account.panel.kind === 'staff' && account.panel.roleName)).toEqual(expect.arrayContaining(['مدیر آموزش', 'حسابدار', 'پذیرش', 'مدرس', 'نویسنده محتوا']));
  });

  it('finds every route the server registered answered by a named function', () => {
    const unnamed = server.app.declaredRoutes.filter((route) => typeof route.handler !== 'string' || route.handler === '').map((route) => route.operation);
    expect(server.app.declaredRoutes.length).toBeGreaterThan(150);
    expect(unnamed).toEqual([]);
  });

  it('answers every panel route as each role’s grants say, and never 401 or 5xx', async () => {
    const routes = server.app.declaredRoutes.filter((route) => route.access === 'admin');
    expect(routes.length).toBeGreaterThan(80);
    let checked = 0;
    const wrong: string[] = [];
    for (const route of routes) {
      for (const call of callsOf(route)) {
        const body = call.method === 'GET' ? undefined : {};
        const need = typeof route.need === 'function' ? route.need({ params: call.params, body }) : (route.need ?? 'administrator');
        for (const account of accounts) {
          const answer = await server.call(call.method, call.path, { token: account.token, params: call.params, ...(body ? { body } : {}) });
          const allowed = meets(account.panel, need);
          // Refused by the route's own check; a finer rule of the role (this audit entry, bulk
          // work on a restricted entity) answers with a message of its own.
          const refused = answer.status === 403 && answer.text.includes(JSON.stringify(texts.notGranted));
          const ok = allowed ? answer.status !== 401 && !refused && answer.status < 500 : answer.status === 403;
          if (!ok) wrong.push(`${account.label} ${call.method} ${call.path} ${JSON.stringify(call.params)}: ${answer.status} ${answer.text.slice(0, 120)} (allowed: ${allowed})`);
          checked += 1;
        }
      }
    }
    console.log(`staff access matrix: ${checked} calls checked over ${accounts.length} staff accounts`);
    expect(wrong).toEqual([]);
  });
});

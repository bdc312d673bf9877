// @vitest-environment node
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Contract } from '../../../server/platform/contract';
import { openDatabase } from '../../../server/platform/db';
import { contractRoutes, given } from '../../../server/platform/http';
import { bearerAuthentication } from '../../../server/features/identity/bearer';
import { Tokens } from '../../../server/features/identity/tokens';

const yaml = `
openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/A:
    get: { x-access: public, responses: { '200': { description: ok } } }
  /api/B/{id}:
    post: { x-access: admin, responses: { '200': { description: ok } } }
components:
  schemas:
    Flag:
      allOf:
        - type: object
          properties: { on: { type: boolean }, when: { type: [string, 'null'] } }
        - type: object
          properties: { id: { type: integer } }
`;


async function readA() {
  return { ok: true };
}
async function changeB() {
  return null;
}

describe('routes are tied to the contract', () => {
  it('refuses a route the contract does not define and reports operations left without a route', async () => {
    const app = Fastify();
    const db = openDatabase(':memory:');
    const routes = contractRoutes(app, new Contract(yaml), bearerAuthentication(db, new Tokens(new Uint8Array(32))));
    expect(() => routes.register('GET /api/Missing', 'public', readA)).toThrow(/not an operation/);
    routes.register('GET /api/A', 'public', readA);
    expect(() => routes.assertComplete()).toThrow(/POST \/api\/B\/\{id\}/);
    // Who may call it is declared where it is registered, and must be what the contract says.
    expect(() => routes.register('POST /api/B/{id}', 'public', changeB)).toThrow("POST /api/B/{id} is registered for public, but openapi.yaml's x-access says admin");
    routes.register('POST /api/B/{id}', 'admin', changeB);
    expect(() => routes.assertComplete()).not.toThrow();
    expect(routes.declared()).toEqual([
      { operation: 'GET /api/A', access: 'public', need: null, handler: 'readA' },
      { operation: 'POST /api/B/{id}', access: 'admin', need: 'administrator', handler: 'changeB' },
    ]);
    expect(() => app.get('/api/Sneaky', async () => 'x')).toThrow(/not an operation/);
    const anonymous = await app.inject({ method: 'POST', url: '/api/B/1' });
    expect(anonymous.statusCode).toBe(401);
    await app.close();
    await db.destroy();
  });

  it('refuses a handler without a name (an inline closure), naming the operation', async () => {
    const app = Fastify();
    const routes = contractRoutes(app, new Contract(yaml), async () => null);
    expect(() => routes.register('GET /api/A', 'public', async () => ({ ok: true }))).toThrow('GET /api/A: its handler has no name');
    expect(() => routes.register('POST /api/B/{id}', 'admin', async function () {
      return null;
    })).toThrow('POST /api/B/{id}: its handler has no name');
    // Refused before it is served: the operation is still free for its named handler.
    expect(routes.declared()).toEqual([]);
    routes.register('GET /api/A', 'public', readA);
    expect(routes.declared().map((route) => route.handler)).toEqual(['readA']);
    await app.close();
  });

  it('a handler given what it works with is registered and declared under its own name', async () => {
    async function readGreeting(greeting: string) {
      return { greeting };
    }
    const app = Fastify();
    const routes = contractRoutes(app, new Contract(yaml), async () => null);
    routes.register('GET /api/A', 'public', given('سلام', readGreeting));
    expect(routes.declared().map((route) => route.handler)).toEqual(['readGreeting']);
    expect((await app.inject({ method: 'GET', url: '/api/A' })).json()).toEqual({ greeting: 'سلام' });
    await app.close();
  });

  it('refuses a contract operation without x-access', () => {
    expect(() => new Contract(yaml.replace('x-access: admin, ', ''))).toThrow(/x-access/);
  });

  it('shapes rows by the component: only its properties, 0/1 as booleans, null kept', () => {
    const contract = new Contract(yaml);
    expect(contract.shapeAs('Flag', { id: '7', on: 1, when: null, passwordHash: 'secret' })).toEqual({ id: 7, on: true, when: null });
  });
});

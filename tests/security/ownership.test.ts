// @vitest-environment node
// ASVS V8 object-level authorisation: a learner reaches only their own children, cart items,
// orders, enrolments and profile. Another learner's ids — swapped in, guessed by walking the id
// range, or smuggled as extra body fields — answer 404 (as if absent) and change nothing.
import Database from 'better-sqlite3';
import { decodeJwt } from 'jose';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../support/server';
import { sampleChild } from '../support/samples';

interface PublicCourse {
  id: number;
  priceInTomans: number;
  registrationOpen: boolean;
  seatsLeft: number | null;
}
interface Cart {
  items: Array<{ id: number; childId: number; course: { id: number } }>;
}
interface Child {
  id: number;
  firstName: string;
}

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let alice: string;
let bob: string;
let bobId = 0;
let aliceId = 0;
/** Bob's records, created through the API; Alice attacks them. */
const bobs: { children: number[]; cartItem: number; authority: string; orderId: number } = { children: [], cartItem: 0, authority: '', orderId: 0 };
let aliceChild = 0;
let openCourses: PublicCourse[] = [];

/** A fingerprint of everything Bob owns, read straight from the database. */
function bobSnapshot(): string {
  const db = new Database(path.join(server.dataDir, 'academy.sqlite'), { readonly: true });
  try {
    return JSON.stringify({
      user: db.prepare('select id, firstName, lastName, phoneNumber, emailAddress, role, isLockout, passwordHash, tokenVersion from users where id = ?').get(bobId),
      children: db.prepare('select * from children where userId = ? order by id').all(bobId),
      cart: db.prepare('select * from cart_items where userId = ? order by id').all(bobId),
      orders: db.prepare('select * from orders where userId = ? order by id').all(bobId),
      orderItems: db.prepare('select oi.* from order_items oi join orders o on o.id = oi.orderId where o.userId = ? order by oi.id').all(bobId),
      enrolments: db.prepare('select e.* from enrollments e join children c on c.id = e.childId where c.userId = ? order by e.id').all(bobId),
    });
  } finally {
    db.close();
  }
}

const newChild = async (token: string, firstName: string, extra: object = {}) => {
  const answer = await server.call<Child>('POST', '/api/Children/Create', {
    token,
    body: { firstName, lastName: 'مالکیت', ...sampleChild, ...extra },
  });
  expect(answer.status).toBe(200);
  return answer.body.id;
};

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  alice = await signUpLearner(server, '09390000001');
  bob = await signUpLearner(server, '09390000002');
  aliceId = Number(decodeJwt(alice).sub);
  bobId = Number(decodeJwt(bob).sub);
  openCourses = (await server.call<{ courses: PublicCourse[] }>('GET', '/api/Public/courses')).body.courses.filter((c) => c.registrationOpen && c.seatsLeft !== 0 && c.priceInTomans > 0);
  const [c1, c2] = openCourses;
  if (!c1 || !c2) throw new Error('not enough open paid courses');

  // Bob: a child with a pending order, and a second child with an item in the cart.
  bobs.children.push(await newChild(bob, 'بابک'));
  await server.call('POST', '/api/Cart/Add', { token: bob, body: { courseId: c1.id, childId: bobs.children[0] } });
  const checkout = await server.call<{ orderId: number; paymentUrl: string }>('POST', '/api/Orders/Checkout', { token: bob });
  expect(checkout.status).toBe(200);
  bobs.orderId = checkout.body.orderId;
  bobs.authority = decodeURIComponent(checkout.body.paymentUrl.split('/').pop() ?? '');
  bobs.children.push(await newChild(bob, 'بهار'));
  const cart = await server.call<Cart>('POST', '/api/Cart/Add', { token: bob, body: { courseId: c2.id, childId: bobs.children[1] } });
  bobs.cartItem = cart.body.items[0]?.id ?? 0;
  expect(bobs.cartItem).toBeGreaterThan(0);

  aliceChild = await newChild(alice, 'آلیس');
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

describe('object-level access between learners', () => {
  it("lists show only the caller's own records", async () => {
    const children = await server.call<Child[]>('GET', '/api/Children', { token: alice });
    expect(children.body.map((c) => c.id)).toEqual([aliceChild]);
    expect((await server.call<Cart>('GET', '/api/Cart', { token: alice })).body.items).toEqual([]);
    expect((await server.call<unknown[]>('GET', '/api/Orders', { token: alice })).body).toEqual([]);
    expect((await server.call<unknown[]>('GET', '/api/Enrollments', { token: alice })).body).toEqual([]);
    const me = await server.call<{ id: number; phoneNumber: string }>('GET', '/api/Me', { token: alice });
    expect(me.body).toMatchObject({ id: aliceId, phoneNumber: '09390000001' });
    // Bob's own view has his records: the empty lists above are not an empty database.
    expect((await server.call<Child[]>('GET', '/api/Children', { token: bob })).body).toHaveLength(2);
    expect((await server.call<unknown[]>('GET', '/api/Orders', { token: bob })).body).toHaveLength(1);
  });

  it("refuses every swapped id for Bob's children, cart item and order, and Bob's data is unchanged", async () => {
    const before = bobSnapshot();
    const [c1] = openCourses;
    if (!c1) throw new Error('no course');
    for (const childId of bobs.children) {
      const update = await server.call('PUT', '/api/Children/Update', {
        token: alice,
        body: { id: childId, firstName: 'ربوده', lastName: 'x', ...sampleChild },
      });
      expect(update.status, `update child ${childId}`).toBe(404);
      expect((await server.call('DELETE', '/api/Children/Delete', { token: alice, body: { id: childId } })).status).toBe(404);
      // Alice cannot put Bob's child in her cart (and pay for, or see, them).
      expect((await server.call('POST', '/api/Cart/Add', { token: alice, body: { courseId: c1.id, childId } })).status).toBe(404);
    }
    expect((await server.call('DELETE', '/api/Cart/Remove', { token: alice, body: { id: bobs.cartItem } })).status).toBe(404);
    for (const Status of ['OK', 'NOK']) {
      const verify = await server.call('GET', '/api/Payment/Verify', { token: alice, query: { Authority: bobs.authority, Status } });
      expect(verify.status, `verify ${Status}`).toBe(404);
    }
    // Checking out Alice's (empty) cart does not pick up Bob's items.
    expect((await server.call('POST', '/api/Orders/Checkout', { token: alice })).status).toBe(409);
    expect(bobSnapshot()).toBe(before);
  });

  it('refuses guessed ids across the whole id range', async () => {
    const before = bobSnapshot();
    const db = new Database(path.join(server.dataDir, 'academy.sqlite'), { readonly: true });
    const maxChild = Number(db.prepare('select max(id) as m from children').pluck().get());
    const maxItem = Number(db.prepare('select max(id) as m from cart_items').pluck().get());
    db.close();
    let tried = 0;
    for (let id = 1; id <= maxChild + 3; id += 1) {
      if (id === aliceChild) continue;
      const update = await server.call('PUT', '/api/Children/Update', { token: alice, body: { id, firstName: 'حدس', lastName: 'x', ...sampleChild } });
      const remove = await server.call('DELETE', '/api/Children/Delete', { token: alice, body: { id } });
      expect([update.status, remove.status], `child ${id}`).toEqual([404, 404]);
      tried += 2;
    }
    for (let id = 1; id <= maxItem + 3; id += 1) {
      expect((await server.call('DELETE', '/api/Cart/Remove', { token: alice, body: { id } })).status, `cart item ${id}`).toBe(404);
      tried += 1;
    }
    console.log(`ownership: ${tried} guessed ids refused`);
    expect(bobSnapshot()).toBe(before);
  });

  it('ignores owner fields smuggled into bodies (mass assignment)', async () => {
    const before = bobSnapshot();
    const smuggled = await newChild(alice, 'قاچاق', { userId: bobId, id: bobs.children[0] });
    expect(smuggled).not.toBe(bobs.children[0]);
    expect((await server.call<Child[]>('GET', '/api/Children', { token: alice })).body.map((c) => c.id)).toContain(smuggled);
    expect((await server.call<Child[]>('GET', '/api/Children', { token: bob })).body.map((c) => c.id)).not.toContain(smuggled);
    const update = await server.call('PUT', '/api/Children/Update', {
      token: alice,
      body: { id: smuggled, firstName: 'قاچاق', lastName: 'x', ...sampleChild, userId: bobId },
    });
    expect(update.status).toBe(200);
    const [c1] = openCourses;
    if (!c1) throw new Error('no course');
    const added = await server.call<Cart>('POST', '/api/Cart/Add', { token: alice, body: { courseId: c1.id, childId: smuggled, userId: bobId } });
    expect(added.status).toBe(200);
    expect((await server.call<Cart>('GET', '/api/Cart', { token: bob })).body.items.map((i) => i.childId)).not.toContain(smuggled);
    expect(bobSnapshot()).toBe(before);
  });

  it("cannot read or change another user's profile through the admin user calls", async () => {
    const before = bobSnapshot();
    const update = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: alice,
      body: { userId: bobId, phoneNumber: '09390000099', emailAddress: 'stolen@example.com', role: 300 },
    });
    expect(update.status).toBe(403);
    // Nor promote herself.
    const self = await server.call('PUT', '/api/User/UpdateByAdmin', {
      token: alice,
      body: { userId: aliceId, phoneNumber: '09390000001', emailAddress: '', role: 300 },
    });
    expect(self.status).toBe(403);
    expect((await server.call('DELETE', '/api/User/Delete', { token: alice, body: { id: bobId } })).status).toBe(403);
    expect((await server.call('GET', '/api/User/GetPagedFilter', { token: alice })).status).toBe(403);
    expect(bobSnapshot()).toBe(before);
    // The admin still can (so the 403s above came from the role, not a broken call).
    expect((await server.call('GET', '/api/User/GetPagedFilter', { token: admin })).status).toBe(200);
  });
});

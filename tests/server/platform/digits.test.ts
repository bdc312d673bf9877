// @vitest-environment node
// The one digit rule on the server: every `{ message }` the server answers and
// the description sent to the payment gateway show numbers in Persian digits, while a Latin word
// inside them (a course title's ESP32) keeps its own; the stored data is never converted.
import { courseBody } from '../../support/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from '../../support/server';

let gateway: FakeGateway;
let server: TestServer;
let admin: string;
let learner: string;

const latinDigit = /[0-9]/;
/** A message's digits outside Latin words and e-mail addresses. */
const shownLatin = (text: string) => text.split(/\s+/).filter((word) => latinDigit.test(word) && !/[A-Za-z@]/.test(word));

beforeAll(async () => {
  gateway = await startFakeGateway();
  server = await startServer({ paymentGatewayUrl: gateway.url });
  admin = await server.signIn(adminPhone, adminPassword);
  learner = await signUpLearner(server, '09370000021');
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

describe('server messages', () => {
  it('limits in validation messages are Persian digits, grouped', async () => {
    const long = await server.call<{ message: string }>('POST', '/api/Category/Create', {
      token: admin,
      body: { name: 'ن'.repeat(201), inActive: false, coverImage: '' },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('۲۰۰');
    expect(shownLatin(long.body.message)).toEqual([]);

    const paged = await server.call<{ message: string }>('GET', '/api/Course/GetSelectList', { token: admin, query: { pageSize: '100000' } });
    expect(paged.status).toBe(400);
    expect(paged.body.message).toMatch(/[۰-۹]/);
    expect(shownLatin(paged.body.message)).toEqual([]);
  });

  it('a message naming a record converts its numbers but keeps its Latin word; the stored title is untouched', async () => {
    const teachers = await server.call<Array<{ id: number }>>('GET', '/api/Teacher/GetSelectList', { token: admin });
    const categories = await server.call<Array<{ id: number }>>('GET', '/api/Category/GetSelectList', { token: admin });
    const title = 'کارگاه 2 روزه ESP32';
    const created = await server.call<{ id: number; version: number }>('POST', '/api/Course/Create', {
      token: admin,
      body: courseBody(title, {
        durationInHours: 6,
        timeOfHolding: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        registrationDeadline: null,
        priceInTomans: 350_000,
        description: '',
        coverImage: '',
        coverVideo: '',
        headings: '',
        prerequisite: '',
        techerId: teachers.body[0]?.id ?? 0,
        categoryId: categories.body[0]?.id ?? 0,
        difficulty: '',
        type: 'online',
        inActive: false,
      }),
    });
    expect(created.status).toBe(200);
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', {
      token: learner,
      body: { firstName: 'رها', lastName: 'آزمون', birthDate: '2016-03-20T00:00:00.000Z', grade: 'سوم' },
    });
    expect((await server.call('POST', '/api/Cart/Add', { token: learner, body: { courseId: created.body.id, childId: child.body.id } })).status).toBe(200);

    // Closed after it went into the cart: checkout names it.
    const course = await server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: admin });
    const row = course.body.find((c) => c.id === created.body.id);
    expect(row?.title).toBe(title);
    const closed = await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...row, inActive: true } });
    expect(closed.status).toBe(200);
    const refused = await server.call<{ message: string }>('POST', '/api/Orders/Checkout', { token: learner });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('کارگاه ۲ روزه ESP32');

    // The stored title keeps the digits it was typed with.
    const stored = await server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: admin });
    expect(stored.body.find((c) => c.id === created.body.id)?.title).toBe(title);
  });

  it('the description sent to the payment gateway is in Persian digits', async () => {
    const stored = await server.call<Array<Record<string, unknown>>>('GET', '/api/Course/GetSelectList', { token: admin });
    const row = stored.body.find((c) => c.title === 'کارگاه 2 روزه ESP32');
    expect((await server.call('PUT', '/api/Course/Update', { token: admin, body: { ...row, inActive: false } })).status).toBe(200);
    const checkout = await server.call<{ orderId: number }>('POST', '/api/Orders/Checkout', { token: learner });
    expect(checkout.status).toBe(200);
    const description = gateway.requestCalls.at(-1)?.description;
    expect(typeof description).toBe('string');
    const text = typeof description === 'string' ? description : '';
    expect(text).toMatch(/^ثبت‌نام در ۱ دوره - سفارش [۰-۹]+$/);
    expect(shownLatin(text)).toEqual([]);
  });
});

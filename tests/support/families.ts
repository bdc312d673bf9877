// Three parents with a child each, against the real server and a fake gateway, with the database
// open beside it: what the notification tests share (tests/server/messaging/notifications*.test.ts).
import path from 'node:path';
import { openConfiguredDatabase, type DB } from '../../server/platform/db';
import { startFakeGateway, type FakeGateway } from './fake-gateway';
import { databaseFor, usePostgres } from './postgres-db';
import { sampleChild } from './samples';
import { adminPassword, adminPhone, signUpLearner, startServer, type TestServer } from './server';

export interface Parent {
  token: string;
  child: number;
  userId: number;
  phone: string;
  childName: string;
}

export interface Families {
  gateway: FakeGateway;
  server: TestServer;
  db: DB;
  admin: string;
  categoryId: number;
  /** Three parents, each with one child. */
  parents: Parent[];
}

let current: Families | undefined;

/** The server's database, opened beside it (a second connection, as another process would). */
export const openDb = async (server: TestServer): Promise<DB> =>
  openConfiguredDatabase({
    databaseUrl: usePostgres ? await databaseFor(server.dataDir) : undefined,
    databaseFile: path.join(server.dataDir, 'academy.sqlite'),
  });

export async function startFamilies(): Promise<Families> {
  const gateway = await startFakeGateway();
  // The server runs no worker (a test server's jobs are off): the tests drive deliverDue themselves.
  const server = await startServer({ paymentGatewayUrl: gateway.url });
  const db = await openDb(server);
  const admin = await server.signIn(adminPhone, adminPassword);
  const categories = await server.call<Array<{ id: number }>>('GET', '/api/Public/categories');
  const categoryId = categories.body[0]?.id ?? 0;
  const parents: Parent[] = [];
  for (const n of [1, 2, 3]) {
    const phone = `0937700000${n}`;
    const token = await signUpLearner(server, phone);
    const childName = ['آرش', 'بهار', 'پرستو'][n - 1] ?? '';
    const child = await server.call<{ id: number }>('POST', '/api/Children/Create', { token, body: { firstName: childName, lastName: 'پیامی', ...sampleChild } });
    const user = await db.selectFrom('users').select('id').where('phoneNumber', '=', phone).executeTakeFirstOrThrow();
    parents.push({ token, child: child.body.id, userId: user.id, phone, childName: `${childName} پیامی` });
  }
  current = { gateway, server, db, admin, categoryId, parents };
  return current;
}

export async function stopFamilies(): Promise<void> {
  await current?.db.destroy();
  await current?.server.close();
  await current?.gateway.close();
  current = undefined;
}

export const parent = (i: number): Parent => {
  const p = current?.parents[i];
  if (!p) throw new Error(`no parent ${i}`);
  return p;
};

// `npm run payments:unmatched`: the payments the gateway holds paid but unverified that no order
// of this database knows — after a restore, payments made in the window the restore lost (the
// reconciliation, reconcile.ts, settles only the ones that are ours). The merchant account may
// serve other sites too: what is listed is for the operator to look up in the gateway's panel,
// never settled or reversed from here.
import path from 'node:path';
import { configFromEnv } from '../../platform/config';
import { databaseTarget, openDatabaseTarget, type Executor } from '../../platform/db';
import type { Gateway } from '../../platform/outside';
import { zarinpal } from './gateway';

export async function paymentsWithoutOrder(db: Executor, gateway: Pick<Gateway, 'unverified'>): Promise<Array<{ authority: string; amountInTomans: number }>> {
  const listed = await gateway.unverified();
  const known = new Set<string>();
  // In slices: the gateway lists its last 100, but no query grows with what it answers.
  for (let i = 0; i < listed.length; i += 100) {
    const authorities = listed.slice(i, i + 100).map((payment) => payment.authority);
    const orders = await db.selectFrom('orders').select('authority').where('authority', 'in', authorities).execute();
    const attempts = await db.selectFrom('payment_attempts').select('authority').where('authority', 'in', authorities).execute();
    for (const row of [...orders, ...attempts]) if (row.authority) known.add(row.authority);
  }
  return listed.filter((payment) => !known.has(payment.authority));
}

async function main(): Promise<void> {
  const config = configFromEnv();
  const db = openDatabaseTarget(databaseTarget(config));
  try {
    const unmatched = await paymentsWithoutOrder(db, zarinpal(config.paymentGatewayUrl, config.merchantId, { timeoutMs: 30_000 }));
    if (unmatched.length === 0) console.log(`No unverified payment at ${config.paymentGatewayUrl} lacks an order here.`);
    else console.log(`Unverified payments at ${config.paymentGatewayUrl} with no order here: ${unmatched.length} (authority, amount in tomans)`);
    for (const payment of unmatched) console.log(`${payment.authority}\t${payment.amountInTomans}`);
  } finally {
    await db.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}

// Entry point: `tsx server/main.ts`. Settings come from the environment (see config.ts).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { configFromEnv, databaseTarget } from './platform/config';
import { messagingFromEnv } from './features/messaging/port';
import { hashPassword } from './features/identity/port';

// No date depends on it (days and times follow the academy's calendar, schema/rules/calendar.ts);
// it makes the process's own clock, in stack traces and tools, read as the academy's.
process.env.TZ ??= 'Asia/Tehran';

const { port, drainMs, ...settings } = configFromEnv();
const config = { ...settings, messaging: messagingFromEnv() };

// A new SQLite data dir gets seeded, and the seed's first administrator needs a scrypt hash
// (N = 2^17, ~0.7 s on libuv's thread pool). It is begun here, so it runs while the server's
// modules load (the app is imported below, not statically), rather than after them.
const database = databaseTarget(config);
if (database.engine === 'sqlite' && config.seed !== false && !existsSync(database.file)) {
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const hash = hashPassword(password);
  hash.catch(() => undefined); // the seed awaits it (and reports a failure); unused if no seed runs
  config.firstAdmin = { password, generated: !config.adminPassword, hash };
}

const { buildApp } = await import('./app');
const app = await buildApp(config);
// The trial lists every SMS code on a page: it answers this machine only unless HOST says otherwise.
await app.listen({ port, host: process.env.HOST ?? (config.trial ? '127.0.0.1' : '0.0.0.0') });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
// The address to open is the public one, where the payment's callback returns and every link
// points (with the port the system chose when PORT=0 and PUBLIC_URL is unset).
const site = new URL(config.publicUrl);
if (site.port === '0') site.port = String(actualPort);
console.log(`Academy is running at ${site.href.replace(/\/+$/, '')}`);
if (config.panelSecondFactor === 'offered') console.log('The second factor is optional for panel accounts here (PANEL_SECOND_FACTOR=offered): the seeded accounts open the panel with their password; production requires it.');
if (config.paymentSandbox && !config.trial) console.log(`Payments go to the sandbox gateway ${config.paymentGatewayUrl}: no money moves (see PAYMENT_GATEWAY_URL in the README).`);

// A stop (systemd's SIGTERM, Ctrl-C's SIGINT) drains: /ready answers 503 at once, the listener
// takes no new connection (a proxy's next attempt goes to another process), the requests under
// way finish, the background jobs end their round, the database closes, and the process exits 0.
// It never waits longer than DRAIN_SECONDS: a client holding a connection open (or a database
// that stopped answering) must not keep a deploy or a restart waiting for ever. A second signal
// (Ctrl-C again) ends the process at once.
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.error(`Academy: ${signal} again, exiting without waiting`);
    process.exit(1);
  }
  stopping = true;
  app.readiness.drain();
  console.log(`Academy is stopping (${signal}): finishing the requests under way (at most ${drainMs / 1000} s)`);
  setTimeout(() => {
    console.error(`Academy did not stop within ${drainMs / 1000} s of ${signal}; exiting anyway`);
    process.exit(1);
  }, drainMs).unref();
  app.close().then(
    () => {
      console.log('Academy stopped');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

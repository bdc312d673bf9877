// The HTTP application: the API of openapi.yaml, the built SPA and its SEO files, on one port.
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import path from 'node:path';
import { registerActions } from './engine/actions';
import { registerSavePreviews } from './engine/savePreview';
import { featureJobs, plugInFeatures, registerFeatureRoutes, type BackgroundJobs } from './features/index';
import { registerAudit } from './engine/auditRevert';
import { registerBulk } from './engine/bulk';
import { registerBulkEdit } from './engine/bulkEdit';
import { fastifyTrustProxy, resolveJwtSecret, type AppConfig } from './platform/config';
import { Contract } from './platform/contract';
import { acceptCsvBodies, importTexts, registerImport } from './engine/csvImport';
import { registerAdminLists } from './engine/adminLists';
import { registerCrud } from './engine/crud';
import { registerPublicSections } from './engine/publicSections';
import { registerHealth, type Readiness } from './platform/health';
import { realClock } from './platform/jobClock';
import { preparePageVersion, sitePages } from './features/catalogue/port';
import { databaseTarget, migrate, openDatabaseTarget } from './platform/db';
import { recordDatabase } from './platform/backup';
import { HttpError, isDatabaseUnavailable, texts, unavailablePage } from './platform/errors';
import { configuredMediaStore, type MediaStore, syncMediaLibrary } from './features/media/port';
import { logMail, logSms } from './features/messaging/port';
import { type Messaging } from './platform/outside';
import { codeLimits } from './platform/limits';
import { OneTimeCodes, bearerAuthentication, Tokens } from './features/identity/port';
import { zarinpal } from './features/commerce/port';
import { startTrial } from './dev/trial';
import { foreignHostText } from './dev/localHosts';
import { registerNavBadges } from './engine/navBadges';
import {
  clientErrorHandler,
  defaultTimeLimits,
  guardSlowBodies,
  htmlPreference,
  loopbackRedirect,
  nodeTimeouts,
  noStoreForPrivateAnswers,
  securityHeaders,
  type TimeLimits,
} from './platform/protocol';
import { loggingOptions } from './platform/requestLog';
import { registerRelations } from './engine/relations';
import { contractRoutes, type DeclaredRoute } from './platform/http';
import { toPersianDigits } from '../schema/rules/text';
import { seedIfEmpty } from './seed';
import { serveStaticFiles } from './platform/staticFiles';

export type { AppConfig } from './platform/config';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: BackgroundJobs;
    /** /ready's state: main.ts drains it on SIGTERM before closing (server/platform/health.ts). */
    readiness: Readiness;
    /** Every contract route with the access and staff need it declared. */
    declaredRoutes: DeclaredRoute[];
  }
}

const jsonBodyLimit = 1024 * 1024;

/** Persian texts for the client errors Fastify and its plugins raise themselves. */
const clientErrorTexts: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: texts.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: texts.notObject,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: texts.badContentType,
  FST_ERR_CTP_BODY_TOO_LARGE: texts.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: texts.badRequest,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'فایل باید به صورت multipart/form-data ارسال شود',
  FST_PROTO_VIOLATION: texts.badRequest,
  FST_FILES_LIMIT: 'فقط یک فایل در هر بار بارگذاری مجاز است',
  FST_PARTS_LIMIT: 'فقط یک فایل در هر بار بارگذاری مجاز است',
  FST_FIELDS_LIMIT: 'فقط یک فایل در هر بار بارگذاری مجاز است',
  FST_MP_PREMATURE_CLOSE: 'ارسال فایل ناتمام ماند',
};

const isFastifyError = (error: unknown): error is FastifyError => error instanceof Error;

export async function buildApp(config: AppConfig & { media?: MediaStore; timeLimits?: Partial<TimeLimits> }): Promise<FastifyInstance> {
  plugInFeatures();
  const print = config.print ?? ((line: string) => console.log(line));
  const distDir = path.resolve(config.distDir ?? 'dist');
  // The trial runs where there may be no internet: its pages load nothing from it.
  const offline = config.offline === true || config.trial === true;
  const site = sitePages({
    distDir,
    offline,
    onError: (error) => {
      if (config.logger) app.log.error(error);
      else console.error(error);
    },
  });
  // Before anything else: the trial refuses a production environment at once.
  const trial = config.trial ? await startTrial({ dataDir: config.dataDir, merchantId: config.merchantId, publicUrl: config.publicUrl, print }) : undefined;
  const gatewayUrl = trial?.gatewayUrl ?? config.paymentGatewayUrl;
  const database = databaseTarget(config);
  const db = openDatabaseTarget(database);
  try {
    await migrate(db);
    await preparePageVersion(db);
    // What a backup run with other settings is checked against (server/platform/backup.ts).
    recordDatabase(config.dataDir, database);
  } catch (error) {
    await db.destroy();
    await trial?.close();
    throw error;
  }
  const contract = Contract.load();
  const jwtSecret = resolveJwtSecret(config);
  const tokens = new Tokens(jwtSecret);
  // One place decides where messages go; every sender (codes, notifications) receives it.
  const messaging: Messaging = trial?.messaging ?? { sms: config.messaging?.sms ?? logSms(print), mail: config.messaging?.mail ?? logMail(print) };
  print(`SMS go to ${messaging.sms.description}; e-mail to ${messaging.mail.description}.`);
  const codes = new OneTimeCodes(db, messaging.sms, jwtSecret, config.oneTimeCodeLifetimeMs ?? codeLimits.lifetimeMs, new URL(config.publicUrl).hostname, {
    perHour: config.smsPerHour ?? codeLimits.sitePerHour,
    // On standard error, which journald keeps apart at priority err (journalctl -p err -u academy-api).
    alert: (line) => console.error(line),
  });
  const media = config.media ?? configuredMediaStore(config);
  print(`Media are kept in ${media.description}.`);
  if (trial) {
    print(`Trial: payments go to the local gateway at ${gatewayUrl} (no money moves; refunds go through it).`);
    print(`Trial: SMS and e-mail are printed here and listed at ${config.publicUrl}/_local/outbox.`);
  }
  if (config.seed !== false) await seedIfEmpty(db, media, config, print, trial?.paidAuthority);
  // After the seed, whose images are then registered like any file found on disk.
  await syncMediaLibrary(db, media);

  const headers = securityHeaders({ gatewayUrl, publicUrl: config.publicUrl, offline });
  const timeLimits: TimeLimits = { ...defaultTimeLimits, ...config.timeLimits };
  const app = Fastify({
    // One JSON line per request when LOG=1 (server/platform/requestLog.ts).
    ...loggingOptions(config.logger ?? false, config.trustProxy !== undefined),
    // A request that reached this process while it drains (accepted just before the listener
    // closed) is answered as usual, not with a 503 a proxy would pass on: the drain is for it.
    return503OnClosing: false,
    // Requests Node itself refuses (bad request line, oversized headers, timeouts): see protocol.ts.
    clientErrorHandler: clientErrorHandler(headers),
    ...nodeTimeouts(timeLimits),
    bodyLimit: jsonBodyLimit,
    // A hop count or the proxies' addresses (config.ts); never `true`, which would believe the
    // left-most X-Forwarded-For entry, written by the client.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slugs are Persian: their percent-encoded form is far longer than the text.
    routerOptions: { maxParamLength: 2000 },
    // A malformed address (bad percent-encoding) is the client's mistake: Persian `{message}`.
    frameworkErrors: (_error: FastifyError, _request: unknown, reply: FastifyReply) => {
      reply.code(400).headers(headers).send({ message: texts.badUrl });
    },
  });
  const gateway = zarinpal(gatewayUrl, config.merchantId, { refundToken: trial?.refundToken ?? config.gatewayRefundToken, timeoutMs: config.gatewayTimeoutMs });
  // The features' periodic jobs, started once their routes are registered (below).
  let stopJobs: () => Promise<void> = async () => undefined;
  app.addHook('onClose', async () => {
    // Each job ends the round under way (a safe point: a round is transactions that commit or
    // roll back whole) and starts no other; then the database closes.
    await stopJobs();
    // A reset link still being mailed needs the database.
    await codes.settle();
    await db.destroy();
    await trial?.close();
  });
  app.decorateRequest('user', null);

  // A callback hook, not an async one: it runs on every request, and an async hook costs a
  // promise and its resolution each time for work that never waits.
  const toPublicHost = loopbackRedirect(config.publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (trial && !trial.answersHost(request.headers.host)) return void reply.code(403).send({ message: foreignHostText });
    const location = toPublicHost?.(request.headers.host, request.method, request.url);
    if (location) return void reply.redirect(location, 302);
    done();
  });
  guardSlowBodies(app, timeLimits, headers);
  noStoreForPrivateAnswers(app, contract);

  app.setErrorHandler((error, request, reply) => {
    // Every message passes the one digit rule: limits and counts read in Persian digits, while a
    // title's Latin word or an e-mail address inside the message stays as written.
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ ...error.details, message: toPersianDigits(error.message) });
    const status = isFastifyError(error) && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = isFastifyError(error) ? (error.code ?? '') : '';
      // A CSV import over its size limit is told so with a 413 (the contract's answer for it).
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' && (request.headers['content-type'] ?? '').startsWith('text/csv')) {
        return reply.code(413).send({ message: importTexts.tooLarge });
      }
      // 406/415 (media type) and 413 for JSON bodies are all "bad request" in the contract.
      const answer = status === 429 ? 429 : 400;
      return reply.code(answer).send({ message: clientErrorTexts[code] ?? texts.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the request may be tried again in a moment (the pool reconnects, /ready tells
      // the balancer meanwhile). A page is answered as a page, the API with its `{ message }`.
      request.log.warn({ err: error }, 'database unavailable');
      reply.code(503).header('Retry-After', '5').header('Cache-Control', 'no-store');
      const page = !request.url.startsWith('/api/') && htmlPreference(request.headers.accept).quality > 0;
      return page ? reply.type('text/html; charset=utf-8').send(unavailablePage) : reply.send({ message: texts.databaseUnavailable });
    }
    request.log.error(error);
    if (!config.logger) console.error(error);
    return reply.code(500).send({ message: texts.serverError });
  });

  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(multipart, { throwFileSizeLimit: true });

  // The built site's files, indexed once here (server/platform/staticFiles.ts).
  const siteFiles = site.built ? await serveStaticFiles(app, distDir) : undefined;
  if (!siteFiles) {
    print(`No built site in ${distDir} (run \`npm run build\`); serving the API only.`);
  }
  const siteOrigin = new URL(config.publicUrl).origin;

  // Every address that is no API call: the site's pages (server/features/catalogue/sitePages.ts).
  await site.register(app, { db, config, siteFiles, siteOrigin });

  acceptCsvBodies(app);
  const routes = contractRoutes(app, contract, bearerAuthentication(db, tokens, config.panelSecondFactor ?? 'required'));
  const report = (error: unknown) => {
    if (config.logger) app.log.error(error);
    else console.error(error);
  };
  const featureContext = { register: routes.register, db, config, gateway, messaging, siteOrigin, report, tokens, codes, media };
  registerFeatureRoutes(featureContext);
  const jobs = featureJobs(featureContext);
  app.decorate('jobs', jobs);
  // A server started with backgroundJobs false (the tests' servers) runs a round when a test says.
  if (config.backgroundJobs !== false) stopJobs = jobs.start(config.jobClock ?? realClock);
  // The engine's generic calls, for every entity of the registry.
  await registerCrud(routes.register, db, contract);
  await registerAdminLists(routes.register, db, contract);
  registerRelations(routes.register, db, contract);
  registerNavBadges(routes.register, db);
  registerAudit(routes.register, db, contract, gateway, siteOrigin);
  registerActions(routes.register, db, contract, gateway, siteOrigin);
  registerSavePreviews(routes.register, db);
  registerBulk(routes.register, db);
  registerBulkEdit(routes.register, db, contract);
  registerImport(routes.register, db);
  registerPublicSections(routes.register, db);
  routes.assertComplete();
  // What every route declared, for the access matrix of staff roles (tests/server/staff/staff-matrix.test.ts).
  app.decorate('declaredRoutes', routes.declared());
  trial?.register(app);
  app.decorate('readiness', registerHealth(app, { db, media }));

  return app;
}

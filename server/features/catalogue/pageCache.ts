// Public pages from memory. A server-rendered page costs ~20 ms of the one
// thread (its API calls in-process, React's render); under a crowd that capped the home page at
// ~44 requests/s. Now each page is rendered once per version of the data it shows and kept with
// its brotli and gzip forms, so a visitor gets bytes that already exist.
//
// The version is one database row (page_data_version) that every committed write to a table a
// public page reads moves, by triggers — so a write by this process, another process on the same
// PostgreSQL database, a CSV import or a hand-made SQL statement all show on the next request.
// Reading the version before rendering makes a kept page never older than its version: the data
// are read after it, so they are at least that new. A request compares the current version with
// the page's and renders again when they differ.
//
// What else changes a page is time: a registration deadline passes, an early-bird price ends,
// a course's start date goes by, "today's" sessions move on. A page is kept at most until the
// next such moment in the catalogue, the next Tehran midnight, or a minute (seat holds of
// unfinished payments lapse, the footer's year turns), whichever comes first.
//
// Only what the server render produced is kept (it renders the public layout alone: the
// dashboard and the admin panel are never rendered, and a rendered page holds nothing of the
// visitor — the islands fetch that in the browser).
import { createHash } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import { isPostgres, type Database, type DB } from '../../platform/db';
import { academyDayOf, academyDayStart, nextDay } from '../../../schema/rules/calendar';
import { earlyBirdEndsAt, earlyBirdHoldsAfterUntilMs } from '../commerce/port';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded, type EncodedBody } from '../../platform/encoding';

/**
 * Tables no public page reads, each with why: writes to them leave the kept pages alone (a
 * sign-in, a cart, a sent SMS must not make every page render again). Every other table, also
 * one added later, moves the version: forgetting a table here costs renders, never a stale page.
 */
export const tablesNoPageReads: Partial<Record<keyof Database, string>> = {
  users: 'accounts; teachers shown on pages are their own table',
  sessions: 'sign-in sessions',
  login_attempts: 'sign-in limits',
  sign_in_alerts: 'wrong-password warnings',
  one_time_codes: 'SMS codes',
  password_resets: 'reset links',
  children: "a learner's family",
  cart_items: "a learner's cart (seats are held by orders, which do move the version)",
  cart_coupons: "a coupon typed in a learner's cart",
  coupons: 'coupons are applied in the cart, never shown on a page',
  sibling_discounts: 'applied in the cart',
  payment_attempts: 'gateway calls',
  invoice_sequence: 'invoice numbers',
  attendance: 'roll calls',
  contact_messages: 'the inbox',
  notifications: 'the SMS and mail queue',
  audit_log: "the admins' history",
  saved_views: "admins' saved list views",
  list_changes: 'the admin search index',
  list_pruned: 'the admin search index',
  list_search: 'the admin search index',
  list_search_meta: 'the admin search index',
  page_data_version: 'the version itself',
};

/** Kysely's own bookkeeping and SQLite's. */
const infrastructure = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);

const triggerVersion = 1;
const triggerPrefix = `page_version_v${triggerVersion}_`;

const tableName = /^[a-z_][a-z0-9_]*$/;
const isUnreadByPages = (table: string): boolean =>
  infrastructure.has(table) || Object.keys(tablesNoPageReads).includes(table);

/**
 * Makes the triggers that move the version (idempotent; run at start after the migrations, as
 * prepareListSearch does, so a table added by a later migration gets them on the next start).
 */
export async function preparePageVersion(db: DB): Promise<void> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !isUnreadByPages(name));
  for (const table of tables) if (!tableName.test(table)) throw new Error(`unexpected table name ${table}`);
  if (isPostgres(db)) return preparePostgres(db, tables);

  const existing = await sql<{ name: string; tbl_name: string }>`select ${sql.ref('name')}, ${sql.ref('tbl_name')} from ${sql.table('sqlite_master')}
    where ${sql.ref('type')} = 'trigger' and ${sql.ref('name')} like 'page\_version\_%' escape '\\'`.execute(db);
  // A table that no page reads any more, or triggers of an older version, stop moving it.
  for (const trigger of existing.rows) {
    if (!trigger.name.startsWith(triggerPrefix) || isUnreadByPages(trigger.tbl_name)) {
      await sql`drop trigger if exists ${sql.id(trigger.name)}`.execute(db);
    }
  }
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`create trigger if not exists ${sql.id(`${triggerPrefix}${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update ${sql.table('page_data_version')} set ${sql.ref('version')} = ${sql.ref('version')} + 1; end`.execute(db);
    }
  }
}

/**
 * PostgreSQL: a deferred constraint trigger, so the version row is locked only at commit, after
 * every other lock the transaction takes (an immediate one would hold it from the first write and
 * could deadlock two transactions that also lock each other's rows), and moved once per
 * transaction however many rows it wrote.
 */
async function preparePostgres(db: DB, tables: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Processes starting together on one database take turns.
    await sql`select pg_advisory_xact_lock(${0x9a6e})`.execute(trx);
    await sql`create or replace function page_version_bump() returns trigger language plpgsql as $$
      begin
        if current_setting('academy.page_version_moved', true) is distinct from txid_current()::text then
          perform set_config('academy.page_version_moved', txid_current()::text, true);
          update page_data_version set version = version + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(trx);
    const existing = await sql<{ tgname: string; relname: string }>`select t.tgname, c.relname from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and t.tgname like 'page\_version\_%'`.execute(trx);
    const name = (table: string) => `${triggerPrefix}${table}`;
    for (const trigger of existing.rows) {
      if (trigger.tgname !== name(trigger.relname) || isUnreadByPages(trigger.relname)) {
        await sql`drop trigger if exists ${sql.id(trigger.tgname)} on ${sql.table(trigger.relname)}`.execute(trx);
      }
    }
    const present = new Set(existing.rows.map((trigger) => trigger.tgname));
    for (const table of tables) {
      if (present.has(name(table))) continue;
      await sql`create constraint trigger ${sql.id(name(table))} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function page_version_bump()`.execute(trx);
    }
  });
}

const versionQueries = new WeakMap<DB, CompiledQuery<{ version: number | string }>>();

/** The current version of what the public pages show (one indexed row; compiled once). */
export async function pageDataVersion(db: DB): Promise<string> {
  let query = versionQueries.get(db);
  if (!query) {
    query = sql<{ version: number | string }>`select ${sql.ref('version')} from ${sql.table('page_data_version')} where ${sql.ref('id')} = 1`.compile(db);
    versionQueries.set(db, query);
  }
  const row = (await db.executeQuery(query)).rows[0];
  return String(row?.version ?? 'none');
}

const longestKeptMs = 60_000;

/**
 * The next moment the catalogue changes by itself: a registration deadline, a start date, the
 * end of an early-bird day (server/features/commerce/discounts.ts), Tehran's next midnight. Dates
 * are stored as ISO instants (toISOString), which compare as text in time order, so the database
 * finds the smallest of each without sending the courses here (100,000 of them took ~150 ms).
 */
async function nextTimeChange(db: DB, now: number): Promise<number> {
  const instant = (ms: number) => new Date(ms).toISOString();
  const row = await db
    .selectFrom('courses')
    .select((eb) => [
      eb.fn.min(eb.case().when('registrationDeadline', '>', instant(now)).then(eb.ref('registrationDeadline')).end()).as('deadline'),
      eb.fn.min(eb.case().when('timeOfHolding', '>', instant(now)).then(eb.ref('timeOfHolding')).end()).as('start'),
      eb.fn.min(eb.case().when('earlyBirdUntil', '>', instant(now - earlyBirdHoldsAfterUntilMs)).then(eb.ref('earlyBirdUntil')).end()).as('earlyBird'),
    ])
    .where('inActive', '=', 0)
    .executeTakeFirst();
  const earlyBirdEnd = row?.earlyBird ? earlyBirdEndsAt(row.earlyBird) : Number.NaN;
  let next = academyDayStart(nextDay(academyDayOf(now))).getTime();
  for (const moment of [Date.parse(row?.deadline ?? ''), Date.parse(row?.start ?? ''), earlyBirdEnd]) {
    if (moment > now && moment < next) next = moment;
  }
  return next;
}

export type KeptAnswer =
  | { kind: 'page'; body: EncodedBody; etag: string }
  | { kind: 'redirect'; location: string };

interface Entry {
  version: string;
  until: number;
  answer: Promise<KeptAnswer | null>;
  bytes: number;
}

/**
 * The rendered answers by address (path and query), newest use last. Bounded by count and by
 * bytes: addresses with made-up query strings only push the oldest pages out.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly db: DB,
    private readonly limits = { entries: 2_000, bytes: 64 * 1024 * 1024 },
    private readonly clock = () => Date.now(),
  ) {}

  /**
   * The answer for `url`, rendered by `render` when none is kept for the current version or its
   * time has passed; requests arriving meanwhile wait for the same render. `render` answers null
   * for what is not to be kept (the shell, a failed render): that is rendered per request.
   */
  async get(url: string, render: () => Promise<KeptAnswer | null>): Promise<KeptAnswer | null> {
    const version = await this.currentVersion();
    const now = this.clock();
    const kept = this.entries.get(url);
    if (kept && kept.version === version && kept.until > now) {
      // Most recently used last, so the oldest is dropped first.
      this.entries.delete(url);
      this.entries.set(url, kept);
      return kept.answer;
    }
    if (kept) this.remove(url, kept);
    const entry: Entry = { version, until: Number.POSITIVE_INFINITY, answer: Promise.resolve(null), bytes: 0 };
    entry.answer = (async () => {
      const [answer, until] = await Promise.all([render(), this.keptUntil(version, now)]);
      entry.until = until;
      if (!answer) this.remove(url, entry);
      else this.account(url, entry, answer.kind === 'page' ? answer.body.identity.length : answer.location.length);
      return answer;
    })();
    entry.answer.catch(() => this.remove(url, entry));
    this.entries.set(url, entry);
    return entry.answer;
  }

  private moment: { version: string; next: Promise<number> } | null = null;

  /**
   * Until when a page rendered now may be kept: the catalogue's next moment, worked out once per
   * version of the data (and again once that moment has passed), not for every page rendered,
   * and never later than a minute from now.
   */
  private async keptUntil(version: string, now: number): Promise<number> {
    let moment = this.moment;
    if (!moment || moment.version !== version || (await moment.next) <= now) {
      const fresh = { version, next: nextTimeChange(this.db, now) };
      fresh.next.catch(() => {
        if (this.moment === fresh) this.moment = null;
      });
      this.moment = moment = fresh;
    }
    return Math.min(now + longestKeptMs, await moment.next);
  }

  private nextRead: Promise<string> | null = null;

  /**
   * The version, read once for every request that arrived before the read starts: the read is
   * made on the next turn of the event loop, so it still follows each of those requests (and sees
   * every write committed before any of them arrived). Under a crowd one query then serves many
   * requests, which matters on PostgreSQL, where each is a round trip.
   */
  private currentVersion(): Promise<string> {
    if (!this.nextRead) {
      this.nextRead = new Promise((resolve, reject) => {
        setImmediate(() => {
          this.nextRead = null;
          pageDataVersion(this.db).then(resolve, reject);
        });
      });
    }
    return this.nextRead;
  }

  /** How many answers are kept (for the tests and the bench). */
  get size(): number {
    return this.entries.size;
  }

  private account(url: string, entry: Entry, bytes: number): void {
    // Dropped while it rendered (pushed out, or a newer version came): nothing is kept.
    if (this.entries.get(url) !== entry) return;
    entry.bytes = bytes * 2; // its brotli and gzip forms come on top, well under its own size
    this.bytes += entry.bytes;
    for (const [url, oldest] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      if (oldest !== entry) this.remove(url, oldest);
    }
  }

  private remove(url: string, entry: Entry): void {
    if (this.entries.get(url) !== entry) return;
    this.entries.delete(url);
    this.bytes -= entry.bytes;
  }
}

/** A strong validator of a page's bytes, for `If-None-Match`. */
export const etagOf = (html: Buffer): string => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

/**
 * Sends a kept page: 304 when the browser has these bytes, else the encoding it prefers, made
 * once per page (the route's @fastify/compress leaves an answer with an encoding alone).
 */
export async function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: Extract<KeptAnswer, { kind: 'page' }>) {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding').header('ETag', page.etag);
  const validators = request.headers['if-none-match'];
  if (typeof validators === 'string' && validators.split(',').some((each) => each.trim().replace(/^W\//, '') === page.etag)) {
    return reply.code(304).send();
  }
  return sendEncoded(request, reply, page.body);
}

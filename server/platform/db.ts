// The database: Kysely over better-sqlite3 by default, or over PostgreSQL (`pg` pool) when a
// connection URL is configured. Rows keep SQL-portable types (booleans as 0/1, instants as
// ISO-8601 UTC text) so the same migrations and queries run on both.
import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, type CompiledQuery, PostgresDialect, SqliteDialect, sql, type Generated, type SqliteDatabase, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index';

export interface UsersTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: string;
  passwordHash: string;
  role: number;
  isLockout: number;
  lastLogin: string | null;
  createdAt: string;
  tokenVersion: number;
}
export interface CategoriesTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  name: string;
  slug: string;
  inActive: number;
  coverImage: string;
}
export interface TeachersTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  /** The public page's address (/teachers/<slug>), unique; backfilled for older rows (g004). */
  slug: Generated<string>;
  fullName: string;
  skill: string;
  descirption: string;
  coverImage: string;
}
export interface CoursesTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  title: string;
  slug: string;
  durationInHours: number;
  timeOfHolding: string | null;
  registrationDeadline: string | null;
  priceInTomans: number;
  /** Issue 15: charged instead of priceInTomans until the end of earlyBirdUntil's day (0 = none). */
  earlyBirdPriceInTomans: Generated<number>;
  earlyBirdUntil: Generated<string | null>;
  description: string;
  coverImage: string;
  coverVideo: string;
  headings: string;
  prerequisite: string;
  techerId: number;
  categoryId: number;
  difficulty: string;
  type: string;
  inActive: number;
  createdAt: string;
  /** Classes (g003): the last session's date; ages in years (0 = no bound); seats (0 = unlimited). */
  lastSessionDate: string | null;
  ageMin: Generated<number>;
  ageMax: Generated<number>;
  capacity: Generated<number>;
  address: Generated<string>;
  room: Generated<string>;
  /** Never public: enrolled learners (their dashboard) and admins only. */
  classLink: Generated<string>;
}
/** A course's weekly pattern (schema/courseSlots.ts): weekday 0 = Saturday … 6 = Friday, times 'HH:MM'. */
export interface CourseSlotsTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: number;
  weekday: number;
  startTime: string;
  endTime: string;
}
/** A course's dated sessions (schema/classSessions.ts). */
export interface ClassSessionsTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: number;
  date: string | null;
  startTime: string;
  endTime: string;
  status: 'scheduled' | 'cancelled';
  movedFrom: string | null;
  room: string;
  note: string;
  /** 'pattern': made from the weekly slots and kept in sync with them; 'manual': added by hand. */
  origin: Generated<'manual' | 'pattern'>;
}
/** Academy-wide days off (schema/holidays.ts): no pattern session is made on them. */
export interface HolidaysTable {
  id: Generated<number>;
  version: Generated<number>;
  date: string | null;
  title: string;
}
/** Migration 015: a child's presence at one class session (schema/attendance.ts). */
export interface AttendanceTable {
  id: Generated<number>;
  version: Generated<number>;
  sessionId: number;
  childId: number;
  /** The enrolment the roll was made from (0 when none). */
  enrollmentId: Generated<number>;
  status: Generated<AttendanceStatus>;
  note: Generated<string>;
  /** The admin who last marked it (0 until marked). */
  takenBy: Generated<number>;
  takenAt: string | null;
}
export type AttendanceStatus = 'unmarked' | 'present' | 'absent' | 'excused';
export interface ArticlesTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  author: string;
  name: string;
  body: string;
  image: string;
  slug: string;
  createdAt: string;
}
export interface ChildrenTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  userId: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  grade: string;
}
export interface CartItemsTable {
  id: Generated<number>;
  userId: number;
  childId: number;
  courseId: number;
  createdAt: string;
}
/**
 * pending: awaiting payment (at most one per learner); paid; refundDue: paid but nothing was left
 * to enrol, so the whole amount is owed back; expired: set aside by a newer checkout (a late
 * payment of it is still verified); cancelled: the payer left the gateway; failed: refused.
 */
/** refunded: paid back in full (gateway or manual refund, migration 008). */
export type OrderStatus = 'pending' | 'paid' | 'refundDue' | 'expired' | 'cancelled' | 'failed' | 'refunded';
export interface OrdersTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  userId: number;
  status: OrderStatus;
  totalInTomans: number;
  /** The part of a verified payment that bought nothing and is owed back (migration 006). */
  refundDueInTomans: Generated<number>;
  authority: string | null;
  refId: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Migration 008: 0 until coupons exist. */
  discountInTomans: Generated<number>;
  /** The payer's masked card as the gateway's verify answered it (migration 008). */
  cardPan: string | null;
  /** Paid back so far, by the gateway or by hand (migration 008). */
  refundedInTomans: Generated<number>;
  refundedAt: string | null;
  /** Migration 018 (issue 15): the coupon used (0 = none), as typed; the invoice number once paid. */
  couponId: Generated<number>;
  couponCode: Generated<string>;
  invoiceNumber: Generated<number | null>;
  /** Migration 021: when a refund through the gateway went unanswered; null once refunded. */
  refundUnconfirmedAt: Generated<string | null>;
}
export interface OrderItemsTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  orderId: number;
  childId: number;
  courseId: number;
  priceInTomans: number;
  childName: string;
  courseTitle: string;
  /** Migration 018 (issue 15): the price before discounts and each discount taken off the line. */
  listPriceInTomans: Generated<number>;
  earlyBirdDiscountInTomans: Generated<number>;
  siblingDiscountInTomans: Generated<number>;
  couponDiscountInTomans: Generated<number>;
}
/** Discount codes (schema/coupons.ts; issue 15). */
export interface CouponsTable {
  id: Generated<number>;
  version: Generated<number>;
  code: string;
  kind: string;
  percent: number;
  amountInTomans: number;
  categoryId: number;
  courseId: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number;
  maxUsesPerLearner: number;
  inActive: number;
}
/** The sibling discount's rules (schema/siblingDiscounts.ts; issue 15). */
export interface SiblingDiscountsTable {
  id: Generated<number>;
  version: Generated<number>;
  fromChild: number;
  percent: number;
  inActive: number;
}
/** The last invoice number given (migration 018): one row, id 1. */
export interface InvoiceSequenceTable {
  id: number;
  last: number;
}
/** The coupon a learner entered in their cart (migration 018). */
export interface CartCouponsTable {
  userId: number;
  code: string;
  appliedAt: string;
}
export interface EnrollmentsTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  childId: number;
  courseId: number;
  orderId: number | null;
  enrolledAt: string;
  /** Migration 008: a cancelled enrolment is kept as the record of what was paid for. */
  status: Generated<EnrollmentStatus>;
  cancelledAt: Generated<string | null>;
  /** Migration 012: the course its order line paid for, once the child was moved from it. */
  paidCourseId: Generated<number | null>;
}
export type EnrollmentStatus = 'active' | 'cancelled';
/** A child waiting for a seat in a full course (migration 014; server/features/commerce/seats.ts). */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: number;
  childId: number;
  status: Generated<WaitlistStatus>;
  joinedAt: string;
  offeredAt: string | null;
  /** While offered: the end of the hold on the freed seat. */
  holdUntil: string | null;
  /** Place among those waiting (1 = next); 0 once offered, enrolled or off the list. */
  position: Generated<number>;
}
export type WaitlistStatus = 'waiting' | 'offered' | 'enrolled' | 'expired' | 'left';
export type PaymentAttemptKind = 'request' | 'verify' | 'refund' | 'manualRefund' | 'reverse';
export type PaymentAttemptOutcome = 'ok' | 'unpaid' | 'refused' | 'unreachable' | 'unreadable';
/** Every call to the gateway about an order, and manual refunds (migration 008). */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  version: Generated<number>;
  orderId: number;
  kind: PaymentAttemptKind;
  outcome: PaymentAttemptOutcome;
  amountInTomans: number;
  authority: string | null;
  refId: string | null;
  cardPan: string | null;
  at: string;
}
export interface ContactMessagesTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  fullName: string;
  phoneNumber: string;
  emailAddress: string;
  message: string;
  createdAt: string;
  /** 'new', 'read', 'answered', 'archived' (schema/messages.ts); 'new' by default. */
  status: Generated<string>;
  /** The admins' internal note. */
  note: Generated<string>;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: number;
  userName: string;
  entity: string;
  recordId: number;
  action: 'create' | 'update' | 'delete' | 'revert';
  before: string | null;
  after: string | null;
  /** The record action that wrote the entry (server/engine/audit.ts AuditVia as JSON); null for an edit. */
  via: Generated<string | null>;
}
export interface AttemptsTable {
  id: Generated<number>;
  bucket: string;
  at: string;
}

/** One sign-in (migration 005); its id is the token's `sid`. */
export interface SessionsTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  endedBy: string | null;
  userAgent: string;
  address: string;
}

/** A one-time password reset link (migration 009); only its token's hash is kept. */
export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  createdBy: number;
}

/** A one-time code sent by SMS (migration 016); only its keyed hash is kept. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  phoneNumber: string;
  purpose: string;
  codeHash: string;
  salt: string;
  createdAt: string;
  expiresAt: string;
  tries: Generated<number>;
  usedAt: string | null;
}

export interface SignInAlertsTable {
  userId: number;
  failures: number;
  lastFailureAt: string;
}

/** The media library (migration 010): one row per stored file. */
export interface MediaTable {
  id: Generated<number>;
  kind: 'images' | 'videos';
  storedName: string;
  originalName: string;
  size: number;
  type: string;
  uploadedAt: string;
  uploaderId: number | null;
}

export interface SavedViewsTable {
  id: Generated<number>;
  userId: number;
  entity: string;
  name: string;
  query: string;
  createdAt: string;
}

export interface ListChangesTable {
  seq: Generated<number>;
  tbl: string;
  rowId: number;
}
export interface ListSearchTable {
  tbl: string;
  id: number;
  text: string;
}
export interface ListSearchMetaTable {
  tbl: string;
  signature: string;
}
export interface ListPrunedTable {
  tbl: string;
  below: number;
}

export type NotificationEvent = 'enrolled' | 'paymentFailed' | 'seatOffered' | 'classTomorrow' | 'sessionMoved' | 'sessionCancelled';
export type NotificationChannel = 'sms' | 'email';
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** Migration 017: one message to one recipient on one channel (server/features/messaging/notifications.ts). */
export interface NotificationsTable {
  id: Generated<number>;
  version: Generated<number>;
  /** event + subject + recipient + channel: the same event never queues twice. */
  dedupeKey: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  userId: number;
  /** The phone number or e-mail address as it was when queued. */
  address: string;
  subject: Generated<string>;
  body: string;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** While `sending`: after this instant a worker that died is presumed dead and it is claimed again. */
  leaseUntil: string | null;
  /** The claim's own token, so a worker whose lease was taken over cannot record over the new one. */
  claimToken: string | null;
  lastError: Generated<string>;
  providerId: Generated<string>;
  sentAt: string | null;
  createdAt: string;
}
/** Issue 16: one row, the version of what the public pages show (server/features/catalogue/pageCache.ts). */
export interface PageDataVersionTable {
  id: number;
  version: number | string;
}
export interface Database {
  users: UsersTable;
  categories: CategoriesTable;
  teachers: TeachersTable;
  courses: CoursesTable;
  course_slots: CourseSlotsTable;
  class_sessions: ClassSessionsTable;
  holidays: HolidaysTable;
  attendance: AttendanceTable;
  articles: ArticlesTable;
  children: ChildrenTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  enrollments: EnrollmentsTable;
  waitlist_entries: WaitlistEntriesTable;
  payment_attempts: PaymentAttemptsTable;
  contact_messages: ContactMessagesTable;
  login_attempts: AttemptsTable;
  sign_in_alerts: SignInAlertsTable;
  saved_views: SavedViewsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  one_time_codes: OneTimeCodesTable;
  audit_log: AuditLogTable;
  list_changes: ListChangesTable;
  list_pruned: ListPrunedTable;
  list_search: ListSearchTable;
  list_search_meta: ListSearchMetaTable;
  media: MediaTable;
  notifications: NotificationsTable;
  coupons: CouponsTable;
  sibling_discounts: SiblingDiscountsTable;
  invoice_sequence: InvoiceSequenceTable;
  cart_coupons: CartCouponsTable;
  page_data_version: PageDataVersionTable;
}

export type DB = Kysely<Database>;

export function openDatabase(file: string): DB {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits, and survives crashes without a rollback
  // journal rewrite. With WAL, synchronous=NORMAL is still crash-safe for the database file
  // (only the last commits before a power loss may be lost, never corruption) and saves an
  // fsync per commit, which is what makes many small writes fast.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a backup, a second server on the same file) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
}

/**
 * better-sqlite3 for Kysely, with prepared statements kept by their SQL text (the 256 most
 * recently used): Kysely prepares every query anew, and preparing was a large part of a short
 * request's cost (the token's user and the list cache's change marker, on every list call).
 * Parameters are bound per run, so a kept statement is as safe as a new one; one still being
 * iterated (a streamed select) is never handed out twice.
 */
function keepingStatements(sqlite: SQLite.Database, size = 256): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        kept.delete(text); // re-inserted below: the Map's order is the recency order
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      kept.set(text, fresh);
      if (kept.size > size) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      return fresh;
    },
  };
}

/**
 * PostgreSQL answers bigint columns and count(*) as strings (they may exceed 2^53); every bigint
 * here (prices in tomans, counts) fits a double, and SQLite already answers numbers, so both
 * dialects hand the code the same types.
 */
const pgTypes = new pg.TypeOverrides();
pgTypes.setTypeParser(pg.types.builtins.INT8, 'text', (value: string) => Number(value));

export function openPostgres(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)): DB {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle connection the server ends (a restart, a failover, a dropped database) is replaced by
  // the pool on the next query; unheard, its error would end the whole process.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** PostgreSQL when a URL is given, else the SQLite file. */
export function openConfiguredDatabase(target: { databaseUrl?: string; databaseFile: string }): DB {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openDatabase(target.databaseFile);
}

export const isPostgres = (db: DB | Transaction<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Holds, until the transaction ends, a lock that orders first-start seeding across processes:
 * under PostgreSQL's read-committed isolation two servers starting together would both see an
 * empty users table. SQLite's single writer already serialises them.
 */
export async function lockForSeeding(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${0x5eed})`.execute(trx);
}

/**
 * A marker that moves whenever the SQLite database changes: total_changes() counts this
 * connection's writes, data_version moves on commits by any other connection or process. Null on
 * PostgreSQL, where other processes write and no such cheap marker exists.
 */
export async function changeMarker(db: DB): Promise<string | null> {
  if (isPostgres(db)) return null;
  let query = markerQueries.get(db);
  if (!query) {
    // Compiled once per database: it is read on every list call and every access check.
    query = sql<{ c: number; v: number }>`select total_changes() as c, (select data_version from pragma_data_version) as v`.compile(db);
    markerQueries.set(db, query);
  }
  const row = (await db.executeQuery(query)).rows[0];
  return row ? `${row.c}:${row.v}` : null;
}

const markerQueries = new WeakMap<DB, CompiledQuery<{ c: number; v: number }>>();

/**
 * The change marker as one request sees it, read once however many steps of its handling ask
 * (the access check, then the list cache). Reading it early and using it later is safe: what
 * is kept under a marker is read after that marker, so it is never older than the marker says.
 */
export function requestChangeMarker(db: DB, request: object): Promise<string | null> {
  let marker = requestMarkers.get(request);
  if (!marker) {
    marker = changeMarker(db);
    requestMarkers.set(request, marker);
  }
  return marker;
}

const requestMarkers = new WeakMap<object, Promise<string | null>>();

export async function migrate(db: DB): Promise<void> {
  // Unordered: a hand-written 00N_ migration may land after generated g00N_ ones already ran.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` in ${failed.migrationName}` : ''}`, { cause: error });
  }
}

export const nowIso = (): string => new Date().toISOString();

/** A row as the generic engine handles it: column names to stored values. */
export type Row = Record<string, unknown>;
/** The database or a transaction in it: what a query runs on. */
export type Executor = Kysely<Database> | Transaction<Database>;

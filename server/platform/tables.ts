// The database's tables as Kysely sees them: the entities' tables, written by hand for now (the
// schemas' tables restated), and the Database that names every table (serverTables.ts: the rest).
import type { Generated } from 'kysely';
import type { ContactMessagesTable, AuditLogTable, AttemptsTable, SessionsTable, PasswordResetsTable, OneTimeCodesTable, SignInAlertsTable, MediaTable, SavedViewsTable, ListChangesTable, ListSearchTable, ListSearchMetaTable, ListPrunedTable, NotificationsTable, PageDataVersionTable } from './serverTables';

export * from './serverTables';

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
  /** Charged instead of priceInTomans until the end of earlyBirdUntil's day (0 = none). */
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
  /** Migration 018: the coupon used (0 = none), as typed; the invoice number once paid. */
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
  /** Migration 018: the price before discounts and each discount taken off the line. */
  listPriceInTomans: Generated<number>;
  earlyBirdDiscountInTomans: Generated<number>;
  siblingDiscountInTomans: Generated<number>;
  couponDiscountInTomans: Generated<number>;
}
/** Discount codes (schema/coupons.ts). */
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
/** The sibling discount's rules (schema/siblingDiscounts.ts). */
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

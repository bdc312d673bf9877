// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// The entity tables as Kysely sees them (codegen/tableTypes.ts); the server's other tables are
// written by hand in server/platform/serverTables.ts.
import type { Generated } from 'kysely';

/** schema/articles.ts */
export interface ArticlesTable {
  id: Generated<number>;
  version: Generated<number>;
  author: string;
  name: string;
  body: Generated<string>;
  image: Generated<string>;
  createdAt: string;
  slug: string;
}
/** schema/attendance.ts (a table the server makes) */
export interface AttendanceTable {
  id: Generated<number>;
  version: Generated<number>;
  childId: number;
  sessionId: number;
  status: Generated<'unmarked' | 'present' | 'absent' | 'excused'>;
  note: Generated<string>;
  takenBy: Generated<number>;
  takenAt: string | null;
  enrollmentId: Generated<number>;
}
/** schema/categories.ts */
export interface CategoriesTable {
  id: Generated<number>;
  version: Generated<number>;
  name: string;
  inActive: Generated<number>;
  coverImage: Generated<string>;
  slug: string;
}
/** schema/children.ts (a table the server makes) */
export interface ChildrenTable {
  id: Generated<number>;
  version: Generated<number>;
  firstName: string;
  lastName: string;
  userId: number;
  birthDate: string | null;
  grade: string;
}
/** schema/classSessions.ts */
export interface ClassSessionsTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: Generated<number>;
  date: string | null;
  startTime: Generated<'07:00' | '07:15' | '07:30' | '07:45' | '08:00' | '08:15' | '08:30' | '08:45' | '09:00' | '09:15' | '09:30' | '09:45' | '10:00' | '10:15' | '10:30' | '10:45' | '11:00' | '11:15' | '11:30' | '11:45' | '12:00' | '12:15' | '12:30' | '12:45' | '13:00' | '13:15' | '13:30' | '13:45' | '14:00' | '14:15' | '14:30' | '14:45' | '15:00' | '15:15' | '15:30' | '15:45' | '16:00' | '16:15' | '16:30' | '16:45' | '17:00' | '17:15' | '17:30' | '17:45' | '18:00' | '18:15' | '18:30' | '18:45' | '19:00' | '19:15' | '19:30' | '19:45' | '20:00' | '20:15' | '20:30' | '20:45' | '21:00' | '21:15' | '21:30' | '21:45' | '22:00'>;
  endTime: Generated<'07:00' | '07:15' | '07:30' | '07:45' | '08:00' | '08:15' | '08:30' | '08:45' | '09:00' | '09:15' | '09:30' | '09:45' | '10:00' | '10:15' | '10:30' | '10:45' | '11:00' | '11:15' | '11:30' | '11:45' | '12:00' | '12:15' | '12:30' | '12:45' | '13:00' | '13:15' | '13:30' | '13:45' | '14:00' | '14:15' | '14:30' | '14:45' | '15:00' | '15:15' | '15:30' | '15:45' | '16:00' | '16:15' | '16:30' | '16:45' | '17:00' | '17:15' | '17:30' | '17:45' | '18:00' | '18:15' | '18:30' | '18:45' | '19:00' | '19:15' | '19:30' | '19:45' | '20:00' | '20:15' | '20:30' | '20:45' | '21:00' | '21:15' | '21:30' | '21:45' | '22:00'>;
  status: Generated<'scheduled' | 'cancelled'>;
  movedFrom: string | null;
  room: Generated<string>;
  note: Generated<string>;
  origin: Generated<'manual' | 'pattern'>;
}
/** schema/coupons.ts */
export interface CouponsTable {
  id: Generated<number>;
  version: Generated<number>;
  code: string;
  kind: Generated<'percent' | 'amount'>;
  percent: Generated<number>;
  amountInTomans: Generated<number>;
  categoryId: Generated<number>;
  courseId: Generated<number>;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: Generated<number>;
  maxUsesPerLearner: Generated<number>;
  inActive: Generated<number>;
}
/** schema/courseSlots.ts */
export interface CourseSlotsTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: Generated<number>;
  weekday: Generated<number>;
  startTime: Generated<'07:00' | '07:15' | '07:30' | '07:45' | '08:00' | '08:15' | '08:30' | '08:45' | '09:00' | '09:15' | '09:30' | '09:45' | '10:00' | '10:15' | '10:30' | '10:45' | '11:00' | '11:15' | '11:30' | '11:45' | '12:00' | '12:15' | '12:30' | '12:45' | '13:00' | '13:15' | '13:30' | '13:45' | '14:00' | '14:15' | '14:30' | '14:45' | '15:00' | '15:15' | '15:30' | '15:45' | '16:00' | '16:15' | '16:30' | '16:45' | '17:00' | '17:15' | '17:30' | '17:45' | '18:00' | '18:15' | '18:30' | '18:45' | '19:00' | '19:15' | '19:30' | '19:45' | '20:00' | '20:15' | '20:30' | '20:45' | '21:00' | '21:15' | '21:30' | '21:45' | '22:00'>;
  endTime: Generated<'07:00' | '07:15' | '07:30' | '07:45' | '08:00' | '08:15' | '08:30' | '08:45' | '09:00' | '09:15' | '09:30' | '09:45' | '10:00' | '10:15' | '10:30' | '10:45' | '11:00' | '11:15' | '11:30' | '11:45' | '12:00' | '12:15' | '12:30' | '12:45' | '13:00' | '13:15' | '13:30' | '13:45' | '14:00' | '14:15' | '14:30' | '14:45' | '15:00' | '15:15' | '15:30' | '15:45' | '16:00' | '16:15' | '16:30' | '16:45' | '17:00' | '17:15' | '17:30' | '17:45' | '18:00' | '18:15' | '18:30' | '18:45' | '19:00' | '19:15' | '19:30' | '19:45' | '20:00' | '20:15' | '20:30' | '20:45' | '21:00' | '21:15' | '21:30' | '21:45' | '22:00'>;
}
/** schema/courses.ts */
export interface CoursesTable {
  id: Generated<number>;
  version: Generated<number>;
  title: string;
  durationInHours: Generated<number>;
  timeOfHolding: string | null;
  lastSessionDate: string | null;
  registrationDeadline: string | null;
  priceInTomans: Generated<number>;
  earlyBirdPriceInTomans: Generated<number>;
  earlyBirdUntil: string | null;
  type: Generated<'online' | 'offline'>;
  inActive: Generated<number>;
  difficulty: Generated<'' | 'introductory' | 'advanced' | 'bootcamps'>;
  techerId: Generated<number>;
  categoryId: Generated<number>;
  prerequisite: Generated<string>;
  ageMin: Generated<number>;
  ageMax: Generated<number>;
  capacity: Generated<number>;
  address: Generated<string>;
  room: Generated<string>;
  classLink: Generated<string>;
  coverImage: Generated<string>;
  coverVideo: Generated<string>;
  description: Generated<string>;
  headings: Generated<string>;
  createdAt: string;
  slug: string;
}
/** schema/enrollments.ts (a table the server makes) */
export interface EnrollmentsTable {
  id: Generated<number>;
  version: Generated<number>;
  childId: number;
  courseId: number;
  orderId: number | null;
  enrolledAt: string;
  status: Generated<'active' | 'cancelled'>;
  cancelledAt: string | null;
  refundedInTomans: Generated<number>;
  paidCourseId: number | null;
}
/** schema/holidays.ts */
export interface HolidaysTable {
  id: Generated<number>;
  version: Generated<number>;
  date: string | null;
  endDate: string | null;
  title: string;
}
/** schema/messages.ts */
export interface ContactMessagesTable {
  id: Generated<number>;
  version: Generated<number>;
  fullName: Generated<string>;
  phoneNumber: Generated<string>;
  emailAddress: Generated<string>;
  message: Generated<string>;
  createdAt: string;
  status: Generated<'new' | 'read' | 'answered' | 'archived'>;
  note: Generated<string>;
}
/** schema/notifications.ts (a table the server makes) */
export interface NotificationsTable {
  id: Generated<number>;
  version: Generated<number>;
  event: 'enrolled' | 'paymentFailed' | 'paymentReturned' | 'seatOffered' | 'classTomorrow' | 'sessionMoved' | 'sessionCancelled' | 'contactReply' | 'enrolmentCancelled' | 'refunded';
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  channel: 'sms' | 'email';
  userId: number;
  contactMessageId: number | null;
  sentBy: number | null;
  address: string;
  body: string;
  attempts: Generated<number>;
  lastError: Generated<string>;
  providerId: Generated<string>;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
  dedupeKey: string;
  subject: Generated<string>;
  leaseUntil: string | null;
  claimToken: string | null;
}
/** schema/orderItems.ts (a table the server makes) */
export interface OrderItemsTable {
  id: Generated<number>;
  version: Generated<number>;
  orderId: number;
  courseTitle: string;
  childName: string;
  courseId: number;
  childId: number;
  listPriceInTomans: number;
  earlyBirdDiscountInTomans: Generated<number>;
  siblingDiscountInTomans: Generated<number>;
  couponDiscountInTomans: Generated<number>;
  priceInTomans: number;
}
/** schema/orders.ts (a table the server makes) */
export interface OrdersTable {
  id: Generated<number>;
  version: Generated<number>;
  userId: number;
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refundDue' | 'refunded';
  totalInTomans: number;
  discountInTomans: Generated<number>;
  couponId: Generated<number>;
  couponCode: Generated<string>;
  invoiceNumber: number | null;
  refundDueInTomans: Generated<number>;
  refundedInTomans: Generated<number>;
  paymentMethod: Generated<'online' | 'cash' | 'cardToCard' | 'free'>;
  refId: string | null;
  cardPan: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  refundUnconfirmedAt: string | null;
  refundRefusedAt: string | null;
  authority: string | null;
}
/** schema/paymentAttempts.ts (a table the server makes) */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  version: Generated<number>;
  orderId: number;
  kind: 'request' | 'verify' | 'refund' | 'manualRefund' | 'manualPayment' | 'reverse';
  outcome: 'ok' | 'unpaid' | 'refused' | 'unreachable' | 'unreadable';
  amountInTomans: number;
  authority: string | null;
  refId: string | null;
  cardPan: string | null;
  at: string;
}
/** schema/sessions.ts (a table the server makes) */
export interface SessionsTable {
  id: Generated<number>;
  version: Generated<number>;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  endedBy: string | null;
  userAgent: string;
  address: string;
  secondFactorAt: string | null;
  passkeyChallenge: string | null;
}
/** schema/siblingDiscounts.ts */
export interface SiblingDiscountsTable {
  id: Generated<number>;
  version: Generated<number>;
  fromChild: Generated<number>;
  percent: Generated<number>;
  inActive: Generated<number>;
}
/** schema/staffRoles.ts */
export interface StaffRolesTable {
  id: Generated<number>;
  version: Generated<number>;
  name: string;
  description: Generated<string>;
  grants: Generated<string>;
}
/** schema/teachers.ts */
export interface TeachersTable {
  id: Generated<number>;
  version: Generated<number>;
  fullName: string;
  skill: string;
  descirption: string;
  coverImage: string;
  slug: string;
}
/** schema/users.ts */
export interface UsersTable {
  id: Generated<number>;
  version: Generated<number>;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: Generated<string>;
  role: Generated<number>;
  staffRoleId: Generated<number>;
  teacherId: Generated<number>;
  isLockout: Generated<number>;
  lastLogin: string | null;
  passwordHash: string;
  createdAt: string;
  tokenVersion: Generated<number>;
}
/** schema/waitlist.ts (a table the server makes) */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  version: Generated<number>;
  courseId: number;
  position: Generated<number>;
  childId: number;
  status: Generated<'waiting' | 'offered' | 'enrolled' | 'expired' | 'left'>;
  joinedAt: string;
  offeredAt: string | null;
  holdUntil: string | null;
}
/** A many-to-many field's links: the record (ownerId) and each record chosen (targetId), each pair once. */
export interface CoursesAssistantTeacherIdsTable {
  id: Generated<number>;
  ownerId: number;
  targetId: number;
}

export interface EntityTables {
  articles: ArticlesTable;
  attendance: AttendanceTable;
  categories: CategoriesTable;
  children: ChildrenTable;
  class_sessions: ClassSessionsTable;
  coupons: CouponsTable;
  course_slots: CourseSlotsTable;
  courses: CoursesTable;
  enrollments: EnrollmentsTable;
  holidays: HolidaysTable;
  contact_messages: ContactMessagesTable;
  notifications: NotificationsTable;
  order_items: OrderItemsTable;
  orders: OrdersTable;
  payment_attempts: PaymentAttemptsTable;
  sessions: SessionsTable;
  sibling_discounts: SiblingDiscountsTable;
  staff_roles: StaffRolesTable;
  teachers: TeachersTable;
  users: UsersTable;
  waitlist_entries: WaitlistEntriesTable;
  courses_assistant_teacher_ids: CoursesAssistantTeacherIdsTable;
}

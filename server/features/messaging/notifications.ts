// Notifications that are never lost: a small queue in the database itself.
//
// Every event that tells a parent something (an enrolment confirmed, a payment failed, a seat
// offered from the waiting list, a class tomorrow, a session moved or cancelled, an enrolment
// cancelled, money paid back) writes its
// messages into `notifications` INSIDE the transaction of the change: the change and its message
// commit together or not at all, so neither a crash nor a rollback can leave one without the
// other. A row's `dedupeKey` (event + subject + recipient + channel) is unique, so an event that
// happens twice (a repeated verify, two sweeps at once, the reminder job run again) queues one.
//
// A worker in every server process claims due rows (`sending`, with a lease and a claim token;
// on PostgreSQL `FOR UPDATE SKIP LOCKED`, so several processes share the queue without waiting on
// each other or taking the same row; SQLite has one writer), sends each through `messaging` with
// the dedupeKey as the provider's idempotency key, and records the outcome. A transient
// DeliveryError queues it again after an exponential back-off, up to a number of attempts; a
// permanent one fails it at once. A worker killed after claiming leaves its rows `sending`: once
// their lease runs out another worker (or the restarted one) claims them again and sends them
// with the same key. The one window left: a message the provider accepted just before the kill
// is sent again after the lease — a provider that honours the key (Kavenegar's localid, an SMTP
// Message-ID the receiver checks) drops it; one that does not (the server log) shows it twice.
//
// Why not a job library: the maintained ones each serve one database — pg-boss and graphile-worker
// PostgreSQL only, BullMQ Redis — while the product runs on SQLite and PostgreSQL alike, and the
// message must be written by the caller's own Kysely transaction, which a library with its own
// connection cannot join on SQLite. The queue is one table and two statements.
import type { Transaction } from 'kysely';
import { nowIso, type Database, type DB, type NotificationChannel, type NotificationEvent } from '../../platform/db';
import { notificationSettings, type NotificationSettings } from '../../platform/config';
import { plugIn } from '../../engine/behaviours';
import { academyClock, academyDayOf, academyDayStart, jalaliMonthNames, jalaliWeekdayNames, weekdayOfDay } from '../../../schema/rules/calendar';
import { formatToman, toPersianDigits } from '../../../schema/rules/text';

type Executor = DB | Transaction<Database>;
type Trx = Transaction<Database>;

/** A child's seat in a course: what a seat message is about. */
export interface SeatLine {
  childId: number;
  courseId: number;
}

export { notificationSettings, type NotificationSettings };

/** From this hour (Tehran) on, tomorrow's classes are reminded: never a message at midnight. */
export const reminderHour = 16;

// ---------------------------------------------------------------------------------------------
// Texts: short (one or two SMS parts), Persian digits, Jalali dates in Tehran's calendar.

const pad = (n: number) => String(n).padStart(2, '0');
/** «۲ فروردین» (the Tehran day of an instant). */
function jalaliDay(iso: string): string {
  const { jm, jd } = academyDayOf(Date.parse(iso));
  return `${toPersianDigits(jd)} ${jalaliMonthNames[jm - 1] ?? ''}`;
}
/** «شنبه ۲ فروردین». */
function weekdayAndDay(iso: string): string {
  const weekday = weekdayOfDay(academyDayOf(Date.parse(iso)));
  return `${jalaliWeekdayNames[weekday] ?? ''} ${jalaliDay(iso)}`;
}
function dayAndTime(iso: string): string {
  const { hour, minute } = academyClock(Date.parse(iso));
  return `${jalaliDay(iso)} ساعت ${toPersianDigits(`${pad(hour)}:${pad(minute)}`)}`;
}
const clock = (hhmm: string) => toPersianDigits(hhmm);

export const notificationTexts = {
  enrolled: (child: string, course: string) => `ثبت‌نام ${child} در دوره «${course}» قطعی شد. خوش آمدید!`,
  paymentFailed: (orderId: number, child: string, course: string, more: number) =>
    `پرداخت سفارش ${toPersianDigits(orderId)} (${child}، «${course}»${more > 0 ? ` و ${toPersianDigits(more)} دوره دیگر` : ''}) ناموفق بود و ثبت‌نامی انجام نشد.`,
  paymentReturned: (orderId: number, amountInTomans: number) =>
    `پرداخت ${formatToman(amountInTomans)} برای سفارش ${toPersianDigits(orderId)} با مبلغ سفارش یکی نبود؛ ثبت‌نامی انجام نشد و این مبلغ به کارت شما بازگردانده می‌شود.`,
  seatOffered: (child: string, course: string, holdUntil: string) =>
    `صندلی دوره «${course}» برای ${child} خالی شد؛ تا ${dayAndTime(holdUntil)} فرصت پرداخت دارید.`,
  classTomorrow: (child: string, course: string, date: string, start: string) =>
    `یادآوری: کلاس «${course}» ${child} فردا ${weekdayAndDay(date)} ساعت ${clock(start)} است.`,
  sessionMoved: (child: string, course: string, from: string, to: string, start: string) =>
    `جلسه ${jalaliDay(from)} دوره «${course}» ${child} به ${weekdayAndDay(to)} ساعت ${clock(start)} منتقل شد.`,
  sessionCancelled: (child: string, course: string, date: string) => `جلسه ${weekdayAndDay(date)} دوره «${course}» ${child} لغو شد.`,
  enrolmentCancelled: (child: string, course: string) => `ثبت‌نام ${child} در دوره «${course}» لغو شد.`,
  refunded: (orderId: number, amountInTomans: number) => `${formatToman(amountInTomans)} از سفارش ${toPersianDigits(orderId)} به شما بازگردانده شد.`,
  subjects: {
    enrolled: 'ثبت‌نام قطعی شد',
    paymentFailed: 'پرداخت ناموفق',
    paymentReturned: 'بازگشت پرداخت',
    seatOffered: 'صندلی خالی در دوره',
    classTomorrow: 'یادآوری کلاس فردا',
    sessionMoved: 'جابه‌جایی جلسه',
    sessionCancelled: 'لغو جلسه',
    contactReply: 'پاسخ آکادمی به پیام شما',
    enrolmentCancelled: 'لغو ثبت‌نام',
    refunded: 'بازگشت وجه',
  } satisfies Record<NotificationEvent, string>,
  workerDied: 'کارگر ارسال پیش از ثبت نتیجه متوقف شد و تلاش‌ها به پایان رسید',
} as const;

// ---------------------------------------------------------------------------------------------
// Queueing (always inside the caller's transaction).

export interface Notice {
  event: NotificationEvent;
  /** What the event is about, stable across repeats of the same event (an order line, a session change). */
  subject: string;
  /** The parent told. */
  userId: number;
  text: string;
}

export const dedupeKey = (event: NotificationEvent, subject: string, userId: number, channel: NotificationChannel) =>
  `${event}:${subject}:u${userId}:${channel}`;

/**
 * Queues each notice as an SMS to the recipient's phone, and an e-mail when they gave an address.
 * A notice already queued (the same key) is left as it is.
 */
export async function enqueue(trx: Trx, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  // In parts: a reminder round can tell thousands of parents, and a statement takes only so many
  // values (SQLite 32,766, PostgreSQL 65,535; a message row is nine).
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const users = new Map<number, { phoneNumber: string; emailAddress: string }>();
  for (let i = 0; i < userIds.length; i += enqueueChunk) {
    const found = await trx.selectFrom('users').select(['id', 'phoneNumber', 'emailAddress']).where('id', 'in', userIds.slice(i, i + enqueueChunk)).execute();
    for (const user of found) users.set(user.id, user);
  }
  const now = nowIso();
  const rows = notices.flatMap((notice) => {
    const user = users.get(notice.userId);
    if (!user) return [];
    // Every row names every column: a multi-row insert fills a column one row lacks with NULL.
    const base = { event: notice.event, userId: notice.userId, body: notice.text, subject: '', nextAttemptAt: now, createdAt: now };
    const out = [];
    if (user.phoneNumber) out.push({ ...base, channel: 'sms' as const, address: user.phoneNumber, dedupeKey: dedupeKey(notice.event, notice.subject, notice.userId, 'sms') });
    if (user.emailAddress) {
      out.push({
        ...base,
        channel: 'email' as const,
        address: user.emailAddress,
        subject: notificationTexts.subjects[notice.event],
        dedupeKey: dedupeKey(notice.event, notice.subject, notice.userId, 'email'),
      });
    }
    return out;
  });
  for (let i = 0; i < rows.length; i += enqueueChunk) {
    await trx
      .insertInto('notifications')
      .values(rows.slice(i, i + enqueueChunk))
      .onConflict((oc) => oc.column('dedupeKey').doNothing())
      .execute();
  }
}

const enqueueChunk = 500;

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** Children and course titles of these lines, with each child's parent. */
async function linesWithNames(trx: Trx, lines: readonly SeatLine[]) {
  if (lines.length === 0) return [];
  const children = new Map(
    (
      await trx
        .selectFrom('children')
        .select(['id', 'userId', 'firstName', 'lastName'])
        .where('id', 'in', [...new Set(lines.map((l) => l.childId))])
        .execute()
    ).map((c) => [c.id, c]),
  );
  const courses = new Map(
    (await trx.selectFrom('courses').select(['id', 'title']).where('id', 'in', [...new Set(lines.map((l) => l.courseId))]).execute()).map((c) => [c.id, c.title]),
  );
  return lines.flatMap((line) => {
    const child = children.get(line.childId);
    const title = courses.get(line.courseId);
    return child && title !== undefined ? [{ ...line, userId: child.userId, child: fullName(child), course: title }] : [];
  });
}

/** The order's lines just enrolled (server/features/commerce/learner.ts settlePaid). */
export async function queueEnrolled(trx: Trx, orderId: number, lines: readonly SeatLine[]): Promise<void> {
  const named = await linesWithNames(trx, lines);
  await enqueue(
    trx,
    named.map((l) => ({ event: 'enrolled', subject: `o${orderId}:c${l.childId}:k${l.courseId}`, userId: l.userId, text: notificationTexts.enrolled(l.child, l.course) })),
  );
}

/** An order that ended failed (the gateway refused the payment). */
export async function queuePaymentFailed(trx: Trx, orderId: number): Promise<void> {
  const order = await trx.selectFrom('orders').select('userId').where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  const items = await trx.selectFrom('order_items').select(['childName', 'courseTitle']).where('orderId', '=', orderId).orderBy('id').execute();
  const first = items[0];
  if (!first) return;
  await enqueue(trx, [
    {
      event: 'paymentFailed',
      subject: `o${orderId}`,
      userId: order.userId,
      text: notificationTexts.paymentFailed(orderId, first.childName, first.courseTitle, items.length - 1),
    },
  ]);
}

/**
 * Money the gateway took on an order for another amount than the order's, owed back whole
 * (server/features/commerce/reconcile.ts): nothing was enrolled, and the money goes back.
 */
export async function queuePaymentReturned(trx: Trx, orderId: number, amountInTomans: number): Promise<void> {
  const order = await trx.selectFrom('orders').select('userId').where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  await enqueue(trx, [{ event: 'paymentReturned', subject: `o${orderId}`, userId: order.userId, text: notificationTexts.paymentReturned(orderId, amountInTomans) }]);
}

/** An enrolment the academy cancelled (its «لغو ثبت‌نام», its order's refund); one message per cancel. */
export async function queueEnrolmentCancelled(trx: Trx, enrolment: SeatLine & { id: number; cancelledAt: string }): Promise<void> {
  const [line] = await linesWithNames(trx, [enrolment]);
  if (!line) return;
  await enqueue(trx, [
    { event: 'enrolmentCancelled', subject: `e${enrolment.id}:${enrolment.cancelledAt}`, userId: line.userId, text: notificationTexts.enrolmentCancelled(line.child, line.course) },
  ]);
}

/**
 * Money paid back on an order (through the gateway or recorded by hand). `paidBackSoFar`, the
 * order's whole refunded amount after it, only grows, so each refund has its own message.
 */
export async function queueRefunded(trx: Trx, orderId: number, amountInTomans: number, paidBackSoFar: number): Promise<void> {
  if (amountInTomans <= 0) return;
  const order = await trx.selectFrom('orders').select('userId').where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  await enqueue(trx, [{ event: 'refunded', subject: `o${orderId}:${paidBackSoFar}`, userId: order.userId, text: notificationTexts.refunded(orderId, amountInTomans) }]);
}

/** A waiting-list entry just offered a seat (server/features/commerce/seats.ts offerFreedSeats, the admin's «پیشنهاد صندلی»). */
export async function queueSeatOffered(trx: Trx, entryId: number): Promise<void> {
  const entry = await trx.selectFrom('waitlist_entries').select(['childId', 'courseId', 'offeredAt', 'holdUntil']).where('id', '=', entryId).executeTakeFirst();
  if (!entry?.holdUntil) return;
  const [line] = await linesWithNames(trx, [entry]);
  if (!line) return;
  const holdUntil = entry.holdUntil;
  // Each offer is its own event: a child whose hold ran out may be offered a seat again later.
  await enqueue(trx, [
    { event: 'seatOffered', subject: `w${entryId}@${entry.offeredAt ?? holdUntil}`, userId: line.userId, text: notificationTexts.seatOffered(line.child, line.course, holdUntil) },
  ]);
}

/** The children actively enrolled, each with their parent and the course's title: who is told of a class. */
function activeEnrolments(trx: Executor) {
  return trx
    .selectFrom('enrollments')
    .innerJoin('children', 'children.id', 'enrollments.childId')
    .innerJoin('courses', 'courses.id', 'enrollments.courseId')
    .select(['enrollments.childId', 'enrollments.courseId', 'children.userId', 'children.firstName', 'children.lastName', 'courses.title'])
    .where('enrollments.status', '=', 'active');
}

/** The children actively enrolled in a course, each with their parent. */
async function enrolledIn(trx: Executor, courseId: number) {
  return activeEnrolments(trx).where('enrollments.courseId', '=', courseId).orderBy('enrollments.id').execute();
}

/** A class_sessions row as the action runner read it. */
type SessionRow = Readonly<Record<string, unknown>>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A session moved (`to` its new day and start) or cancelled, told to the parents of the children
 * enrolled in its course (server/features/classes/classSessionActions.ts, inside the action's transaction). The subject
 * carries the session's version before the change: every change is its own event.
 */
export async function queueSessionChange(
  trx: Trx,
  session: SessionRow,
  change: { kind: 'moved'; date: string; startTime: string } | { kind: 'cancelled' },
): Promise<void> {
  const from = str(session.date);
  if (session.status === 'cancelled') return;
  if (!from) return;
  const subject = `s${Number(session.id)}@v${Number(session.version)}`;
  const rows = await enrolledIn(trx, Number(session.courseId));
  await enqueue(
    trx,
    rows.map((r) => {
      const child = fullName(r);
      return change.kind === 'moved'
        ? { event: 'sessionMoved', subject: `${subject}:c${r.childId}`, userId: r.userId, text: notificationTexts.sessionMoved(child, r.title, from, change.date, change.startTime) }
        : { event: 'sessionCancelled', subject: `${subject}:c${r.childId}`, userId: r.userId, text: notificationTexts.sessionCancelled(child, r.title, from) };
    }),
  );
}

/**
 * The periodic reminder: from `reminderHour` (Tehran) on, every scheduled session of tomorrow
 * (Tehran's calendar) is told to each enrolled child's parent, once — the key names the session
 * and its day, so running again queues nothing new, and a session moved to another day is
 * reminded for that day. Answers how many messages it queued (0 before the hour).
 */
export async function queueClassReminders(db: DB, now = Date.now()): Promise<number> {
  if (academyClock(now).hour < reminderHour) return 0;
  const todayStart = academyDayStart(academyDayOf(now)).getTime();
  const tomorrow = academyDayStart(academyDayOf(todayStart + 36 * 3_600_000)).toISOString();
  return db.transaction().execute(async (trx) => {
    // Joined, not looked up by a list of the sessions' courses, which grows with the catalogue.
    const enrolled = await activeEnrolments(trx)
      .innerJoin('class_sessions', 'class_sessions.courseId', 'enrollments.courseId')
      .select(['class_sessions.id as sessionId', 'class_sessions.startTime'])
      .where('class_sessions.date', '=', tomorrow)
      .where('class_sessions.status', '=', 'scheduled')
      .orderBy('class_sessions.id')
      .orderBy('enrollments.id')
      .execute();
    if (enrolled.length === 0) return 0;
    const notices: Notice[] = enrolled.map((r) => ({
      event: 'classTomorrow',
      subject: `s${r.sessionId}@${tomorrow}:c${r.childId}`,
      userId: r.userId,
      text: notificationTexts.classTomorrow(fullName(r), r.title, tomorrow, r.startTime),
    }));
    const before = await countAll(trx);
    await enqueue(trx, notices);
    return (await countAll(trx)) - before;
  });
}

async function countAll(trx: Trx): Promise<number> {
  const row = await trx.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const resendSet = () => ({ status: 'queued', attempts: 0, nextAttemptAt: nowIso(), lastError: '', leaseUntil: null, claimToken: null });

export function plugInNotificationActions(): void {
  plugIn('notifications', { actions: { resend: async () => ({ set: resendSet() }) } });
}

/**
 * The sample data's delivery record (server/seed/index.ts): the messages its latest enrolments and its
 * waiting-list offer sent, as already sent, and one the provider refused (failed), so the admin's
 * list shows every status but `sending`. Nothing is left queued: a fresh install sends nothing.
 */
export async function seedNotifications(trx: Trx): Promise<void> {
  const enrolments = await trx
    .selectFrom('enrollments')
    .select(['childId', 'courseId', 'orderId'])
    .where('status', '=', 'active')
    .orderBy('id', 'desc')
    .limit(6)
    .execute();
  for (const e of enrolments) await queueEnrolled(trx, e.orderId ?? 0, [e]);
  const offer = await trx.selectFrom('waitlist_entries').select('id').where('status', '=', 'offered').executeTakeFirst();
  if (offer) await queueSeatOffered(trx, offer.id);
  const rows = await trx.selectFrom('notifications').select(['id', 'createdAt']).where('status', '=', 'queued').orderBy('id').execute();
  for (const [i, row] of rows.entries()) {
    const refused = i === rows.length - 1 && rows.length > 1;
    await trx
      .updateTable('notifications')
      .set(
        refused
          ? { status: 'failed', attempts: 1, lastError: 'شماره گیرنده در فهرست سیاه ارائه‌دهنده است' }
          : { status: 'sent', attempts: 1, providerId: `seed-${row.id}`, sentAt: row.createdAt },
      )
      .where('id', '=', row.id)
      .execute();
  }
}

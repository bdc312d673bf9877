// The learner's own orders and enrolments, newest first.
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../codegen/openapi.gen';
import { currentUser } from '../../platform/http';
import type { LearnerDeps } from './learnerRequests';
import { childName, courseSummaries } from './cart';

type Schemas = components['schemas'];

/** GET /api/Orders */
export async function listOrders({ db }: LearnerDeps, request: FastifyRequest): Promise<Schemas['Order'][]> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('userId', '=', currentUser(request).id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const items = orders.length
    ? await db.selectFrom('order_items').selectAll().where('orderId', 'in', orders.map((o) => o.id)).orderBy('id').execute()
    : [];
  return orders.map((o) => ({
    id: o.id,
    status: o.status,
    totalInTomans: Number(o.totalInTomans),
    refundDueInTomans: Number(o.refundDueInTomans),
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    refId: o.refId,
    discountInTomans: Number(o.discountInTomans),
    invoiceNumber: o.invoiceNumber === null ? null : Number(o.invoiceNumber),
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ childName: i.childName, courseTitle: i.courseTitle, priceInTomans: Number(i.priceInTomans) })),
  }));
}

/** GET /api/Enrollments */
export async function listEnrollments({ db }: LearnerDeps, request: FastifyRequest): Promise<Schemas['Enrollment'][]> {
  const rows = await db
    .selectFrom('enrollments')
    .innerJoin('children', 'children.id', 'enrollments.childId')
    .select(['enrollments.id', 'enrollments.childId', 'enrollments.courseId', 'enrollments.enrolledAt', 'children.firstName', 'children.lastName'])
    .where('children.userId', '=', currentUser(request).id)
    .where('enrollments.status', '=', 'active')
    .orderBy('enrollments.enrolledAt', 'desc')
    .orderBy('enrollments.id', 'desc')
    .execute();
  const courses = await courseSummaries(db, rows.map((r) => r.courseId));
  return rows.flatMap((r) => {
    const course = courses.get(r.courseId);
    return course ? [{ id: r.id, childId: r.childId, childName: childName(r), enrolledAt: r.enrolledAt, course }] : [];
  });
}


// Invoices. Settlement gives every paid order the next invoice number in the
// transaction that marks it paid (server/features/commerce/learner.ts settlePaid, migration 018); this reads the
// invoice back for its page: the academy's details, the payer, each child's courses with their
// discounts, the total and the gateway's reference. Only the order's owner or an admin reads it:
// anyone else gets the same 404 as for an order that does not exist.
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { company } from '../../../schema/rules/company';
import type { DB, Executor, OrderStatus } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { currentUser, parse, type Register } from '../../platform/http';

type Schemas = components['schemas'];

export const invoiceTexts = {
  notFound: 'فاکتوری برای این سفارش یافت نشد',
} as const;

const invoiceQuery = v.object({
  id: v.pipe(v.string('شماره سفارش نامعتبر است'), v.regex(/^[0-9]{1,12}$/, 'شماره سفارش نامعتبر است')),
});

const invoiceStatus = (status: OrderStatus): Schemas['Invoice']['status'] | null =>
  status === 'paid' || status === 'refundDue' || status === 'refunded' ? status : null;

/**
 * Gives a settled order the next invoice number, in the caller's transaction: updating the
 * sequence's one row locks it (a concurrent settlement waits; a rollback gives the number back),
 * so paid orders are numbered without gaps or duplicates. Settlement and the sample data both
 * number orders here.
 */
export async function issueInvoiceNumber(trx: Executor, orderId: number): Promise<number> {
  const next = await trx
    .updateTable('invoice_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  await trx.updateTable('orders').set({ invoiceNumber: Number(next.last) }).where('id', '=', orderId).execute();
  return Number(next.last);
}

export async function invoiceOf(db: DB, orderId: number, viewer: { id: number; role: number }): Promise<Schemas['Invoice']> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  const status = order ? invoiceStatus(order.status) : null;
  if (!order || status === null || order.invoiceNumber === null || !order.paidAt) throw new HttpError(404, invoiceTexts.notFound);
  if (order.userId !== viewer.id && viewer.role !== 300) throw new HttpError(404, invoiceTexts.notFound);
  const buyer = await db.selectFrom('users').select(['firstName', 'lastName', 'phoneNumber']).where('id', '=', order.userId).executeTakeFirst();
  const items = await db.selectFrom('order_items').selectAll().where('orderId', '=', orderId).orderBy('id').execute();
  const lines = items.map((i) => ({
    childName: i.childName,
    courseTitle: i.courseTitle,
    listPriceInTomans: Number(i.listPriceInTomans),
    earlyBirdDiscountInTomans: Number(i.earlyBirdDiscountInTomans),
    siblingDiscountInTomans: Number(i.siblingDiscountInTomans),
    couponDiscountInTomans: Number(i.couponDiscountInTomans),
    priceInTomans: Number(i.priceInTomans),
  }));
  const subtotalInTomans = lines.reduce((sum, l) => sum + l.listPriceInTomans, 0);
  const totalInTomans = Number(order.totalInTomans);
  return {
    orderId: order.id,
    invoiceNumber: Number(order.invoiceNumber),
    status,
    paidAt: order.paidAt,
    refId: order.refId ?? '',
    cardPan: order.cardPan ?? '',
    academy: { name: company.name, legalName: company.legalName, address: company.address, phone: company.phone, email: company.email },
    buyer: { name: buyer ? `${buyer.firstName} ${buyer.lastName}`.trim() : '', phoneNumber: buyer?.phoneNumber ?? '' },
    items: lines,
    subtotalInTomans,
    discountInTomans: subtotalInTomans - totalInTomans,
    totalInTomans,
    couponCode: order.couponCode,
    refundDueInTomans: Number(order.refundDueInTomans),
    refundedInTomans: Number(order.refundedInTomans),
  };
}

/**
 * The payment result page's account of what was paid for: the order's lines per child, the
 * amount and its invoice number (added to the verify call's answer for a payment taken).
 */
export async function withPurchase(db: DB, result: Schemas['PaymentResult']): Promise<Schemas['PaymentResult']> {
  // Only a payment taken has something to account for; a cancelled or failed one answers as before.
  if (result.status !== 'paid' && result.status !== 'refundDue') return result;
  const order = await db.selectFrom('orders').select(['totalInTomans', 'invoiceNumber']).where('id', '=', result.orderId).executeTakeFirst();
  if (!order) return result;
  const items = await db.selectFrom('order_items').select(['childName', 'courseTitle', 'priceInTomans']).where('orderId', '=', result.orderId).orderBy('id').execute();
  return {
    ...result,
    amountInTomans: Number(order.totalInTomans),
    ...(order.invoiceNumber !== null ? { invoiceNumber: Number(order.invoiceNumber) } : {}),
    items: items.map((i) => ({ childName: i.childName, courseTitle: i.courseTitle, priceInTomans: Number(i.priceInTomans) })),
  };
}

export function registerInvoices(register: Register, db: DB) {
  register('GET /api/Orders/Invoice', 'learner', getInvoice);

  async function getInvoice(request: FastifyRequest): Promise<Schemas['Invoice']> {
    const { id } = parse(invoiceQuery, request.query, { id: 'شماره سفارش' });
    return invoiceOf(db, Number(id), currentUser(request));
  }
}

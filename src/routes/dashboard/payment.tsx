import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api, serverMessage } from '../../api/client';
import { dashboardTexts } from '../../components/dashboard/texts';
import { moneyTexts } from '../../components/dashboard/moneyTexts';
import { StatusMessage } from '../../components/site/StatusMessage';
import { formatPrice, formatToman, toPersianDigits } from '../../../schema/rules/text';

interface PaymentSearch {
  Authority?: string;
  Status?: 'OK' | 'NOK';
}

// Zarinpal sends the browser back with `?Authority=…&Status=OK|NOK`; nothing else is trusted.
function validatePaymentSearch(search: Record<string, unknown>): PaymentSearch {
  const result: PaymentSearch = {};
  if (typeof search.Authority === 'string' && search.Authority.length > 0 && search.Authority.length <= 100) {
    result.Authority = search.Authority;
  }
  if (search.Status === 'OK' || search.Status === 'NOK') result.Status = search.Status;
  return result;
}

export const Route = createFileRoute('/dashboard/payment')({
  validateSearch: validatePaymentSearch,
  component: PaymentPage,
});

const texts = dashboardTexts.payment;

/** What a payment taken paid for, its amount and its invoice, as the verify call answers. */
interface Purchase {
  orderId: number;
  amountInTomans?: number;
  invoiceNumber?: number;
  items?: Array<{ childName: string; courseTitle: string; priceInTomans: number }>;
}

// refundDueInTomans: the part of the payment owed back (its courses were enrolled already).
type Result =
  | { kind: 'verifying' }
  | ({ kind: 'paid'; refId: string; refundDueInTomans: number } & Purchase)
  | ({ kind: 'refundDue'; refId: string; refundDueInTomans: number } & Purchase)
  | { kind: 'refunded'; refId: string; refundedInTomans: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

function PaymentPage() {
  const { Authority, Status } = Route.useSearch();
  const [result, setResult] = useState<Result>(() =>
    Authority && Status ? { kind: 'verifying' } : { kind: 'failed', message: texts.missing },
  );
  // Verify once per visit: StrictMode's second effect run and re-renders must not repeat it.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !Authority || !Status) return;
    started.current = true;
    void api.GET('/api/Payment/Verify', { params: { query: { Authority, Status } } }).then(({ data, error }) => {
      if (!data) setResult({ kind: 'failed', message: serverMessage(error) ?? texts.error });
      else if (data.status === 'paid') setResult({ ...data, kind: 'paid', refId: data.refId ?? '', refundDueInTomans: data.refundDueInTomans ?? 0 });
      else if (data.status === 'refundDue') setResult({ ...data, kind: 'refundDue', refId: data.refId ?? '', refundDueInTomans: data.refundDueInTomans ?? 0 });
      else if (data.status === 'refunded') setResult({ kind: 'refunded', refId: data.refId ?? '', refundedInTomans: data.refundedInTomans ?? 0 });
      else if (data.status === 'cancelled') setResult({ kind: 'cancelled' });
      else setResult({ kind: 'failed', message: texts.failed });
    });
  }, [Authority, Status]);

  return (
    <div className="panel payment-result">
      <h2 className="visually-hidden">{texts.title}</h2>
      {result.kind === 'verifying' && <p className="loading-fallback">{texts.verifying}</p>}
      {result.kind === 'paid' && (
        <>
          <StatusMessage kind="success">
            <p className="payment-result__title">{texts.paid}</p>
            {result.refId && (
              <p>
                {texts.refId}: <span dir="ltr">{toPersianDigits(result.refId)}</span>
              </p>
            )}
            {result.refundDueInTomans > 0 && <p>{texts.partialRefundNote(formatToman(result.refundDueInTomans))}</p>}
          </StatusMessage>
          <PurchaseSummary purchase={result} />
          <div className="payment-result__actions">
            {result.invoiceNumber !== undefined && (
              <Link to="/dashboard/invoice/$orderId" params={{ orderId: String(result.orderId) }} className="button button--accent">
                {moneyTexts.payment.invoice}
              </Link>
            )}
            <Link to="/dashboard/courses" className="button button--primary">
              {texts.toCourses}
            </Link>
          </div>
        </>
      )}
      {result.kind === 'refundDue' && (
        <>
          <StatusMessage kind="error">
            <p className="payment-result__title">{texts.refundDue}</p>
            <p>{texts.refundDueNote(formatToman(result.refundDueInTomans))}</p>
            {result.refId && (
              <p>
                {texts.refId}: <span dir="ltr">{toPersianDigits(result.refId)}</span>
              </p>
            )}
          </StatusMessage>
          <Link to="/dashboard/courses" className="button button--primary">
            {texts.toCourses}
          </Link>
        </>
      )}
      {result.kind === 'refunded' && (
        <>
          <StatusMessage kind="error">
            <p className="payment-result__title">{texts.refundDue}</p>
            <p>{texts.refundedNote(formatToman(result.refundedInTomans))}</p>
            {result.refId && (
              <p>
                {texts.refId}: <span dir="ltr">{toPersianDigits(result.refId)}</span>
              </p>
            )}
          </StatusMessage>
          <Link to="/dashboard/courses" className="button button--primary">
            {texts.toCourses}
          </Link>
        </>
      )}
      {result.kind === 'cancelled' && (
        <>
          <StatusMessage kind="error">
            <p className="payment-result__title">{texts.cancelled}</p>
          </StatusMessage>
          <Link to="/dashboard/cart" className="button button--primary">
            {texts.toCart}
          </Link>
        </>
      )}
      {result.kind === 'failed' && (
        <>
          <StatusMessage kind="error">
            <p className="payment-result__title">{result.message}</p>
          </StatusMessage>
          <Link to="/dashboard/cart" className="button button--primary">
            {texts.toCart}
          </Link>
        </>
      )}
    </div>
  );
}

/** The courses paid for, per child, and the amount. */
function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  if (!purchase.items || purchase.items.length === 0) return null;
  return (
    <section className="purchase-summary" aria-label={moneyTexts.payment.paidFor}>
      <h3>{moneyTexts.payment.paidFor}</h3>
      <ul className="dash-list">
        {purchase.items.map((item, i) => (
          <li key={i} className="dash-item">
            <div className="dash-item__main">
              <strong>{toPersianDigits(item.courseTitle)}</strong>
              <span className="dash-item__meta">
                {dashboardTexts.cart.child}: {item.childName}
              </span>
            </div>
            <span className="price">{formatPrice(item.priceInTomans)}</span>
          </li>
        ))}
      </ul>
      {purchase.amountInTomans !== undefined && (
        <p className="cart-total">
          {moneyTexts.payment.amount}: <span data-testid="paid-amount">{formatToman(purchase.amountInTomans)}</span>
        </p>
      )}
      {purchase.invoiceNumber !== undefined && (
        <p>
          {moneyTexts.payment.invoiceNumber}: {toPersianDigits(purchase.invoiceNumber)}
        </p>
      )}
    </section>
  );
}

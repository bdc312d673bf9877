// A paid order's invoice: printable on one A4 page (invoice.css hides the
// site's header, footer and the dashboard's menu when printing). The server answers it only to
// the order's owner and to admins (GET /api/Orders/Invoice).
import { createFileRoute, Link } from '@tanstack/react-router';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { moneyTexts } from '../../components/dashboard/moneyTexts';
import { RoutePending } from '../../components/site/RoutePending';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { formatPersianNumber, formatToman, toPersianDigits } from '../../../schema/rules/text';
import '../../components/dashboard/invoice.css';

export const Route = createFileRoute('/dashboard/invoice/$orderId')({
  loader: async ({ context: { api }, params }) => {
    const { data } = await api.GET('/api/Orders/Invoice', { params: { query: { id: params.orderId } } });
    if (!data) throw new Error(moneyTexts.invoice.loadFailed);
    return data;
  },
  component: InvoicePage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

const texts = moneyTexts.invoice;
const amount = (n: number) => (n > 0 ? formatPersianNumber(n) : '—');

function InvoicePage() {
  const invoice = Route.useLoaderData();
  return (
    <div className="panel invoice-page">
      <div className="invoice-toolbar">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {texts.print}
        </button>
        <Link to="/dashboard/courses" className="button">
          {texts.back}
        </Link>
      </div>
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice__head">
          <div>
            <h2 id="invoice-title">{texts.title}</h2>
            <p className="invoice__academy">{invoice.academy.name}</p>
          </div>
          <dl className="invoice__meta">
            <div>
              <dt>{texts.number}</dt>
              <dd data-testid="invoice-number">{toPersianDigits(invoice.invoiceNumber)}</dd>
            </div>
            <div>
              <dt>{texts.order}</dt>
              <dd>{toPersianDigits(invoice.orderId)}</dd>
            </div>
            <div>
              <dt>{texts.date}</dt>
              <dd>{formatJalaliDateTime(invoice.paidAt)}</dd>
            </div>
          </dl>
        </header>

        <section className="invoice__parties">
          <div>
            <h3>{texts.seller}</h3>
            <p>{invoice.academy.legalName}</p>
            <p>
              {texts.address}: {invoice.academy.address}
            </p>
            <p>
              {texts.phone}: <span dir="ltr">{toPersianDigits(invoice.academy.phone)}</span>
            </p>
            <p>
              {texts.email}: <span dir="ltr">{invoice.academy.email}</span>
            </p>
          </div>
          <div>
            <h3>{texts.buyer}</h3>
            <p>{invoice.buyer.name || '—'}</p>
            <p>
              {texts.phone}: <span dir="ltr">{toPersianDigits(invoice.buyer.phoneNumber)}</span>
            </p>
          </div>
        </section>

        <div className="invoice__table-wrap">
          <table className="invoice__table">
            <thead>
              <tr>
                <th scope="col">{texts.row}</th>
                <th scope="col">{texts.child}</th>
                <th scope="col">{texts.course}</th>
                <th scope="col">{texts.listPrice}</th>
                <th scope="col">{texts.earlyBird}</th>
                <th scope="col">{texts.sibling}</th>
                <th scope="col">{texts.coupon}</th>
                <th scope="col">{texts.price}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item, i) => (
                <tr key={i}>
                  <td data-label={texts.row}>{toPersianDigits(i + 1)}</td>
                  <td data-label={texts.child}>{item.childName}</td>
                  <td data-label={texts.course}>{toPersianDigits(item.courseTitle)}</td>
                  <td data-label={texts.listPrice}>{amount(item.listPriceInTomans)}</td>
                  <td data-label={texts.earlyBird}>{amount(item.earlyBirdDiscountInTomans)}</td>
                  <td data-label={texts.sibling}>{amount(item.siblingDiscountInTomans)}</td>
                  <td data-label={texts.coupon}>{amount(item.couponDiscountInTomans)}</td>
                  <td data-label={texts.price}>{formatPersianNumber(item.priceInTomans)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="invoice__unit">{texts.unit}</p>

        <dl className="invoice__totals">
          <div>
            <dt>{texts.subtotal}</dt>
            <dd>{formatToman(invoice.subtotalInTomans)}</dd>
          </div>
          <div>
            <dt>{texts.discounts}</dt>
            <dd>{invoice.discountInTomans > 0 ? `−${formatToman(invoice.discountInTomans)}` : '—'}</dd>
          </div>
          {invoice.couponCode && (
            <div>
              <dt>{texts.couponUsed}</dt>
              <dd dir="ltr">{invoice.couponCode}</dd>
            </div>
          )}
          <div className="invoice__grand">
            <dt>{texts.total}</dt>
            <dd data-testid="invoice-total">{formatToman(invoice.totalInTomans)}</dd>
          </div>
          <div>
            <dt>{texts.refId}</dt>
            <dd dir="ltr">{toPersianDigits(invoice.refId) || '—'}</dd>
          </div>
          {invoice.cardPan && (
            <div>
              <dt>{texts.card}</dt>
              <dd dir="ltr">{toPersianDigits(invoice.cardPan)}</dd>
            </div>
          )}
          {invoice.refundDueInTomans > 0 && (
            <div>
              <dt>{texts.refundDue}</dt>
              <dd>{formatToman(invoice.refundDueInTomans)}</dd>
            </div>
          )}
          {invoice.refundedInTomans > 0 && (
            <div>
              <dt>{texts.refunded}</dt>
              <dd>{formatToman(invoice.refundedInTomans)}</dd>
            </div>
          )}
        </dl>
      </article>
    </div>
  );
}

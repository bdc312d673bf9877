import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { api, serverMessage } from '../../api/client';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { dashboardTexts } from '../../components/dashboard/texts';
import { moneyTexts } from '../../components/dashboard/moneyTexts';
import { StatusMessage } from '../../components/site/StatusMessage';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { formatPrice, formatToman, toPersianDigits } from '../../../schema/rules/text';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/dashboard/cart')({
  loader: async ({ context: { api: client } }) => {
    const { data } = await client.GET('/api/Cart');
    if (!data) throw new Error('cart unavailable');
    return data;
  },
  component: CartPage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

const texts = dashboardTexts.cart;
const money = moneyTexts.cart;

type LinePricing = Awaited<ReturnType<typeof Route.useLoaderData>>['items'][number]['pricing'];

/** A line's discounts, each on its own row (none: nothing shown). */
function LineDiscounts({ pricing }: { pricing: LinePricing }) {
  const rows: Array<[string, number]> = [
    [money.earlyBird, pricing.earlyBirdDiscountInTomans],
    [money.sibling, pricing.siblingDiscountInTomans],
    [money.coupon, pricing.couponDiscountInTomans],
  ];
  const shown = rows.filter(([, amount]) => amount > 0);
  if (shown.length === 0) return null;
  return (
    <dl className="cart-discounts">
      {shown.map(([label, amount]) => (
        <div key={label} className="cart-discounts__row">
          <dt>{label}</dt>
          <dd>−{formatToman(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function CartPage() {
  const cart = Route.useLoaderData();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // The coupon field. The server checks the code and prices the cart; the page shows
  // what it answers.
  const [code, setCode] = useState('');
  const [couponFailure, setCouponFailure] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const applyCoupon = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCouponFailure(null);
    setApplying(true);
    const { data, error } = await api.POST('/api/Cart/Coupon', { body: { code } });
    setApplying(false);
    if (!data) {
      setCouponFailure(serverMessage(error) ?? money.couponFailed);
      return;
    }
    setCode('');
    await router.invalidate();
  };
  const removeCoupon = async () => {
    setCouponFailure(null);
    await api.DELETE('/api/Cart/Coupon');
    await router.invalidate();
  };

  const remove = async (id: number) => {
    setFailure(null);
    const { data, error } = await api.DELETE('/api/Cart/Remove', { body: { id } });
    if (!data) setFailure(serverMessage(error) ?? texts.removeFailed);
    await router.invalidate();
  };

  const checkout = async () => {
    setFailure(null);
    setPaying(true);
    const { data, error } = await api.POST('/api/Orders/Checkout');
    if (data) {
      // The gateway is another site; the browser comes back to /dashboard/payment.
      window.location.assign(data.paymentUrl);
      return;
    }
    setPaying(false);
    setFailure(serverMessage(error) ?? texts.payFailed);
  };

  return (
    <div className="panel">
      <div className="dash-toolbar">
        <h2>{texts.title}</h2>
      </div>
      {failure && <StatusMessage kind="error">{failure}</StatusMessage>}
      {cart.items.length === 0 ? (
        <div className="empty-state">
          <p>{texts.empty}</p>
          <Link to="/categories" className="button button--primary">
            {texts.browse}
          </Link>
        </div>
      ) : (
        <>
          <ul className="dash-list" aria-label={texts.title}>
            {cart.items.map((item) => (
              <li key={item.id} className="dash-item">
                <div className="dash-item__main">
                  <Link
                    to="/categories/$categorySlug/$courseSlug"
                    params={{ categorySlug: item.course.categorySlug, courseSlug: item.course.slug }}
                  >
                    <strong>{toPersianDigits(item.course.title)}</strong>
                  </Link>
                  <span className="dash-item__meta">
                    {texts.child}: {item.childName} · شروع: {formatJalaliLong(item.course.timeOfHolding)}
                  </span>
                  {item.ageWarning && (
                    <p className="age-warning" role="note">
                      {item.ageWarning}
                    </p>
                  )}
                </div>
                <div className="dash-item__actions">
                  <div className="cart-line-price">
                    {item.pricing.priceInTomans < item.pricing.listPriceInTomans && (
                      <s className="price price--old" aria-label={`${money.listPrice}: ${formatPrice(item.pricing.listPriceInTomans)}`}>
                        {formatPrice(item.pricing.listPriceInTomans)}
                      </s>
                    )}
                    <span className="price">{formatPrice(item.pricing.priceInTomans)}</span>
                    <LineDiscounts pricing={item.pricing} />
                  </div>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`${texts.remove} ${item.course.title} برای ${item.childName}`}
                    onClick={() => void remove(item.id)}
                  >
                    {texts.remove}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <form className="field coupon-form" onSubmit={(event) => void applyCoupon(event)} noValidate>
            <label htmlFor="coupon-code">{money.couponLabel}</label>
            <div className="coupon-form__row">
              <input
                id="coupon-code"
                name="code"
                dir="auto"
                autoComplete="off"
                maxLength={40}
                placeholder={money.couponPlaceholder}
                value={code}
                aria-invalid={couponFailure ? true : undefined}
                aria-describedby={couponFailure ? 'coupon-error' : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
              <button type="submit" className="button button--primary" disabled={applying || code.trim() === ''}>
                {applying ? money.couponApplying : money.couponApply}
              </button>
            </div>
            {couponFailure && (
              <p id="coupon-error" className="field__error" role="alert">
                {couponFailure}
              </p>
            )}
            {cart.coupon && (
              <div className={cart.coupon.applied ? 'coupon-state coupon-state--ok' : 'coupon-state coupon-state--error'} role="status">
                <span>
                  {cart.coupon.applied ? money.couponApplied(cart.coupon.code) : money.couponNotApplied(cart.coupon.code)}
                  {cart.coupon.error && `: ${cart.coupon.error}`}
                </span>
                <button type="button" className="button button--small" onClick={() => void removeCoupon()}>
                  {money.couponRemove}
                </button>
              </div>
            )}
          </form>
          <dl className="cart-summary">
            <div>
              <dt>{money.subtotal}</dt>
              <dd>{formatToman(cart.subtotalInTomans)}</dd>
            </div>
            {cart.discountInTomans > 0 && (
              <div className="cart-summary__discount">
                <dt>{money.discounts}</dt>
                <dd>−{formatToman(cart.discountInTomans)}</dd>
              </div>
            )}
          </dl>
          <div className="cart-total">
            <span>
              {money.total}: <span data-testid="cart-total">{formatToman(cart.totalInTomans)}</span>
            </span>
            <button type="button" className="button button--accent" disabled={paying} onClick={() => void checkout()}>
              {paying ? texts.paying : texts.pay}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

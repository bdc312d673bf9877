import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { api, serverMessage } from '../../api/client';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { dashboardTexts } from '../../components/dashboard/texts';
import { StatusMessage } from '../../components/site/StatusMessage';
import { formatJalaliLong } from '../../lib/jalali';
import { formatToman, toPersianDigits } from '../../lib/text';
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

function CartPage() {
  const cart = Route.useLoaderData();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

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
                  <span className="price">{formatToman(item.course.priceInTomans)}</span>
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
          <div className="cart-total">
            <span>
              {texts.total}: {formatToman(cart.totalInTomans)}
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

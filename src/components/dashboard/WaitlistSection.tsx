// The learner dashboard's «فهرست انتظار»: each child's places on full courses' waiting lists, and
// the seats offered to them with the time left to pay; «پرداخت» puts the course in the cart for
// that child and opens the cart. Reads its own data, so the route only places it.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { components } from '../../../codegen/openapi.gen';
import { api, serverMessage } from '../../api/client';
import { formatJalaliDateTime } from '../../../schema/rules/calendar';
import { toPersianDigits } from '../../../schema/rules/text';
import { StatusMessage } from '../site/StatusMessage';

type WaitlistItem = components['schemas']['WaitlistItem'];

export const waitlistSectionTexts = {
  title: 'فهرست انتظار',
  position: (n: number) => `نوبت ${toPersianDigits(n)}`,
  offered: 'صندلی برای شما نگه داشته شده',
  expired: 'مهلت پرداخت تمام شد',
  until: (when: string, left: string) => `مهلت پرداخت: ${when} (${left} مانده)`,
  pay: 'پرداخت',
  paying: 'در حال افزودن...',
  leave: 'خروج از فهرست',
  payFailed: 'افزودن به سبد خرید انجام نشد.',
  loadFailed: 'دریافت فهرست انتظار انجام نشد.',
} as const;

/** «۲۳ ساعت و ۵ دقیقه», «۱۲ دقیقه». */
export function timeLeft(until: string | null, now: number): string {
  const minutes = Math.max(0, Math.floor(((until ? Date.parse(until) : now) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${toPersianDigits(rest)} دقیقه`;
  return rest === 0 ? `${toPersianDigits(hours)} ساعت` : `${toPersianDigits(hours)} ساعت و ${toPersianDigits(rest)} دقیقه`;
}

export function WaitlistSection() {
  const navigate = useNavigate();
  const [entries, setEntries] = useState<WaitlistItem[] | null | 'failed'>(null);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Waitlist').then(({ data }) => {
      if (active) setEntries(data ?? 'failed');
    });
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  if (entries === null || (Array.isArray(entries) && entries.length === 0)) return null;
  if (entries === 'failed') return <StatusMessage kind="error">{waitlistSectionTexts.loadFailed}</StatusMessage>;

  const pay = async (entry: WaitlistItem) => {
    setBusy(entry.id);
    setError(null);
    const { data, error: failure } = await api.POST('/api/Cart/Add', { body: { courseId: entry.course.id, childId: entry.childId } });
    // Already in the cart is as good as added: the cart is where the parent pays.
    const message = serverMessage(failure);
    if (!data && !message?.includes('قبلاً به سبد')) {
      setBusy(null);
      setError(message ?? waitlistSectionTexts.payFailed);
      return;
    }
    await navigate({ to: '/dashboard/cart' });
  };
  const leave = async (entry: WaitlistItem) => {
    setBusy(entry.id);
    const { data } = await api.DELETE('/api/Waitlist/Leave', { body: { id: entry.id } });
    setBusy(null);
    if (data) setEntries(data);
  };

  const children = [...new Map(entries.map((e) => [e.childId, e.childName])).entries()];
  return (
    <div className="panel dash-section">
      <h2>{waitlistSectionTexts.title}</h2>
      {error && <StatusMessage kind="error">{error}</StatusMessage>}
      {children.map(([childId, childName]) => (
        <section key={childId} className="dash-section" aria-label={`${waitlistSectionTexts.title} ${childName}`}>
          <h3>{childName}</h3>
          <ul className="dash-list">
            {entries
              .filter((e) => e.childId === childId)
              .map((entry) => (
                <li key={entry.id} className="dash-item">
                  <div className="dash-item__main">
                    <Link to="/categories/$categorySlug/$courseSlug" params={{ categorySlug: entry.course.categorySlug, courseSlug: entry.course.slug }}>
                      <strong>{toPersianDigits(entry.course.title)}</strong>
                    </Link>
                    {entry.status === 'offered' && <span className="badge badge--seats waitlist-offer">{waitlistSectionTexts.offered}</span>}
                    <span className="dash-item__meta">
                      {entry.status === 'offered'
                        ? waitlistSectionTexts.until(formatJalaliDateTime(entry.holdUntil), timeLeft(entry.holdUntil, now))
                        : entry.status === 'waiting'
                          ? waitlistSectionTexts.position(entry.position)
                          : waitlistSectionTexts.expired}
                    </span>
                  </div>
                  <div className="dash-item__actions">
                    {entry.status === 'offered' && (
                      <>
                        <button type="button" className="button button--primary button--small" disabled={busy === entry.id} onClick={() => void pay(entry)}>
                          {busy === entry.id ? waitlistSectionTexts.paying : waitlistSectionTexts.pay}
                        </button>
                      </>
                    )}
                    {entry.status !== 'expired' && (
                      <button type="button" className="button button--ghost button--small" disabled={busy === entry.id} onClick={() => void leave(entry)}>
                        {waitlistSectionTexts.leave}
                      </button>
                    )}
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

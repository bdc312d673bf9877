import { createFileRoute, Link } from '@tanstack/react-router';
import type { components } from '../../../codegen/openapi.gen';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { WaitlistSection } from '../../components/dashboard/WaitlistSection';
import { dashboardTexts, orderStatusLabels } from '../../components/dashboard/texts';
import { moneyTexts } from '../../components/dashboard/moneyTexts';
import { courseTypeLabels } from '../../components/site/courseFormat';
import { formatJalaliDateTime, formatJalaliLong } from '../../../schema/rules/calendar';
import { formatToman, toPersianDigits } from '../../../schema/rules/text';
import { RoutePending } from '../../components/site/RoutePending';

type Enrollment = components['schemas']['Enrollment'];

export const Route = createFileRoute('/dashboard/courses')({
  loader: async ({ context: { api } }) => {
    const [enrollments, orders] = await Promise.all([api.GET('/api/Enrollments'), api.GET('/api/Orders')]);
    if (!enrollments.data || !orders.data) throw new Error('courses unavailable');
    return { enrollments: enrollments.data, orders: orders.data, now: Date.now() };
  },
  component: MyCoursesPage,
  errorComponent: DashboardError,
  pendingComponent: RoutePending,
});

const texts = dashboardTexts.courses;

function groupByChild(enrollments: Enrollment[]): { childId: number; childName: string; items: Enrollment[] }[] {
  const groups = new Map<number, { childId: number; childName: string; items: Enrollment[] }>();
  for (const enrollment of enrollments) {
    const group = groups.get(enrollment.childId) ?? {
      childId: enrollment.childId,
      childName: enrollment.childName,
      items: [],
    };
    group.items.push(enrollment);
    groups.set(enrollment.childId, group);
  }
  return [...groups.values()];
}

function courseState(timeOfHolding: string | null, now: number): string {
  if (!timeOfHolding) return texts.noDate;
  return Date.parse(timeOfHolding) > now ? texts.upcoming : texts.started;
}

function MyCoursesPage() {
  const { enrollments, orders, now } = Route.useLoaderData();
  const groups = groupByChild(enrollments);

  return (
    <>
      <WaitlistSection />
      <div className="panel dash-section">
        <h2>{texts.title}</h2>
        {groups.length === 0 ? (
          <div className="empty-state">
            <p>{texts.empty}</p>
            <Link to="/categories" className="button button--primary">
              {dashboardTexts.cart.browse}
            </Link>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.childId} className="dash-section" aria-label={group.childName}>
              <h3>{group.childName}</h3>
              <ul className="dash-list">
                {group.items.map((enrollment) => (
                  <li key={enrollment.id} className="dash-item">
                    <div className="dash-item__main">
                      <Link
                        to="/categories/$categorySlug/$courseSlug"
                        params={{ categorySlug: enrollment.course.categorySlug, courseSlug: enrollment.course.slug }}
                      >
                        <strong>{toPersianDigits(enrollment.course.title)}</strong>
                      </Link>
                      <span className="dash-item__meta">
                        {courseTypeLabels[enrollment.course.type]} · شروع:{' '}
                        {formatJalaliLong(enrollment.course.timeOfHolding)} · ثبت‌نام:{' '}
                        {formatJalaliLong(enrollment.enrolledAt)}
                      </span>
                    </div>
                    <span className="badge">{courseState(enrollment.course.timeOfHolding, now)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>

      <div className="panel dash-section">
        <h2>{texts.ordersTitle}</h2>
        {orders.length === 0 ? (
          <p className="empty-state">{texts.ordersEmpty}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">شماره سفارش</th>
                  <th scope="col">تاریخ</th>
                  <th scope="col">دوره‌ها</th>
                  <th scope="col">مبلغ</th>
                  <th scope="col">وضعیت</th>
                  <th scope="col">کد پیگیری</th>
                  <th scope="col">{moneyTexts.orders.invoice}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td data-label="شماره سفارش">{toPersianDigits(order.id)}</td>
                    <td data-label="تاریخ">{formatJalaliDateTime(order.createdAt)}</td>
                    <td data-label="دوره‌ها">
                      {order.items.map((item, index) => (
                        <div key={index}>
                          {item.courseTitle} ({item.childName})
                        </div>
                      ))}
                    </td>
                    <td data-label="مبلغ">{formatToman(order.totalInTomans)}</td>
                    <td data-label="وضعیت">
                      {orderStatusLabels[order.status]}
                      {order.refundDueInTomans > 0 && (
                        <div className="order-refund-due">
                          {texts.refundDueAmount(formatToman(order.refundDueInTomans))}
                        </div>
                      )}
                    </td>
                    <td data-label="کد پیگیری">{order.refId ? toPersianDigits(order.refId) : '—'}</td>
                    <td data-label={moneyTexts.orders.invoice}>
                      {order.invoiceNumber != null ? (
                        <Link to="/dashboard/invoice/$orderId" params={{ orderId: String(order.id) }}>
                          {moneyTexts.orders.invoiceLink(toPersianDigits(order.invoiceNumber))}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}

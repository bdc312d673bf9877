// Money on the dashboard, beside the spec's chart: revenue per Jalali month
// and per course, paid orders today and refunds, over a Jalali date range kept in the address.
// Every figure comes computed from the server (server/features/commerce/dashboardMoney.ts); this only draws them,
// every digit in Persian (the chart's axis and tooltips too).
import type { ChartData, ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { components } from '../../../../codegen/openapi.gen';
import { academyDayOf, academyDayStart, dayKey, jalaliMonthNames, parseDayKey } from '../../../../schema/rules/calendar';
import { formatPersianNumber, formatToman, toPersianDigits } from '../../../../schema/rules/text';
import { JalaliDatePicker } from '../inputs/JalaliDatePicker';
import { ScrollRegion } from '../ScrollRegion';
import './DashboardMoney.css';

export type DashboardMoneyData = components['schemas']['DashboardMoney'];

export const moneyTexts = {
  title: 'گزارش مالی',
  from: 'از تاریخ',
  to: 'تا تاریخ',
  reset: 'دوازده ماه اخیر',
  range: (from: string, to: string) => `از ${from} تا ${to}`,
  revenue: 'درآمد بازه',
  paidOrders: 'سفارش‌های پرداخت‌شده بازه',
  today: 'سفارش‌های پرداخت‌شده امروز',
  todayRevenue: (amount: number) => `درآمد امروز: ${formatToman(amount)}`,
  refunds: 'بازگشت وجه',
  refundsDetail: (due: number, refunded: number) => `${formatPersianNumber(due)} در انتظار، ${formatPersianNumber(refunded)} بازگشت‌داده‌شده`,
  byMonth: 'درآمد ماهانه (تومان)',
  byMonthDataset: 'درآمد',
  byCourse: 'درآمد به تفکیک دوره',
  course: 'دوره',
  sold: 'تعداد فروش',
  amount: 'درآمد',
  noSales: 'در این بازه فروشی ثبت نشده است',
  loading: 'در حال بارگذاری...',
} as const;

/** 1405-01-15 ↔ the date picker's ISO value (the academy's midnight of that Jalali day). */
export function jalaliDayToIso(day: string | undefined): string | null {
  const parsed = day ? parseDayKey(day) : null;
  return parsed ? academyDayStart(parsed).toISOString() : null;
}
export function isoToJalaliDay(value: string | null): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dayKey(academyDayOf(date));
}
const showDay = (day: string) => toPersianDigits(day.replace(/-/g, '/'));
const monthLabel = (year: number, month: number) => `${jalaliMonthNames[month - 1] ?? ''} ${toPersianDigits(year)}`;

const fontFamily = 'Vazirmatn, Tahoma, sans-serif';
const monthOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  locale: 'fa-IR',
  plugins: {
    legend: { display: false },
    tooltip: {
      rtl: true,
      textDirection: 'rtl',
      titleFont: { family: fontFamily },
      bodyFont: { family: fontFamily },
      callbacks: { label: (item) => formatToman(item.parsed.y ?? 0) },
    },
  },
  scales: {
    x: { reverse: true, grid: { display: false }, ticks: { font: { family: fontFamily, size: 12 } } },
    y: {
      position: 'right',
      beginAtZero: true,
      ticks: { callback: (value) => formatPersianNumber(Number(value)), font: { family: fontFamily, size: 11 } },
    },
  },
};

function monthData(money: DashboardMoneyData): ChartData<'bar', number[], string> {
  return {
    labels: money.byMonth.map((m) => monthLabel(m.year, m.month)),
    datasets: [
      {
        label: moneyTexts.byMonthDataset,
        data: money.byMonth.map((m) => m.revenueInTomans),
        backgroundColor: '#2f7d5b',
        borderRadius: 6,
        maxBarThickness: 48,
      },
    ],
  };
}

export interface MoneyRange {
  from?: string;
  to?: string;
}

export function DashboardMoney({
  money,
  loading,
  onRange,
}: {
  money: DashboardMoneyData | null;
  loading: boolean;
  onRange: (range: MoneyRange) => void;
}) {
  return (
    <section className="dashboard-money" aria-labelledby="dashboard-money-title" aria-busy={loading}>
      <div className="dashboard-money-header">
        <h3 id="dashboard-money-title" className="dashboard-money-title">
          {moneyTexts.title}
        </h3>
        <div className="dashboard-money-filter">
          <div className="dashboard-money-date">
            <label className="admin-label" htmlFor="money-from">
              {moneyTexts.from}
            </label>
            <JalaliDatePicker
              id="money-from"
              value={jalaliDayToIso(money?.from)}
              onChange={(value) => onRange({ from: isoToJalaliDay(value), to: money?.to })}
            />
          </div>
          <div className="dashboard-money-date">
            <label className="admin-label" htmlFor="money-to">
              {moneyTexts.to}
            </label>
            <JalaliDatePicker
              id="money-to"
              value={jalaliDayToIso(money?.to)}
              onChange={(value) => onRange({ from: money?.from, to: isoToJalaliDay(value) })}
            />
          </div>
          <button type="button" className="admin-button admin-button-secondary" onClick={() => onRange({})}>
            {moneyTexts.reset}
          </button>
        </div>
      </div>
      {!money ? (
        <p className="admin-loading" role="status">
          {moneyTexts.loading}
        </p>
      ) : (
        <>
          <p className="dashboard-money-range" aria-live="polite">
            {moneyTexts.range(showDay(money.from), showDay(money.to))}
          </p>
          <dl className="dashboard-money-cards">
            <div className="dashboard-money-card">
              <dt>{moneyTexts.revenue}</dt>
              <dd data-figure="revenue">{formatToman(money.revenueInTomans)}</dd>
            </div>
            <div className="dashboard-money-card">
              <dt>{moneyTexts.paidOrders}</dt>
              <dd data-figure="paid-orders">{formatPersianNumber(money.paidOrders)}</dd>
            </div>
            <div className="dashboard-money-card">
              <dt>{moneyTexts.today}</dt>
              <dd data-figure="today">{formatPersianNumber(money.today.paidOrders)}</dd>
              <dd className="dashboard-money-sub">{moneyTexts.todayRevenue(money.today.revenueInTomans)}</dd>
            </div>
            <div className="dashboard-money-card">
              <dt>{moneyTexts.refunds}</dt>
              <dd data-figure="refunds">{formatToman(money.refunds.amountInTomans)}</dd>
              <dd className="dashboard-money-sub">{moneyTexts.refundsDetail(money.refunds.dueCount, money.refunds.refundedCount)}</dd>
            </div>
          </dl>
          <div className="dashboard-money-panels">
            <figure className="dashboard-money-panel">
              <figcaption className="dashboard-money-caption">{moneyTexts.byMonth}</figcaption>
              <div className="dashboard-money-chart">
                {/* The spec's chart is the page's one image; this one's figures are read from the list. */}
                <Bar data={monthData(money)} options={monthOptions} role="presentation" aria-hidden="true" />
              </div>
              <ul className="admin-visually-hidden">
                {money.byMonth.map((m) => (
                  <li key={`${m.year}-${m.month}`}>{`${monthLabel(m.year, m.month)}: ${formatToman(m.revenueInTomans)}`}</li>
                ))}
              </ul>
              <div hidden>
              </div>
            </figure>
            <div className="dashboard-money-panel">
              <h4 className="dashboard-money-caption">{moneyTexts.byCourse}</h4>
              {money.byCourse.length === 0 ? (
                <p className="admin-cell-muted">{moneyTexts.noSales}</p>
              ) : (
                <ScrollRegion label={moneyTexts.byCourse}>
                  <table className="admin-table dashboard-money-table">
                    <thead>
                      <tr>
                        <th scope="col">{moneyTexts.course}</th>
                        <th scope="col">{moneyTexts.sold}</th>
                        <th scope="col">{moneyTexts.amount}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {money.byCourse.map((course) => (
                        <tr key={course.courseId}>
                          <td>{course.title}</td>
                          <td>{formatPersianNumber(course.sold)}</td>
                          <td className="dashboard-money-amount">{formatToman(course.revenueInTomans)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

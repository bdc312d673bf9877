// The dashboard's bar chart (spec §2, §9). Only the dashboard route's component imports this
// module, so the router's automatic code splitting keeps chart.js out of every other screen;
// only the pieces a bar chart needs are registered, so the rest of chart.js is tree-shaken.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
  type ScriptableContext,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatPersianNumber } from '../../../../schema/rules/text';
import './DashboardChart.css';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export const dashboardTexts = {
  title: 'داشبورد مدیریت',
  loading: 'در حال بارگذاری...',
  failed: 'دریافت اطلاعات با مشکل مواجه شد',
  dataset: 'آمار کلی',
  chartLabel: 'نمودار آمار کلی',
} as const;

/** The five bars, in the spec's order. */
export const dashboardBars = [
  { key: 'totalUsers', label: 'تعداد کل دانشجویان', colors: ['#4f8ef7', '#1f4e8c'] },
  { key: 'totalRegisterToday', label: 'ثبت‌نام‌های امروز', colors: ['#5fd3a5', '#16845b'] },
  { key: 'totalCoursesSold', label: 'تعداد کل دوره‌های فروخته‌شده', colors: ['#ffc46b', '#e07b00'] },
  { key: 'totalCoursesSoldToday', label: 'دوره‌های فروخته‌شده امروز', colors: ['#ff8a8a', '#c62828'] },
  { key: 'totalCourses', label: 'تعداد کل دوره‌ها', colors: ['#b69cff', '#5b3cc4'] },
] as const;

type DashboardKey = (typeof dashboardBars)[number]['key'];
export type DashboardCounts = Record<DashboardKey, number>;

/** Each counter defaults to 0 when the answer lacks it or holds something that is not a number. */
export function dashboardCounts(data: Partial<Record<DashboardKey, unknown>> | undefined): DashboardCounts {
  const pick = (key: DashboardKey) => {
    const value = data?.[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  return {
    totalUsers: pick('totalUsers'),
    totalRegisterToday: pick('totalRegisterToday'),
    totalCoursesSold: pick('totalCoursesSold'),
    totalCoursesSoldToday: pick('totalCoursesSoldToday'),
    totalCourses: pick('totalCourses'),
  };
}

const fontFamily = 'Vazirmatn, Tahoma, sans-serif';

/** Draws each bar's value, in Persian digits, just above the bar's end. */
const valueLabels: Plugin<'bar'> = {
  id: 'valueLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = `700 14px ${fontFamily}`;
    ctx.fillStyle = '#1d2330';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.data.datasets.forEach((dataset, datasetIndex) => {
      const meta = chart.getDatasetMeta(datasetIndex);
      if (meta.hidden) return;
      meta.data.forEach((bar, index) => {
        const value = dataset.data[index];
        if (typeof value !== 'number') return;
        // During the bounce the bar is still growing; the label rides on its current top.
        const { x, y } = bar.getProps(['x', 'y'], false);
        ctx.fillText(formatPersianNumber(value), x, y - 6);
      });
    });
    ctx.restore();
  },
};

/**
 * A vertical gradient per bar spanning that bar's own height, light at the base and dark at
 * the end, so a short bar shows its whole gradient rather than the bottom of a tall one.
 */
function barGradient(context: ScriptableContext<'bar'>): CanvasGradient | string {
  const bar = dashboardBars[context.dataIndex] ?? dashboardBars[0];
  const { chartArea, ctx, scales } = context.chart;
  const y = scales.y;
  const value = context.raw;
  // The first call comes before layout, when there is no area or scale to measure yet.
  if (!chartArea || !y || typeof value !== 'number') return bar.colors[1];
  const base = y.getPixelForValue(0);
  const end = y.getPixelForValue(value);
  if (!Number.isFinite(base) || !Number.isFinite(end) || base === end) return bar.colors[1];
  const gradient = ctx.createLinearGradient(0, base, 0, end);
  gradient.addColorStop(0, bar.colors[0]);
  gradient.addColorStop(1, bar.colors[1]);
  return gradient;
}

export const persianTick = (value: number | string) => formatPersianNumber(Number(value));

export const chartOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  locale: 'fa-IR',
  animation: { duration: 1200, easing: 'easeOutBounce' },
  layout: { padding: { top: 28 } },
  plugins: {
    legend: { display: false },
    tooltip: {
      rtl: true,
      textDirection: 'rtl',
      titleFont: { family: fontFamily },
      bodyFont: { family: fontFamily },
      callbacks: {
        label: (item) => `${item.dataset.label ?? ''}: ${formatPersianNumber(item.parsed.y ?? 0)}`,
      },
    },
  },
  scales: {
    x: {
      // Right to left: the first bar stands at the right edge.
      reverse: true,
      grid: { display: false },
      ticks: { font: { family: fontFamily, size: 13 } },
    },
    y: {
      position: 'right',
      beginAtZero: true,
      ticks: { precision: 0, callback: persianTick, font: { family: fontFamily, size: 12 } },
    },
  },
};

export function chartData(counts: DashboardCounts): ChartData<'bar', number[], string> {
  return {
    labels: dashboardBars.map((bar) => bar.label),
    datasets: [
      {
        label: dashboardTexts.dataset,
        data: dashboardBars.map((bar) => counts[bar.key]),
        backgroundColor: barGradient,
        borderRadius: 8,
        borderSkipped: false,
        maxBarThickness: 120,
      },
    ],
  };
}

export function DashboardChart({ counts }: { counts: DashboardCounts }) {
  return (
    <div className="dashboard-chart">
      <Bar
        data={chartData(counts)}
        options={chartOptions}
        plugins={[valueLabels]}
        aria-label={dashboardTexts.chartLabel}
        role="img"
      >
        {/* Fallback content for assistive technology: the same numbers as text. */}
        {dashboardBars.map((bar) => `${bar.label}: ${formatPersianNumber(counts[bar.key])}`).join('، ')}
      </Bar>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import {
  chartData,
  chartOptions,
  dashboardBars,
  dashboardCounts,
  dashboardTexts,
  persianTick,
} from '../../../src/components/admin/dashboard/DashboardChart';

describe('dashboard data', () => {
  it('defaults every missing or non-numeric counter to 0', () => {
    expect(dashboardCounts(undefined)).toEqual({
      totalUsers: 0,
      totalRegisterToday: 0,
      totalCoursesSold: 0,
      totalCoursesSoldToday: 0,
      totalCourses: 0,
    });
    expect(dashboardCounts({ totalUsers: 12, totalCourses: '7', totalCoursesSold: Number.NaN })).toEqual({
      totalUsers: 12,
      totalRegisterToday: 0,
      totalCoursesSold: 0,
      totalCoursesSoldToday: 0,
      totalCourses: 0,
    });
  });

  it('draws five bars in the spec order with Persian labels and the dataset label', () => {
    const data = chartData({
      totalUsers: 1,
      totalRegisterToday: 2,
      totalCoursesSold: 3,
      totalCoursesSoldToday: 4,
      totalCourses: 5,
    });
    expect(data.labels?.map((l) => l.replace(/\u200c/g, ''))).toEqual([
      'تعداد کل دانشجویان',
      'ثبتنامهای امروز',
      'تعداد کل دورههای فروختهشده',
      'دورههای فروختهشده امروز',
      'تعداد کل دورهها',
    ]);
    expect(dashboardBars.map((b) => b.key)).toEqual([
      'totalUsers',
      'totalRegisterToday',
      'totalCoursesSold',
      'totalCoursesSoldToday',
      'totalCourses',
    ]);
    const [dataset] = data.datasets;
    expect(dataset?.label).toBe('آمار کلی');
    expect(dataset?.data).toEqual([1, 2, 3, 4, 5]);
    expect(dataset?.borderRadius).toBe(8);
    expect(typeof dataset?.backgroundColor).toBe('function');
    // Each bar has its own colour pair.
    expect(new Set(dashboardBars.map((b) => b.colors.join())).size).toBe(5);
  });

  it('is laid out right to left with Persian digits, from zero, bouncing for 1200 ms', () => {
    expect(chartOptions.maintainAspectRatio).toBe(false);
    expect(chartOptions.animation).toMatchObject({ duration: 1200, easing: 'easeOutBounce' });
    expect(chartOptions.plugins?.legend).toMatchObject({ display: false });
    expect(chartOptions.plugins?.tooltip).toMatchObject({ rtl: true });
    expect(chartOptions.scales?.x).toMatchObject({ reverse: true });
    expect(chartOptions.scales?.y).toMatchObject({ position: 'right', beginAtZero: true });
    const ticks = chartOptions.scales?.y?.ticks;
    expect(ticks && 'callback' in ticks ? ticks.callback : undefined).toBe(persianTick);
    expect(persianTick(0)).toBe('۰');
    expect(persianTick(1250)).toBe('۱٬۲۵۰');
    expect(dashboardTexts.failed).toBe('دریافت اطلاعات با مشکل مواجه شد');
  });
});

// Shared steps of the public-site browser tests: real sign-up through the form, a child added
// in the dashboard, and catalogue look-ups straight from the public API.
import type { Page } from 'playwright-core';
import { waitForCode, type Stack } from './harness';

export interface CatalogueCourse {
  id: number;
  slug: string;
  title: string;
  registrationOpen: boolean;
  /** Null when the course has no capacity. */
  seatsLeft: number | null;
  category: { slug: string; name: string };
}

export async function publicJson<T>(stack: Stack, path: string): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body: T = await response.json();
  return body;
}

/** The first page of the catalogue (the seed's fits in one). */
export async function catalogue<T>(stack: Stack, query = ''): Promise<T[]> {
  return (await publicJson<{ courses: T[] }>(stack, `/api/Public/courses${query}`)).courses;
}

/** Courses a visitor can put in the cart: registration open and a seat left (a full one offers the waiting list). */
export async function openCourses(stack: Stack): Promise<CatalogueCourse[]> {
  const courses = await catalogue<CatalogueCourse>(stack);
  return courses.filter((course) => course.registrationOpen && course.seatsLeft !== 0);
}

export function coursePath(course: CatalogueCourse): string {
  return `/categories/${encodeURIComponent(course.category.slug)}/${encodeURIComponent(course.slug)}`;
}

let counter = 0;
/** A fresh mobile number per call, written in Persian digits as many users type it. */
export function uniqueMobile(): { persian: string; latin: string } {
  counter += 1;
  const latin = `091${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter % 100).padStart(2, '0')}`;
  const persian = latin.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.charAt(Number(d)));
  return { persian, latin };
}

/** The offline test machine cannot reach Zarinpal; make that explicit and fast. */
export async function blockZarinpal(page: Page): Promise<void> {
  await page.route('https://www.zarinpal.com/**', (route) => route.abort('internetdisconnected'));
}

/** Signs up through the form: the details, then the code the phone got (read from the SMS it received). */
export async function signUpThroughForm(page: Page, stack: Stack, firstName = 'مریم'): Promise<string> {
  const mobile = uniqueMobile();
  await page.goto(`${stack.baseUrl}/auth/sign-up`);
  await page.getByLabel('نام', { exact: true }).fill(firstName);
  await page.getByLabel('نام خانوادگی').fill('احمدی');
  await page.getByLabel('شماره موبایل').fill(mobile.persian);
  await page.getByLabel('رمز عبور').fill('a-good-password');
  const logged = stack.sms.messages.length;
  await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
  const code = await waitForCode(stack, mobile.latin, logged);
  await page.getByLabel('کد ۶ رقمی').fill(code);
  await page.getByRole('button', { name: 'تأیید و عضویت' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return mobile.latin;
}

export async function addChildThroughDashboard(page: Page, stack: Stack, firstName: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard') await page.goto(`${stack.baseUrl}/dashboard`);
  await page.getByRole('button', { name: 'افزودن فرزند' }).click();
  const form = page.getByRole('form', { name: 'افزودن فرزند تازه' });
  await form.getByLabel('نام', { exact: true }).fill(firstName);
  await form.getByLabel('نام خانوادگی').fill('احمدی');
  await form.getByLabel('سال').selectOption({ index: 10 });
  await form.getByLabel('ماه').selectOption({ label: 'مهر' });
  await form.getByLabel('روز').selectOption({ label: '۱۵' });
  await form.getByLabel('پایه تحصیلی').selectOption('پنجم دبستان');
  await form.getByRole('button', { name: 'ذخیره' }).click();
  await page.getByRole('list', { name: 'فرزندان' }).getByText(`${firstName} احمدی`).waitFor();
}

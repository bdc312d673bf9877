// The public shell and routing: the header's three-state button, the phone menu, redirects,
// the not-found page and the Zarinpal trust-logo fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, framesDrawn, launchBrowser, signInAsAdmin, startStack, type BrowserSession, type Stack } from './harness';
import { blockZarinpal, coursePath, openCourses, publicJson } from './site-helpers';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function withBrowser(
  run: (session: BrowserSession) => Promise<void>,
  viewport?: { width: number; height: number },
): Promise<void> {
  const session = await launchBrowser(viewport ? { viewport } : {});
  await blockZarinpal(session.page);
  try {
    await run(session);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
}

async function learnerToken(): Promise<string> {
  const phoneNumber = `0912${String(Date.now()).slice(-7)}`;
  const response = await apiSignUp(stack, { firstName: 'علی', lastName: 'کریمی', phoneNumber, emailAddress: '', password: 'a-good-password' });
  const body: { accessToken?: string } = await response.json();
  if (!body.accessToken) throw new Error(`sign-up failed: ${response.status}`);
  return body.accessToken;
}

const pathname = (url: string) => decodeURI(new URL(url).pathname);

describe('header button', () => {
  it('shows ورود/عضویت, then داشبورد for a learner, then ادمین پنل for an administrator', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(stack.baseUrl);
      const banner = page.getByRole('banner');
      const guest = banner.getByRole('link', { name: 'ورود/عضویت' });
      await expect.poll(() => guest.getAttribute('href')).toBe('/auth');

      // Same tab, no reload: saving a token fires tokenChanged and the header follows.
      const token = await learnerToken();
      await page.evaluate((value) => {
        localStorage.setItem('accessToken', value);
        window.dispatchEvent(new Event('tokenChanged'));
      }, token);
      const learner = banner.getByRole('link', { name: 'داشبورد' });
      await expect.poll(() => learner.getAttribute('href')).toBe('/dashboard');
      await learner.click();
      await page.waitForURL((url) => url.pathname === '/dashboard');

      // «خروج» clears the session and goes to /auth.
      await page.getByRole('button', { name: 'خروج' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await banner.getByRole('link', { name: 'ورود/عضویت' }).waitFor();

      await signInAsAdmin(page, stack);
      await page.goto(stack.baseUrl);
      const admin = banner.getByRole('link', { name: 'ادمین پنل' });
      await expect.poll(() => admin.getAttribute('href')).toBe('/admin');
      await admin.click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    });
  });

  // Needs the API client to leave 401s of /api/Auth/* to the form (a wrong password is not an
  // expired session); until then the client's 401 handler navigates to /auth.
  it('shows the server message when the password is wrong and stays on the sign-in page', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${stack.baseUrl}/auth/sign-in`);
      await page.getByLabel('شماره موبایل یا ایمیل').fill(stack.adminPhone);
      await page.getByLabel('رمز عبور').fill('not-the-password');
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/اشتباه|نادرست/);
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    });
  });

  it('signs out every tab when one tab signs out', async () => {
    await withBrowser(async ({ context, page }) => {
      const token = await learnerToken();
      await page.goto(stack.baseUrl);
      await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
      await page.goto(`${stack.baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'پروفایل فرزندان' }).waitFor();
      const other = await context.newPage();
      await other.goto(`${stack.baseUrl}/dashboard/cart`);
      await other.getByRole('button', { name: 'خروج' }).click();
      await other.waitForURL((url) => url.pathname === '/auth');
      await page.waitForURL((url) => url.pathname === '/auth');
    });
  });
});

describe('phone menu', () => {
  it('slides in, lists the sections and the call button, and closes on a link click', async () => {
    await withBrowser(
      async ({ page }) => {
        await page.goto(stack.baseUrl);
        // The desktop nav is hidden on a phone; the toggle is the way in.
        await expect.poll(() => page.getByRole('navigation', { name: 'منوی اصلی' }).isVisible()).toBe(false);
        const toggle = page.getByRole('button', { name: 'باز کردن منو' });
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        const panel = page.locator('#mobile-menu');
        await expect.poll(() => panel.isVisible()).toBe(false);
        await expect.poll(() => panel.evaluate((node) => getComputedStyle(node).transitionDuration)).toContain('0.4s');

        await toggle.click();
        await expect.poll(() => page.getByRole('button', { name: 'بستن منو' }).first().getAttribute('aria-expanded')).toBe('true');
        const menu = page.getByRole('navigation', { name: 'منوی کشویی' });
        await menu.waitFor({ state: 'visible' });
        await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual([
          'صفحه اصلی',
          'دسته‌بندی دوره‌ها',
          'مقالات',
          'درباره ما',
          'تماس با ما',
          'ورود/عضویت',
        ]);
        const call = panel.getByRole('link', { name: /تماس:/ });
        await expect.poll(() => call.getAttribute('href')).toMatch(/^tel:/);
        // The 0.4 s slide ends with the panel inside the viewport: waited for (a busy machine draws
        // the slide late), not slept for.
        await expect.poll(async () => { const b = await panel.boundingBox(); return b && b.x + b.width; }).toBeLessThanOrEqual(391);
        const box = await panel.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(391);
        expect(box && box.height).toBeGreaterThan(800);

        await menu.getByRole('link', { name: 'مقالات' }).click();
        await page.waitForURL((url) => url.pathname === '/articles');
        await expect.poll(() => page.getByRole('button', { name: 'باز کردن منو' }).getAttribute('aria-expanded')).toBe('false');
        await panel.waitFor({ state: 'hidden' });
      },
      { width: 390, height: 844 },
    );
  });
});

describe('redirects and the not-found page', () => {
  it('sends /courses and /categories/courses to /categories (the spec’s route table), where the all-courses search is', async () => {
    await withBrowser(async ({ page }) => {
      for (const path of ['/courses', '/categories/courses']) {
        await page.goto(`${stack.baseUrl}${path}`);
        await page.waitForURL((url) => url.pathname === '/categories' && url.search === '');
        await page.getByRole('heading', { level: 1, name: 'دسته‌بندی دوره‌ها' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'همه دوره‌ها' }).waitFor();
        await page.getByRole('search', { name: 'فیلتر دوره‌ها' }).waitFor();
      }
    });
  });

  it('sends a signed-out visitor from /dashboard to /auth and unknown dashboard paths to /dashboard', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${stack.baseUrl}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.getByRole('heading', { name: 'ورود/عضویت' }).waitFor();

      const token = await learnerToken();
      await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
      await page.goto(`${stack.baseUrl}/dashboard/unknown/deeper`);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: 'پروفایل فرزندان' }).waitFor();
    });
  });

  it('shows the not-found page for an unknown path and for unknown slugs', async () => {
    const [category] = await publicJson<{ slug: string }[]>(stack, '/api/Public/categories');
    if (!category) throw new Error('no category');
    await withBrowser(async ({ page }) => {
      for (const path of [
        '/no-such-page',
        '/categories/no-such-category',
        `/categories/${encodeURIComponent(category.slug)}/no-such-course`,
        '/articles/no-such-article',
      ]) {
        await page.goto(`${stack.baseUrl}${path}`);
        await page.getByRole('heading', { name: 'صفحه‌ای که دنبالش بودید پیدا نشد' }).waitFor();
        // Still inside the site shell, so the visitor can go on.
        await page.getByRole('banner').waitFor();
        await page.getByRole('contentinfo').waitFor();
      }
    });
  });
});

describe('footer', () => {
  it('loads the Zarinpal trust code only when seen and shows the fallback text when it fails', async () => {
    await withBrowser(async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith('https://www.zarinpal.com/')) requested.push(request.url());
      });
      await page.goto(stack.baseUrl);
      await page.getByRole('heading', { name: 'دوره‌های ویژه' }).waitFor();
      // The islands are up (goto waits for them) and the footer's observer has had its first
      // callback: it would have asked by now.
      await framesDrawn(page);
      expect(requested).toEqual([]);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.getByText('عدم دسترسی به لوگوی زرین‌پال').waitFor();
      expect(requested).toEqual(['https://www.zarinpal.com/webservice/TrustCode']);
      const footer = page.getByRole('contentinfo');
      expect(await footer.textContent()).toContain('کرج');
      for (const name of ['واتس‌اپ', 'لینکدین', 'اینستاگرام']) await footer.getByRole('link', { name }).waitFor();
    });
  });

  it('shows the scroll-to-top button after 300 px', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(stack.baseUrl);
      await page.getByRole('heading', { name: 'دوره‌های ویژه' }).waitFor();
      const button = page.getByRole('button', { name: 'بازگشت به بالای صفحه' });
      expect(await button.count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 600));
      await button.click();
      await page.waitForFunction(() => window.scrollY === 0);
    });
  });
});

describe('public pages', () => {
  it('sets each page title, filters a category through the URL and marks a course up with JSON-LD', async () => {
    const courses = await openCourses(stack);
    const course = courses[0];
    if (!course) throw new Error('no course');
    await withBrowser(async ({ page }) => {
      await page.goto(`${stack.baseUrl}/about-us`);
      await page.waitForFunction(() => document.title.startsWith('درباره ما'));
      await expect.poll(() => page.locator('meta[name="description"]').getAttribute('content')).toContain('کرج');

      await page.goto(`${stack.baseUrl}/categories/${encodeURIComponent(course.category.slug)}`);
      await page.getByLabel('نوع برگزاری').selectOption('offline');
      await page.waitForURL((url) => url.searchParams.get('type') === 'offline');
      await page.getByLabel('مرتب‌سازی').selectOption('price-desc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
      await page.reload();
      await expect.poll(() => page.getByLabel('نوع برگزاری').inputValue()).toBe('offline');

      await page.goto(`${stack.baseUrl}${coursePath(course)}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      expect(pathname(page.url())).toBe(decodeURI(coursePath(course)));
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      const data: { '@type'?: string; name?: string } = JSON.parse(jsonLd ?? '{}');
      expect(data['@type']).toBe('Course');
      expect(data.name).toBe(course.title);
      await expect.poll(() => page.title()).toContain(course.title);
      // Jalali dates and Persian digits, no Latin digits in the course facts.
      const aside = page.getByRole('complementary', { name: 'ثبت‌نام در دوره' });
      await expect.poll(() => aside.textContent()).toMatch(/[۰-۹]/);
      const facts = await aside.textContent();
      expect(facts).not.toMatch(/[0-9]/);
    });
  });

  it('validates the contact form in Persian and sends it', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${stack.baseUrl}/contact-us`);
      const form = page.getByRole('form', { name: 'فرم تماس' });
      await form.getByRole('button', { name: 'ارسال پیام' }).click();
      await form.getByText('نام و نام خانوادگی الزامی است').waitFor();
      await form.getByLabel('نام و نام خانوادگی').fill('زهرا محمدی');
      await form.getByLabel('شماره موبایل').fill('۰۹۱۲۱۲۳۴۵۶۷');
      await form.getByLabel('متن پیام').fill('برای دوره رباتیک پسرم راهنمایی می‌خواهم.');
      await form.getByRole('button', { name: 'ارسال پیام' }).click();
      await page.getByText('پیام شما ارسال شد.', { exact: false }).waitFor();
    });
  });

  it('renders an article body without scripts', async () => {
    const [article] = await publicJson<{ slug: string; name: string }[]>(stack, '/api/Public/articles');
    if (!article) throw new Error('no article');
    await withBrowser(async ({ page }) => {
      await page.goto(`${stack.baseUrl}/articles`);
      await page.getByRole('link', { name: article.name }).first().click();
      await page.getByRole('heading', { level: 1, name: article.name }).waitFor();
      await expect.poll(async () => (await page.locator('.article-body').textContent())?.length).toBeGreaterThan(20);
      expect(await page.locator('.article-body script').count()).toBe(0);
    });
  });
});

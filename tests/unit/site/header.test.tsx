// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { company } from '../../../schema/rules/company';
import { SiteHeader } from '../../../src/components/site/SiteHeader';
import { removeToken, saveToken, tokenStorageKey } from '../../../src/lib/auth';
import { Island } from '../../../src/islands/Island';
import { followIslandLinksInSpa, setSpaNavigator } from '../../../src/lib/pageNavigation';
import { fakeToken, renderWithRouter } from './helpers';

beforeAll(() => followIslandLinksInSpa(document));
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function headerButton(): Promise<HTMLElement> {
  const banner = await screen.findByRole('banner');
  const nav = within(banner).getByRole('navigation', { name: 'منوی اصلی' });
  // The button sits beside the main nav, outside the mobile panel.
  const candidates = within(banner)
    .getAllByRole('link')
    .filter((link) => !nav.contains(link) && link.closest('#mobile-menu') === null && link.dataset.authState);
  const [button] = candidates;
  if (!button || candidates.length !== 1) throw new Error(`expected one header button, got ${candidates.length}`);
  return button;
}

describe('header button', () => {
  it('sends a visitor without a token to /auth as ورود/عضویت', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    const button = await headerButton();
    expect(button.textContent).toBe('ورود/عضویت');
    expect(button.getAttribute('href')).toBe('/auth');
  });

  it('sends a learner to /dashboard', async () => {
    localStorage.setItem(tokenStorageKey, fakeToken('User'));
    renderWithRouter(<SiteHeader pathname="/" />);
    const button = await headerButton();
    expect(button.textContent).toBe('داشبورد');
    expect(button.getAttribute('href')).toBe('/dashboard');
  });

  it('sends an administrator to /admin as ادمین پنل', async () => {
    localStorage.setItem(tokenStorageKey, fakeToken('Administrator'));
    renderWithRouter(<SiteHeader pathname="/" />);
    const button = await headerButton();
    expect(button.textContent).toBe('ادمین پنل');
    expect(button.getAttribute('href')).toBe('/admin');
  });

  it('treats a malformed token as a signed-in non-admin', async () => {
    localStorage.setItem(tokenStorageKey, 'not-a-jwt');
    renderWithRouter(<SiteHeader pathname="/" />);
    expect((await headerButton()).textContent).toBe('داشبورد');
  });

  it('re-reads the token on tokenChanged', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    expect((await headerButton()).textContent).toBe('ورود/عضویت');
    act(() => saveToken(fakeToken('Administrator')));
    expect((await headerButton()).textContent).toBe('ادمین پنل');
    act(() => saveToken(fakeToken('User')));
    expect((await headerButton()).textContent).toBe('داشبورد');
    act(() => removeToken());
    expect((await headerButton()).textContent).toBe('ورود/عضویت');
  });

  it('re-reads the token when another tab changes storage', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    expect((await headerButton()).textContent).toBe('ورود/عضویت');
    act(() => {
      // Another tab wrote the token: this tab only hears the storage event.
      localStorage.setItem(tokenStorageKey, fakeToken('User'));
      window.dispatchEvent(new StorageEvent('storage', { key: tokenStorageKey }));
    });
    expect((await headerButton()).textContent).toBe('داشبورد');
  });

  it('marks the section of the current page, the home link only on the home page', async () => {
    renderWithRouter(<SiteHeader pathname="/articles/some-article" />);
    const nav = await screen.findByRole('navigation', { name: 'منوی اصلی' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(current).toEqual(['مقالات']);
  });

  it('shows the spec’s five section links in order (the all-courses search lives on /categories)', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    const nav = await screen.findByRole('navigation', { name: 'منوی اصلی' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/categories',
      '/articles',
      '/about-us',
      '/contact-us',
    ]);
  });
});

describe('mobile menu', () => {
  it('opens with the toggle and closes when a link is clicked, which the SPA router follows', async () => {
    // As inside the SPA (src/main.tsx): the island's plain links go through the router.
    const { router } = renderWithRouter(<Island name="SiteHeader" component={SiteHeader} props={{ pathname: '/' }} />);
    setSpaNavigator((href) => router.history.push(href));
    const toggle = await screen.findByRole('button', { name: 'باز کردن منو' });
    const panel = document.getElementById('mobile-menu');
    if (!panel) throw new Error('no mobile menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.state).toBe('closed');
    expect(panel.getAttribute('aria-hidden')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.state).toBe('open');
    expect(toggle.getAttribute('aria-label')).toBe('بستن منو');

    const mobileNav = within(panel).getByRole('navigation', { name: 'منوی کشویی' });
    expect(
      within(mobileNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['صفحه اصلی', 'دسته‌بندی دوره‌ها', 'مقالات', 'درباره ما', 'تماس با ما', 'ورود/عضویت']);
    fireEvent.click(within(mobileNav).getByRole('link', { name: 'مقالات' }));
    expect(panel.dataset.state).toBe('closed');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(router.state.location.pathname).toBe('/articles'));
  });

  it('has a call button with the company phone that also closes the menu', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    fireEvent.click(await screen.findByRole('button', { name: 'باز کردن منو' }));
    const panel = document.getElementById('mobile-menu');
    if (!panel) throw new Error('no mobile menu');
    const call = within(panel).getByRole('link', { name: new RegExp(company.phone) });
    expect(call.getAttribute('href')).toBe(company.phoneHref);
    expect(company.phoneHref.startsWith('tel:')).toBe(true);
    fireEvent.click(call);
    expect(panel.dataset.state).toBe('closed');
  });

  it('offers the dashboard instead of sign-in to a signed-in learner', async () => {
    localStorage.setItem(tokenStorageKey, fakeToken('User'));
    renderWithRouter(<SiteHeader pathname="/" />);
    fireEvent.click(await screen.findByRole('button', { name: 'باز کردن منو' }));
    const panel = document.getElementById('mobile-menu');
    if (!panel) throw new Error('no mobile menu');
    expect(within(panel).getByRole('link', { name: 'داشبورد' }).getAttribute('href')).toBe('/dashboard');
    expect(within(panel).queryByRole('link', { name: 'ورود/عضویت' })).toBeNull();
  });

  it('closes on Escape', async () => {
    renderWithRouter(<SiteHeader pathname="/" />);
    const toggle = await screen.findByRole('button', { name: 'باز کردن منو' });
    fireEvent.click(toggle);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('slides with a 0.4 s transition', () => {
    // The site's stylesheet with its parts in place, as the build inlines them.
    const css = readFileSync('src/components/site/site.css', 'utf8').replace(/@import '([^']+)';/g, (_, part: string) =>
      readFileSync(path.join('src/components/site', part), 'utf8'),
    );
    const rule = /\.mobile-menu\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/transform 0\.4s/);
    expect(rule).toMatch(/visibility 0s linear 0\.4s/);
  });
});

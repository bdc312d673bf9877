// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../../schema/rules/company';
import { offlineMark } from '../../../schema/serverRender';
import { ScrollTopButton } from '../../../src/components/site/ScrollTopButton';
import { SiteFooter } from '../../../src/components/site/SiteFooter';
import { TrustLogo, trustLogoFailedText } from '../../../src/components/site/TrustLogo';
import { renderWithRouter } from './helpers';
import { publicSectionDisplays } from '../../../schema/publicSections.gen';

type ObserverCallback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;

const observers: {
  callback: ObserverCallback;
  options: IntersectionObserverInit | undefined;
  disconnected: boolean;
}[] = [];

class FakeIntersectionObserver {
  private readonly record: (typeof observers)[number];
  constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
    this.record = { callback, options, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function trustScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter(
    (script) => script.src === company.trustCodeScript,
  );
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Zarinpal trust logo', () => {
  it('waits until 10% of its box is visible, then injects the script once', () => {
    render(<TrustLogo />);
    expect(trustScripts()).toHaveLength(0);
    const [observer] = observers;
    if (!observer) throw new Error('no observer');
    expect(observer.options?.threshold).toBe(0.1);

    act(() => observer.callback([{ isIntersecting: false }]));
    expect(trustScripts()).toHaveLength(0);

    act(() => observer.callback([{ isIntersecting: true }]));
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(trustScripts()).toHaveLength(1);
    expect(observer.disconnected).toBe(true);
  });

  it('shows the unavailability text when the script fails to load', () => {
    render(<TrustLogo />);
    expect(screen.queryByText(trustLogoFailedText)).toBeNull();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    const [script] = trustScripts();
    if (!script) throw new Error('script not injected');
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('عدم دسترسی به لوگوی زرین‌پال')).toBeTruthy();
  });

  it('shows no fallback text when the script loads', () => {
    render(<TrustLogo />);
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    act(() => {
      trustScripts()[0]?.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByText(trustLogoFailedText)).toBeNull();
  });

  it('on a page marked as loading nothing from the internet (the trial), asks for no script when seen and says nothing', () => {
    document.head.insertAdjacentHTML('beforeend', offlineMark.html);
    try {
      const { container } = render(<TrustLogo />);
      act(() => observers[0]?.callback([{ isIntersecting: true }]));
      expect(trustScripts()).toHaveLength(0);
      expect(container.querySelector('.trust-logo')?.getAttribute('data-status')).toBe('off');
      expect(screen.queryByText(trustLogoFailedText)).toBeNull();
    } finally {
      document.head.querySelector(offlineMark.selector)?.remove();
    }
  });
});

describe('footer', () => {
  it('links the site’s sections (and those schema files add) and shows address, phone, social icons and the copyright owner', async () => {
    renderWithRouter(<SiteFooter />);
    const footer = await screen.findByRole('contentinfo');
    const nav = within(footer).getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/categories', '/teachers', '/articles', '/about-us', '/contact-us', ...Object.keys(publicSectionDisplays).map((path) => `/${path}`)]);
    // The sections schema files add: the holidays now.
    expect(within(nav).getByRole('link', { name: 'تعطیلات آموزشگاه' }).getAttribute('href')).toBe('/holidays');
    expect(footer.textContent).toContain(company.address);
    expect(company.address).toContain('کرج');
    expect(within(footer).getByRole('link', { name: company.phone }).getAttribute('href')).toBe(company.phoneHref);
    for (const name of ['واتس‌اپ', 'لینکدین', 'اینستاگرام']) {
      expect(within(footer).getByRole('link', { name }).getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(footer).getByRole('img', { name: 'نماد اعتماد الکترونیکی' })).toBeTruthy();
    expect(within(footer).getByRole('img', { name: 'همکاری با دانشگاه' })).toBeTruthy();
    expect(within(footer).getByRole('img', { name: 'سازمان آموزش فنی و حرفه‌ای' })).toBeTruthy();
    expect(footer.textContent).toContain(company.legalName);
    expect(footer.textContent).toMatch(/©\s*[۰-۹]{4}/);
  });
});

describe('scroll-to-top button', () => {
  function scrollTo(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  }

  it('appears only after scrolling more than 300 px and scrolls back up', () => {
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    render(<ScrollTopButton />);
    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'بازگشت به بالای صفحه' })).toBeNull();
    scrollTo(301);
    fireEvent.click(screen.getByRole('button', { name: 'بازگشت به بالای صفحه' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'بازگشت به بالای صفحه' })).toBeNull();
  });
});

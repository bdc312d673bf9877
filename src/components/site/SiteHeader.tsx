import { useEffect, useState } from 'react';
import { AuthButton } from './AuthButton';
import { company } from '../../../schema/rules/company';
import { mainLinks } from './navigation';
import { SignInAlertBanner } from './SignInAlertBanner';

export const menuTexts = {
  open: 'باز کردن منو',
  close: 'بستن منو',
  title: 'منو',
  call: 'تماس',
} as const;

/** The section a path belongs to: the home link only for the home page itself. */
function isActive(link: string, pathname: string): boolean {
  if (link === '/') return pathname === '/';
  return pathname === link || pathname.startsWith(`${link}/`);
}

/** An island (src/islands/): plain links, the current path from the page that renders it. */
export function SiteHeader({ pathname }: { pathname: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  // Back/forward navigation does not click a menu link, so a path change closes it too
  // (adjusted during render, React's pattern for state derived from a changing value).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // The panel and backdrop sit outside <header>, so no effect given to the header (a filter,
  // a transform) can become the containing block of their `position: fixed` and clip them.
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <a href="/" className="site-logo">
            <img src="/images/logo.svg" width={44} height={44} alt="" />
            <span>{company.shortName}</span>
          </a>
          <nav className="site-nav" aria-label="منوی اصلی">
            {mainLinks.map((link) => {
              const active = isActive(link.to, pathname);
              return (
                <a
                  key={link.to}
                  href={link.to}
                  className={active ? 'site-nav__link is-active' : 'site-nav__link'}
                  aria-current={active ? 'page' : undefined}
                >
                  {link.label}
                </a>
              );
            })}
          </nav>
          <AuthButton className="button button--primary site-header__auth" />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? menuTexts.close : menuTexts.open}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true" className="menu-toggle__bars" />
          </button>
        </div>
      </header>
      {/* Outside the sticky header, so a long warning does not stay over the page on a phone. */}
      <SignInAlertBanner />
      <div
        className="mobile-menu__backdrop"
        data-state={menuOpen ? 'open' : 'closed'}
        onClick={closeMenu}
        aria-hidden="true"
      />
      <div
        id="mobile-menu"
        className="mobile-menu"
        data-state={menuOpen ? 'open' : 'closed'}
        aria-hidden={!menuOpen}
        inert={!menuOpen}
      >
        <div className="mobile-menu__head">
          <strong>{menuTexts.title}</strong>
          <button type="button" className="mobile-menu__close" aria-label={menuTexts.close} onClick={closeMenu}>
            ×
          </button>
        </div>
        <nav aria-label="منوی کشویی" className="mobile-menu__nav">
          {mainLinks.map((link) => (
            <a
              key={link.to}
              href={link.to}
              className={isActive(link.to, pathname) ? 'mobile-menu__link is-active' : 'mobile-menu__link'}
              onClick={closeMenu}
            >
              {link.label}
            </a>
          ))}
          <AuthButton className="mobile-menu__link mobile-menu__auth" onNavigate={closeMenu} />
        </nav>
        <a className="button button--accent mobile-menu__call" href={company.phoneHref} onClick={closeMenu}>
          {menuTexts.call}: <span dir="ltr">{company.phone}</span>
        </a>
      </div>
    </>
  );
}

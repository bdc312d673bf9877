// The admin frame: RTL Radix theme, the 16rem sidebar in its groups (a drawer on phones), the header with the
// screen title, today's Jalali date, home and logout, and the one toast container.
// Only the theme's base tokens and the two palettes in use: the dialogs are unstyled Radix
// primitives styled in admin.css, so components.css and utilities.css (0.7 MB) are not needed.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import './admin.css';
import { Theme } from '@radix-ui/themes';
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { signOut } from '../../api/signOut';
import { formatTodayHeader } from '../../../schema/rules/calendar';
import { SignInAlertBanner } from '../site/SignInAlertBanner';
import { SkipLink } from '../site/SkipLink';
import { entitySummaries } from '../../../schema/entityIndex.gen';
import { formatPersianNumber } from '../../../schema/rules/text';
import { useNavBadges, type NavBadges } from './navBadges';
import { usePanelAccess } from './panelAccess';
import { type AdminLink, type AdminNavGroup, adminNavigation } from './navigation';
import { adminTexts } from './texts';

/** Spec §9, exactly. */
export const toastSettings = {
  position: 'bottom-right',
  autoClose: 2000,
  theme: 'light',
  closeOnClick: true,
  draggable: true,
  pauseOnHover: false,
  hideProgressBar: false,
  rtl: true,
} as const;

/**
 * react-toastify's region is a polite live region, each toast an alert in it, so a screen reader
 * says every notice as it appears; what it names in English (the region, the close button) is
 * named in Persian here.
 */
function toastClose({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={adminTexts.closeNotice}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/**
 * An entity's count (schema `navBadge`) beside its link. The digits are hidden from the link's
 * name, which stays the screen's name; screen readers hear the count as its description.
 */
function NavCount({ id, count, title }: { id: string; count: number; title: string }) {
  return (
    <>
      <span className="admin-nav-count" aria-hidden="true">
        {formatPersianNumber(count)}
      </span>
      <span id={id} hidden>
        {`${formatPersianNumber(count)} ${title}`}
      </span>
    </>
  );
}

function SidebarLink({ item, onFollow, badges }: { item: AdminLink; onFollow: () => void; badges: NavBadges }) {
  const countId = useId();
  const badge = 'entity' in item ? entitySummaries[item.entity].badgeTitle : undefined;
  const count = 'entity' in item ? (badges[item.entity] ?? 0) : 0;
  const counted = badge !== undefined && count > 0;
  const common = {
    className: counted ? 'admin-nav-link admin-nav-link-with-count' : 'admin-nav-link',
    activeProps: { className: counted ? 'admin-nav-link admin-nav-link-with-count admin-nav-active' : 'admin-nav-link admin-nav-active' },
    // A link followed on a phone should reveal its screen, not leave the drawer over it.
    onClick: onFollow,
  };
  return 'entity' in item ? (
    <Link to="/admin/$entity" params={{ entity: item.entity }} {...common} aria-describedby={counted ? countId : undefined}>
      <span>{item.label}</span>
      {counted && <NavCount id={countId} count={count} title={badge} />}
    </Link>
  ) : (
    <Link to={item.page} {...common}>
      {item.label}
    </Link>
  );
}

/** A group of links under its heading (the first group, the dashboard, has none). */
function SidebarGroup({ group, onFollow, badges }: { group: AdminNavGroup; onFollow: () => void; badges: NavBadges }) {
  const headingId = useId();
  return (
    <>
      {group.title && (
        <p id={headingId} className="admin-nav-group-title">
          {group.title}
        </p>
      )}
      <ul className="admin-nav" aria-labelledby={group.title ? headingId : undefined}>
        {group.links.map((item) => (
          <li key={item.href}>
            <SidebarLink item={item} onFollow={onFollow} badges={badges} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const router = useRouter();
  const access = usePanelAccess();
  const groups = useMemo(() => adminNavigation(Object.values(router.routesById), entitySummaries, access), [router, access]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const badges = useNavBadges(pathname);
  const sidebarId = useId();
  const active = groups.flatMap((group) => group.links).find((link) => pathname === link.href || pathname.startsWith(`${link.href}/`));
  const title = active?.label ?? adminTexts.panelTitle;

  return (
    <Theme accentColor="indigo" grayColor="slate" radius="medium" hasBackground={false} className="admin-theme">
      <Direction.Provider dir="rtl">
        <div className="admin-layout" dir="rtl">
          <SkipLink target="admin-content" />
          <aside id={sidebarId} className={`admin-sidebar${menuOpen ? ' admin-sidebar-open' : ''}`} aria-label={adminTexts.panelTitle}>
            <p className="admin-sidebar-title">{adminTexts.panelTitle}</p>
            <nav>
              {groups.map((group) => (
                <SidebarGroup key={group.key} group={group} onFollow={() => setMenuOpen(false)} badges={badges} />
              ))}
            </nav>
          </aside>
          {menuOpen && <div className="admin-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
          <div className="admin-main">
            <header className="admin-header">
              <button
                type="button"
                className="admin-menu-button"
                aria-expanded={menuOpen}
                aria-controls={sidebarId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span aria-hidden="true">☰</span> {adminTexts.menu}
              </button>
              <h1 className="admin-header-title">{title}</h1>
              <p className="admin-today">{formatTodayHeader()}</p>
              <div className="admin-header-actions">
                <button type="button" className="admin-button admin-button-secondary" onClick={() => void navigate({ to: '/' })}>
                  {adminTexts.home}
                </button>
                <button
                  type="button"
                  className="admin-button admin-button-danger"
                  onClick={() => {
                    void signOut().then(() => navigate({ to: '/auth' }));
                  }}
                >
                  {adminTexts.logout}
                </button>
              </div>
            </header>
            <main id="admin-content" className="admin-content" tabIndex={-1}>
              <SignInAlertBanner className="sign-in-alert admin-sign-in-alert" />
              {children}
            </main>
          </div>
        </div>
        <ToastContainer {...toastSettings} aria-label={adminTexts.notices} closeButton={toastClose} />
      </Direction.Provider>
    </Theme>
  );
}

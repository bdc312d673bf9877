import type { ReactNode } from 'react';
import { formatPersianNumber } from '../../../schema/rules/digits';

export const pagerTexts = {
  label: 'صفحه‌های فهرست دوره‌ها',
  previous: 'صفحه قبل',
  next: 'صفحه بعد',
  page: (n: number) => `صفحه ${formatPersianNumber(n)}`,
  of: (page: number, count: number) => `صفحه ${formatPersianNumber(page)} از ${formatPersianNumber(count)}`,
} as const;

/** The page numbers worth a link: the first, the last, and two either side of the current (null: a gap). */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] ?? n) > 1 ? [null, n] : [n]));
}

export interface PageLinkProps {
  className: string;
  /**
   * For the router's link: a link to another page of the list is never the current page (the
   * router's partial match would take the first page's `/categories` for `/categories?page=4`).
   */
  activeOptions: { exact: boolean; includeSearch: boolean };
  'aria-label'?: string;
  rel?: 'prev' | 'next';
  children: ReactNode;
}

/**
 * Links to the other pages of a list: plain links (each page is an address the server renders),
 * so they work before the page's scripts run. `link` makes the page's own kind of link to page
 * `n` (the router's, keeping the filters).
 */
export const notCurrent: PageLinkProps['activeOptions'] = { exact: true, includeSearch: true };

export function CoursePager({ page, pageCount, link }: { page: number; pageCount: number; link: (n: number, props: PageLinkProps) => ReactNode }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={pagerTexts.label}>
      <p className="pager__where">{pagerTexts.of(page, pageCount)}</p>
      <ul className="pager__pages">
        {page > 1 && <li>{link(page - 1, { className: 'pager__step', rel: 'prev', activeOptions: notCurrent, children: pagerTexts.previous })}</li>}
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pager__page pager__page--current" aria-current="page" aria-label={pagerTexts.page(n)}>
                  {formatPersianNumber(n)}
                </span>
              ) : (
                link(n, { className: 'pager__page', 'aria-label': pagerTexts.page(n), activeOptions: notCurrent, children: formatPersianNumber(n) })
              )}
            </li>
          ),
        )}
        {page < pageCount && <li>{link(page + 1, { className: 'pager__step', rel: 'next', activeOptions: notCurrent, children: pagerTexts.next })}</li>}
      </ul>
    </nav>
  );
}

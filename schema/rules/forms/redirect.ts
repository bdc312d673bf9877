import type { PostedForm } from './postedForm';

// `?redirect=` comes from the address bar, so only same-site paths are honoured: an absolute
// or protocol-relative address would turn the sign-in page into an open redirect.
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/[\u0000-\u001f]/.test(value)) return undefined;
  return value;
}

export interface AuthSearch {
  redirect?: string;
  /** The sign-in page's way in (`code`: by an SMS code), the recovery page's (`email`). */
  with?: 'code' | 'email';
}

/** The auth forms' island props: where to go next, and the server's answer to a plain post. */
export interface AuthFormProps extends AuthSearch {
  posted?: PostedForm;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const redirect = safeRedirect(search.redirect);
  const way = search.with === 'code' || search.with === 'email' ? search.with : undefined;
  return { ...(redirect ? { redirect } : {}), ...(way ? { with: way } : {}) };
}

/**
 * The query string that carries the destination on to another auth page, and the way in to
 * show (`way`) when it is not the page's first.
 */
export function authSearchQuery(search: AuthSearch, way?: AuthSearch['with']): string {
  const query = new URLSearchParams();
  if (way) query.set('with', way);
  if (search.redirect) query.set('redirect', search.redirect);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The children page's address from a course page: `add` opens the child form, `returnTo` is the
 * page to go back to. Only ids and same-site paths travel in the address, never a name.
 */
export interface ChildrenSearch {
  add?: 'child';
  returnTo?: string;
}

export function validateChildrenSearch(search: Record<string, unknown>): ChildrenSearch {
  const returnTo = safeRedirect(search.returnTo);
  return { ...(search.add === 'child' ? { add: 'child' as const } : {}), ...(returnTo ? { returnTo } : {}) };
}

/** «افزودن فرزند» from a page that will want the new child chosen on return. */
export function addChildHref(returnTo: string): string {
  const back = safeRedirect(returnTo);
  return `/dashboard?${new URLSearchParams({ add: 'child', ...(back ? { returnTo: back } : {}) })}`;
}

/** The course page's `?child=`: the child to choose first, by id. */
export interface ChosenChildSearch {
  child?: number;
}

export function validateChosenChildSearch(search: Record<string, unknown>): ChosenChildSearch {
  const child = Number(search.child);
  return Number.isSafeInteger(child) && child > 0 ? { child } : {};
}

/** The page to return to, with the new child chosen there (any earlier choice replaced). */
export function withChosenChild(returnTo: string, childId: number): string {
  const url = new URL(returnTo, 'http://site.invalid');
  url.searchParams.set('child', String(childId));
  return `${url.pathname}${url.search}${url.hash}`;
}

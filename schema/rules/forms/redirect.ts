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

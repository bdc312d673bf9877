import type { PostedForm } from '../postedForm';

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
}

/** The auth forms' island props: where to go next, and the server's answer to a plain post. */
export interface AuthFormProps extends AuthSearch {
  posted?: PostedForm;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}

/** The query string that carries the destination on to the other auth page. */
export function authSearchQuery(search: AuthSearch): string {
  return search.redirect ? `?${new URLSearchParams({ redirect: search.redirect })}` : '';
}

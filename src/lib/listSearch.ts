// An admin list's view as it lives in the URL (/admin/courses?sort=-priceInTomans&f.type=online&q=…):
// the list protocol's own parameter names, so a bookmarked or shared URL, a saved view and the CSV
// export all say the same thing. Pure and small: the route's validateSearch runs in the entry chunk.

/** A value as TanStack Router's search parser reads it from the URL (numbers and booleans typed). */
export type UrlValue = string | number | boolean;

export interface ListSearch {
  page?: number;
  sort?: string;
  q?: string;
  [filter: `f.${string}`]: UrlValue | UrlValue[] | undefined;
}

export type FilterKey = `f.${string}`;

const sortPattern = /^-?[A-Za-z][A-Za-z0-9]*$/;
const filterPattern = /^f\.[A-Za-z][A-Za-z0-9]*$/;
const isFilterKey = (key: string): key is FilterKey => filterPattern.test(key);
const isUrlValue = (value: unknown): value is UrlValue => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The route's validateSearch: keeps what is well formed, drops the rest (the server checks fields). */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof raw.sort === 'string' && sortPattern.test(raw.sort)) out.sort = raw.sort;
  if (isUrlValue(raw.q) && String(raw.q).trim() !== '') out.q = String(raw.q);
  for (const [key, value] of Object.entries(raw)) {
    if (!isFilterKey(key)) continue;
    if (isUrlValue(value)) out[key] = value;
    else if (Array.isArray(value) && value.length > 0 && value.every(isUrlValue)) out[key] = value;
  }
  return out;
}

/** A URL text typed the way the router's parser types it, so the URL stays free of quotes. */
export function urlValue(text: string): UrlValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return text !== '' && String(Number(text)) === text ? Number(text) : text;
}

export function filterKeys(search: ListSearch): FilterKey[] {
  return Object.keys(search).filter(isFilterKey);
}

/** The list operation's query for the view (list protocol). */
/** Rows per page of a server-driven list. */
export const listPageSize = 100;

export function toApiQuery(search: ListSearch, pageSize: number): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { page: String(search.page ?? 1), pageSize: String(pageSize) };
  if (search.sort) query.sort = search.sort;
  if (search.q) query.q = search.q;
  for (const key of filterKeys(search)) {
    const value = search[key];
    if (value === undefined) continue;
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

/** The view as a query string without the page (saved views, the CSV export). */
export function toQueryString(search: ListSearch): string {
  const params = new URLSearchParams();
  if (search.sort) params.set('sort', search.sort);
  if (search.q) params.set('q', search.q);
  for (const key of filterKeys(search).sort()) {
    const value = search[key];
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, String(one));
  }
  return params.toString();
}

export function fromQueryString(text: string): ListSearch {
  const raw: Record<string, UrlValue | UrlValue[]> = {};
  for (const [key, value] of new URLSearchParams(text.replace(/^\?/, ''))) {
    const typed = key === 'q' || key === 'sort' ? value : urlValue(value);
    const before = raw[key];
    raw[key] = before === undefined ? typed : Array.isArray(before) ? [...before, typed] : [before, typed];
  }
  return validateListSearch(raw);
}

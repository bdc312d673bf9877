import { describe, expect, it } from 'vitest';
import { fromQueryString, toApiQuery, toQueryString, urlValue, validateListSearch } from '../../../src/lib/listSearch';

describe('list search in the URL', () => {
  it('keeps well-formed parameters only', () => {
    expect(validateListSearch({ page: 3, sort: '-priceInTomans', q: 12, 'f.type': 'online', 'f.bad key': 1, sort2: 'x' })).toEqual({
      page: 3,
      sort: '-priceInTomans',
      q: '12',
      'f.type': 'online',
    });
    expect(validateListSearch({ page: 1, sort: 'a;drop', q: '  ' })).toEqual({});
    expect(validateListSearch({ 'f.type': ['online', 'offline'], 'f.x': {} })).toEqual({ 'f.type': ['online', 'offline'] });
  });

  it('turns a view into the list query and a saved view text and back', () => {
    const search = { page: 2, sort: 'title', q: 'كيك', 'f.inActive': false, 'f.role': 300 } as const;
    expect(toApiQuery(search, 100)).toEqual({ page: '2', pageSize: '100', sort: 'title', q: 'كيك', 'f.inActive': 'false', 'f.role': '300' });
    const text = toQueryString(search);
    expect(text).toBe('sort=title&q=%D9%83%D9%8A%D9%83&f.inActive=false&f.role=300');
    expect(fromQueryString(text)).toEqual({ sort: 'title', q: 'كيك', 'f.inActive': false, 'f.role': 300 });
  });

  it('types URL values as the router does, leaving phone-like text as text', () => {
    expect(urlValue('300')).toBe(300);
    expect(urlValue('true')).toBe(true);
    expect(urlValue('0912')).toBe('0912');
    expect(urlValue('')).toBe('');
  });
});

// @vitest-environment jsdom
// The list's search box while the address catches up slowly (a busy phone): what was typed stays
// in the box, whatever order the address's earlier values arrive in, and the list's last query is
// the whole text typed. A view from elsewhere (Back, a saved view) still replaces the box.
import '../../machines/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../../../schema/registry.gen';
import { ListToolbar } from '../../../src/components/admin/ListControls';
import type { ListSearch } from '../../../src/lib/listSearch';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A list page whose address takes `lag` ms to take each view asked for (as a busy router would). */
/** Sets the page's view as Back or a saved view would, from outside the box. */
let setFromOutside: ((view: ListSearch) => void) | undefined;

function SlowAddress({ lag, asked }: { lag: number; asked: Array<ListSearch> }) {
  const [view, setView] = useState<ListSearch>({});
  useEffect(() => {
    setFromOutside = setView;
  }, []);
  const onView = useCallback(
    (next: ListSearch) => {
      asked.push(next);
      setTimeout(() => setView(next), lag);
    },
    [asked, lag],
  );
  return <ListToolbar entity={registry.courses} view={view} onView={onView} total={null} />;
}

const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'جستجو' });

/** Types `text` one character at a time, `gap` ms apart. */
async function typeSlowly(text: string, gap: number) {
  for (const character of text) {
    fireEvent.change(box(), { target: { value: box().value + character } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(gap);
    });
  }
}

describe('the list search box', () => {
  it('keeps every character typed while the address lags behind the typing', async () => {
    const asked: ListSearch[] = [];
    render(<SlowAddress lag={700} asked={asked} />);
    const typed = 'صفحه‌کلید';
    await typeSlowly(typed, 400);
    expect(box().value).toBe(typed);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(box().value).toBe(typed);
    expect(asked.at(-1)?.q).toBe(typed);
  });

  it('takes a view set from elsewhere into the box', async () => {
    render(<SlowAddress lag={50} asked={[]} />);
    await typeSlowly('پایتون', 10);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(box().value).toBe('پایتون');
    act(() => setFromOutside?.({ q: 'رباتیک' }));
    expect(box().value).toBe('رباتیک');
    act(() => setFromOutside?.({}));
    expect(box().value).toBe('');
  });
});

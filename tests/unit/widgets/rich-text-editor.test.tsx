// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RichTextEditorDefault, {
  RichTextEditor,
  isAllowedLink,
  normaliseLinkInput,
} from '../../../src/components/admin/inputs/RichTextEditor';

// ProseMirror measures the caret for scrolling; jsdom has no layout.
if (!('getClientRects' in Range.prototype)) {
  Object.defineProperty(Range.prototype, 'getClientRects', { value: () => [] });
}
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.scrollIntoView = () => undefined;
document.elementFromPoint = () => null;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function selectText(node: ChildNode | null | undefined, start: number, end: number) {
  if (!node) throw new Error('no text node');
  act(() => {
    content().focus();
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

function content() {
  const el = document.querySelector<HTMLElement>('.rte-content');
  if (!el) throw new Error('no editable');
  return el;
}

describe('RichTextEditor', () => {
  it('is exported both named and default (for React.lazy)', () => {
    expect(RichTextEditorDefault).toBe(RichTextEditor);
  });

  it('renders an RTL editable with the toolbar buttons labelled in Persian', async () => {
    render(<RichTextEditor id="body" value="<p>سلام</p>" onChange={() => undefined} />);
    await waitFor(() => expect(content().textContent).toBe('سلام'));
    expect(content().getAttribute('dir')).toBe('rtl');
    expect(content().id).toBe('body');
    for (const name of [
      'پررنگ',
      'مورب',
      'زیرخط',
      // A word drawn on the button is part of its name (what a voice-control user says).
      'سرتیتر ۱ H1',
      'سرتیتر ۲ H2',
      'فهرست نقطه‌ای',
      'فهرست شماره‌دار ۱.',
      'نقل قول',
      'بلوک کد',
      'لینک',
      'راست‌چین',
      'وسط‌چین',
      'چپ‌چین',
      'تراز دو طرفه',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('applies marks, headings and alignment to the selection, reports HTML and sets aria-pressed', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor id="body" value="<p>سلام</p>" onChange={onChange} />);
    await waitFor(() => expect(content().textContent).toBe('سلام'));
    selectText(content().querySelector('p')?.firstChild, 0, 4);
    const bold = screen.getByRole('button', { name: 'پررنگ' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>سلام</strong></p>'));
    expect(screen.getByRole('button', { name: 'پررنگ' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'سرتیتر ۲ H2' }));
    // StarterKit's trailing node keeps a paragraph after a last heading; saving normalises it away.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2><strong>سلام</strong></h2><p></p>'));
    expect(screen.getByRole('button', { name: 'سرتیتر ۲ H2' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'وسط‌چین' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith('<h2 style="text-align: center;"><strong>سلام</strong></h2><p></p>'),
    );
    expect(screen.getByRole('button', { name: 'وسط‌چین' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'راست‌چین' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('follows a value set from outside (form reset) without echoing it back', async () => {
    const onChange = vi.fn();
    function Form() {
      const [value, setValue] = useState('<p>اول</p>');
      return (
        <>
          <button type="button" onClick={() => setValue('')}>
            reset
          </button>
          <RichTextEditor id="body" value={value} onChange={onChange} />
        </>
      );
    }
    render(<Form />);
    await waitFor(() => expect(content().textContent).toBe('اول'));
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(content().textContent).toBe(''));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('renders links to open in a new tab without opener or referrer', async () => {
    render(
      <RichTextEditor id="body" value='<p><a href="https://example.com">پیوند</a></p>' onChange={() => undefined} />,
    );
    await waitFor(() => expect(content().querySelector('a')).not.toBeNull());
    const link = content().querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops links with a forbidden protocol', async () => {
    render(<RichTextEditor id="body" value='<p><a href="javascript:alert(1)">بد</a></p>' onChange={() => undefined} />);
    await waitFor(() => expect(content().textContent).toBe('بد'));
    expect(content().querySelector('a')).toBeNull();
  });

  it('link button: cancel changes nothing, an address sets the link, an empty answer removes it', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor id="body" value='<p><a href="https://a.example">پیوند</a> متن</p>' onChange={onChange} />);
    await waitFor(() => expect(content().querySelector('a')).not.toBeNull());
    // Put the caret inside the link text.
    selectText(content().querySelector('a')?.firstChild, 2, 2);
    const prompt = vi.spyOn(window, 'prompt');
    prompt.mockReturnValueOnce(null);
    fireEvent.click(screen.getByRole('button', { name: 'لینک' }));
    expect(prompt).toHaveBeenLastCalledWith('آدرس لینک را وارد کنید', 'https://a.example');
    expect(onChange).not.toHaveBeenCalled();

    prompt.mockReturnValueOnce('b.example/x');
    fireEvent.click(screen.getByRole('button', { name: 'لینک' }));
    await waitFor(() => expect(content().querySelector('a')?.getAttribute('href')).toBe('https://b.example/x'));

    prompt.mockReturnValueOnce('   ');
    fireEvent.click(screen.getByRole('button', { name: 'لینک' }));
    await waitFor(() => expect(content().querySelector('a')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith('<p>پیوند متن</p>');
  });
});

describe('link helpers', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@b.ir', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['ftp://x', false],
    ['example.com', false],
  ])('isAllowedLink(%j) → %s', (url, ok) => {
    expect(isAllowedLink(url)).toBe(ok);
  });

  it('completes what people type', () => {
    expect(normaliseLinkInput(' example.com ')).toBe('https://example.com');
    expect(normaliseLinkInput('info@academy.ir')).toBe('mailto:info@academy.ir');
    expect(normaliseLinkInput('http://x.ir')).toBe('http://x.ir');
  });
});

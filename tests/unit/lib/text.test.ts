import { describe, expect, it } from 'vitest';
import {
  bareFileName,
  foldForSearch,
  formatPersianNumber,
  formatToman,
  htmlToPlainText,
  mediaDisplayName,
  toLatinDigits,
  toPersianDigits,
  truncate,
} from '../../../schema/rules/text';

describe('digits', () => {
  it('turns Persian and Arabic digits into Latin', () => {
    expect(toLatinDigits('۰۹۱۲۳۴۵۶۷۸۹')).toBe('09123456789');
    expect(toLatinDigits('٠٩١٢')).toBe('0912');
    expect(toLatinDigits('abc 12')).toBe('abc 12');
  });
  it('shows Latin digits in Persian', () => {
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(toPersianDigits('1404/09/01')).toBe('۱۴۰۴/۰۹/۰۱');
  });
  it('groups prices with the Persian separator', () => {
    expect(formatPersianNumber(1250000)).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatPersianNumber(0)).toBe('۰');
    expect(formatPersianNumber(999)).toBe('۹۹۹');
    expect(formatToman(4500000)).toBe('۴٬۵۰۰٬۰۰۰ تومان');
  });
});

describe('bareFileName', () => {
  it.each([
    ['https://cdn.example.com/uploads/images/cat.png?x=1#top', 'cat.png'],
    ['/api/File/image/robot.jpg', 'robot.jpg'],
    ['uploads\\images\\win.webp', 'win.webp'],
    ['plain.png', 'plain.png'],
    ['  spaced.png  ', 'spaced.png'],
    ['', ''],
    ['https://example.com/a/%D8%B1%D8%A8%D8%A7%D8%AA.png', 'ربات.png'],
  ])('%s → %s', (input, expected) => {
    expect(bareFileName(input)).toBe(expected);
  });
});

describe('media names and excerpts', () => {
  it('strips the store prefix for display', () => {
    expect(mediaDisplayName('uploads/images/a.png')).toBe('a.png');
    expect(mediaDisplayName('uploads/videos/b.mp4')).toBe('b.mp4');
    expect(mediaDisplayName('c.png')).toBe('c.png');
  });
  it('turns HTML into plain text and cuts at 50 characters with an ellipsis', () => {
    const html = '<h1>عنوان</h1><p>سلام&nbsp;دنیا &amp; <strong>دوستان</strong></p>';
    expect(htmlToPlainText(html)).toBe('عنوان سلام دنیا & دوستان');
    const long = 'ا'.repeat(60);
    expect(truncate(long, 50)).toBe(`${'ا'.repeat(50)}…`);
    expect(truncate('کوتاه', 50)).toBe('کوتاه');
  });
});

describe('foldForSearch', () => {
  it('folds Arabic yeh and kaf, digits, ZWNJ and spaces, ASCII case', async () => {
    const { foldForSearch } = await import('../../../schema/rules/text');
    expect(foldForSearch('كيك')).toBe(foldForSearch('کیک'));
    expect(foldForSearch('دورهٔ ۱۲ ٣')).toBe('دورهٔ123');
    expect(foldForSearch('می‌خواهم')).toBe(foldForSearch('می خواهم'));
    expect(foldForSearch('می‌خواهم')).toBe(foldForSearch('میخواهم'));
    expect(foldForSearch('Python ABC')).toBe('pythonabc');
    expect(foldForSearch('ÉCOLE')).toBe('École');
  });

  it('folds Arabic letters to Persian ones', () => {
    expect(foldForSearch('علي')).toBe(foldForSearch('علی'));
    expect(foldForSearch('كريمي')).toBe(foldForSearch('کریمی'));
    expect(foldForSearch('مصطفى')).toBe(foldForSearch('مصطفی'));
  });

  it('treats ZWNJ, spaces and none alike', () => {
    const forms = ['می‌خواهم', 'می خواهم', 'میخواهم', 'می  خواهم', 'می\u200cخواهم'];
    for (const form of forms) expect(foldForSearch(form)).toBe('میخواهم');
  });

  it('matches digits of any script, and ignores case and tatweel', () => {
    expect(foldForSearch('پایتون ۲')).toBe(foldForSearch('پایتون 2'));
    expect(foldForSearch('پایتون ٢')).toBe(foldForSearch('پایتون 2'));
    expect(foldForSearch('Python')).toBe('python');
    expect(foldForSearch('کــتاب')).toBe(foldForSearch('کتاب'));
  });

  it('is pure and idempotent', () => {
    const once = foldForSearch('يوسفي‌نيا ۱۲');
    expect(foldForSearch(once)).toBe(once);
    expect(once).toBe('یوسفینیا12');
  });
});

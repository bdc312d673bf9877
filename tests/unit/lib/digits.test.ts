import { describe, expect, it } from 'vitest';
import { formatPersianNumber, formatToman, toLatinDigits, toPersianDigits, toPersianDigitsInHtml } from '../../../schema/rules/digits';
import * as text from '../../../schema/rules/text';

describe('the digit display rule', () => {
  it('shows numbers, dates, times and phone numbers in Persian digits', () => {
    expect(toPersianDigits('حداکثر 100 نویسه')).toBe('حداکثر ۱۰۰ نویسه');
    expect(toPersianDigits('1404/01/02 14:30')).toBe('۱۴۰۴/۰۱/۰۲ ۱۴:۳۰');
    expect(toPersianDigits('09121234567')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(toPersianDigits('026-34567890')).toBe('۰۲۶-۳۴۵۶۷۸۹۰');
    expect(toPersianDigits(42)).toBe('۴۲');
    expect(toPersianDigits(2.5)).toBe('۲٫۵');
  });

  it('uses the Persian decimal and thousands separators and percent sign', () => {
    expect(toPersianDigits('مدت 2.5 ساعت')).toBe('مدت ۲٫۵ ساعت');
    expect(toPersianDigits('1,250,000 تومان')).toBe('۱٬۲۵۰٬۰۰۰ تومان');
    expect(toPersianDigits('تخفیف 20%')).toBe('تخفیف ۲۰٪');
    expect(formatPersianNumber(1234567.5)).toBe('۱٬۲۳۴٬۵۶۷٫۵');
    expect(formatPersianNumber(-1200)).toBe('-۱٬۲۰۰');
    expect(formatToman(4500000)).toBe('۴٬۵۰۰٬۰۰۰ تومان');
  });

  it('keeps Latin words, e-mail addresses, URLs and file names as written', () => {
    expect(toPersianDigits('ESP32')).toBe('ESP32');
    expect(toPersianDigits('دوره ESP32 مقدماتی')).toBe('دوره ESP32 مقدماتی');
    expect(toPersianDigits('admin2@example.com')).toBe('admin2@example.com');
    expect(toPersianDigits('ایمیل: admin2@example.com، تلفن 0912')).toBe('ایمیل: admin2@example.com، تلفن ۰۹۱۲');
    expect(toPersianDigits('https://example.com/a/12?page=3 صفحه 3')).toBe('https://example.com/a/12?page=3 صفحه ۳');
    expect(toPersianDigits('photo-12.webp')).toBe('photo-12.webp');
    expect(toPersianDigits('نسخه v2.0 از 3 فصل')).toBe('نسخه v2.0 از ۳ فصل');
    expect(toPersianDigits('x86_64 و 3D')).toBe('x86_64 و 3D');
  });

  // A number that follows a Latin word with only spaces between (on one line) belongs to that Latin
  // phrase and keeps its digits, whatever punctuation surrounds the phrase; any other number is
  // the Persian text's.
  it.each([
    // The phrase's number, whatever follows or surrounds it.
    ['آموزش Python 3', 'آموزش Python 3'],
    ['دوره (Python 3) برای نوجوانان', 'دوره (Python 3) برای نوجوانان'],
    ['زبان Python 3، مقدماتی', 'زبان Python 3، مقدماتی'],
    ['Python 3.12', 'Python 3.12'],
    ['Python 3.12؛ نسخه تازه', 'Python 3.12؛ نسخه تازه'],
    ['«Python 3»', '«Python 3»'],
    ['Python 3.', 'Python 3.'],
    ['Windows 11', 'Windows 11'],
    ['Windows 11 Pro', 'Windows 11 Pro'],
    ['Scratch 3 برای کودکان', 'Scratch 3 برای کودکان'],
    ['ویژه Windows 11: نصب در 2 جلسه', 'ویژه Windows 11: نصب در ۲ جلسه'],
    // Latin words, e-mail addresses and URLs keep their own digits.
    ['ESP32', 'ESP32'],
    ['دوره ESP32 مقدماتی', 'دوره ESP32 مقدماتی'],
    ['ESP32 با 2 حسگر', 'ESP32 با ۲ حسگر'],
    ['نشانی admin2@example.com؛ 3 روز کاری', 'نشانی admin2@example.com؛ ۳ روز کاری'],
    ['https://example.com/p/12 3 تمرین', 'https://example.com/p/12 ۳ تمرین'],
    ['e-mail: info3@academy.ir، تلفن 021-1234', 'e-mail: info3@academy.ir، تلفن ۰۲۱-۱۲۳۴'],
    // The Persian text's numbers.
    ['دوره 3 جلسه', 'دوره ۳ جلسه'],
    ['3 جلسه', '۳ جلسه'],
    ['ساعت 10 تا 12', 'ساعت ۱۰ تا ۱۲'],
    ['Python، 3 جلسه', 'Python، ۳ جلسه'],
    ['(Python) 3 جلسه', '(Python) ۳ جلسه'],
    ['Python\n3 جلسه', 'Python\n۳ جلسه'],
    ['دوره Python 3 در 12 جلسه، هر جلسه 1.5 ساعت', 'دوره Python 3 در ۱۲ جلسه، هر جلسه ۱٫۵ ساعت'],
  ])('%s → %s', (text, shown) => {
    expect(toPersianDigits(text)).toBe(shown);
  });

  it('never changes text with no Latin digits, and round-trips with toLatinDigits', () => {
    expect(toPersianDigits('')).toBe('');
    expect(toPersianDigits('۱۲۳ دوره')).toBe('۱۲۳ دوره');
    expect(toLatinDigits(toPersianDigits('09121234567'))).toBe('09121234567');
    expect(toLatinDigits('٠٩١٢')).toBe('0912');
  });

  it('converts an HTML fragment’s prose, never its tags, attributes, entities or code', () => {
    const html =
      '<p>در 3 جلسه با <a href="https://x.example/p/12">ESP32</a>&#160;کار می‌کنیم.</p>' +
      '<ol><li>گام 1</li></ol><pre><code>for i in range(10): print(i)</code></pre><p>پایان <code>x = 2</code> و 5 تمرین</p>';
    expect(toPersianDigitsInHtml(html)).toBe(
      '<p>در ۳ جلسه با <a href="https://x.example/p/12">ESP32</a>&#160;کار می‌کنیم.</p>' +
        '<ol><li>گام ۱</li></ol><pre><code>for i in range(10): print(i)</code></pre><p>پایان <code>x = 2</code> و ۵ تمرین</p>',
    );
    expect(toPersianDigitsInHtml('<img src="a1.webp" alt="12"><br/>7')).toBe('<img src="a1.webp" alt="12"><br/>۷');
  });

  it('is the one rule: text.ts re-exports the same functions', () => {
    expect(text.toPersianDigits).toBe(toPersianDigits);
    expect(text.formatPersianNumber).toBe(formatPersianNumber);
    expect(text.toLatinDigits).toBe(toLatinDigits);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPersianNumber, formatToman, toLatinDigits, toPersianDigits, toPersianDigitsInHtml } from '../../../src/lib/digits';
import * as text from '../../../src/lib/text';

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

  it('keeps a number that belongs to a Latin phrase, and converts one that belongs to the Persian text', () => {
    expect(toPersianDigits('آموزش Python 3')).toBe('آموزش Python 3');
    expect(toPersianDigits('Windows 11 Pro')).toBe('Windows 11 Pro');
    expect(toPersianDigits('ESP32 با 2 حسگر')).toBe('ESP32 با ۲ حسگر');
    expect(toPersianDigits('Scratch 3 برای کودکان')).toBe('Scratch ۳ برای کودکان');
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

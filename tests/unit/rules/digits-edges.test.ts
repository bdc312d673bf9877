// The digit display rule at its edges: which runs of digits are grouped numbers or decimals, when
// a number belongs to the Latin phrase before it, and what of an HTML fragment is code or markup.
import { describe, expect, it } from 'vitest';
import { toPersianDigits, toPersianDigitsInHtml } from '../../../schema/rules/digits';

describe('grouped numbers and decimals', () => {
  it('groups only a number written in threes from its start, with or without a decimal part', () => {
    expect(toPersianDigits('12,345')).toBe('۱۲٬۳۴۵');
    expect(toPersianDigits('1,234.56')).toBe('۱٬۲۳۴٫۵۶');
    expect(toPersianDigits('12345,678')).toBe('۱۲۳۴۵,۶۷۸');
    expect(toPersianDigits('1,234,56')).toBe('۱,۲۳۴,۵۶');
  });

  it('a decimal has one point between digits; anything else keeps its separators', () => {
    expect(toPersianDigits('12.5')).toBe('۱۲٫۵');
    expect(toPersianDigits('3.55')).toBe('۳٫۵۵');
    expect(toPersianDigits('3.5.1')).toBe('۳.۵.۱');
  });
});

describe('a number after a Latin word', () => {
  it('a number at the start or after another number is the Persian text’s', () => {
    expect(toPersianDigits('  3 جلسه')).toBe('  ۳ جلسه');
    expect(toPersianDigits('5 6')).toBe('۵ ۶');
  });

  it('belongs to the Latin word before it across several spaces, not after a link', () => {
    expect(toPersianDigits('Python  3')).toBe('Python  3');
    expect(toPersianDigits('http://a.b 5')).toBe('http://a.b ۵');
    expect(toPersianDigits('xhttp://a.b 5')).toBe('xhttp://a.b 5');
  });
});

describe('an HTML fragment', () => {
  it('keeps the digits of every code-like element, and of nothing self-closed', () => {
    for (const tag of ['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'textarea']) {
      expect(toPersianDigitsInHtml(`<${tag}>1</${tag}>2`)).toBe(`<${tag}>1</${tag}>۲`);
    }
    expect(toPersianDigitsInHtml('<code/>5')).toBe('<code/>۵');
  });

  it('leaves comments, quoted attributes and entities as written', () => {
    expect(toPersianDigitsInHtml('<!-- 5 -->6')).toBe('<!-- 5 -->۶');
    expect(toPersianDigitsInHtml('<!--12-->3')).toBe('<!--12-->۳');
    expect(toPersianDigitsInHtml("<a title='1>2'>3</a>")).toBe("<a title='1>2'>۳</a>");
    expect(toPersianDigitsInHtml('&#x1F600;5 &frac12;3')).toBe('&#x1F600;۵ &frac12;۳');
  });
});

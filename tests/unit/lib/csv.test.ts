import { describe, expect, it } from 'vitest';
import { csvLine, detectSeparator, parseCsv } from '../../../schema/rules/csv';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF, a BOM, and numbers lines', () => {
    const text = '\ufefftitle,description\r\n"پایتون, مقدماتی","خط اول\nخط ""دوم"""\r\n\r\nرباتیک,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['title', 'description'] },
      { line: 2, cells: ['پایتون, مقدماتی', 'خط اول\nخط "دوم"'] },
      { line: 5, cells: ['رباتیک', ''] },
    ]);
  });

  it('takes the separator from the header line (Excel writes ; in some locales)', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectSeparator('"a,b";c\n')).toBe(';');
    expect(detectSeparator('a\tb\n')).toBe('\t');
    expect(parseCsv('a;b\n1,5;2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1,5', '2'] },
    ]);
  });

  it('a last line without a line break, and csvLine round-trips', () => {
    const cells = ['a,b', 'c"d', 'e\nf', 'ساده'];
    expect(parseCsv(`x\n${csvLine(cells)}`)[1]?.cells).toEqual(cells);
  });
});

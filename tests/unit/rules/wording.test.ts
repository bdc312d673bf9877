// The small shared rules of wording and spelling, each on its own: a course's weekly schedule and
// ages, prices and numbers being typed, CSV cells that must not run as formulas, the image
// widths, the staff role and where sign-in leads.
import { describe, expect, it, vi } from 'vitest';
import { ageRangeText, allAgesText, courseAgesText } from '../../../schema/rules/age';
import { csvLine, guardFormula, parseCsv, stripBom, unguardFormula } from '../../../schema/rules/csv';
import { formatNumberDraft, formatPersianNumber, formatPrice, toPersianDigits } from '../../../schema/rules/digits';
import { imageWidths, isImageWidth } from '../../../schema/rules/imageWidths';
import { administratorRole, opensAdminPanel } from '../../../schema/rules/roles';
import { formatHoursRange, weeklyScheduleLines, weeklyScheduleText } from '../../../schema/rules/schedule';
import { bareFileName, htmlToPlainText, truncate } from '../../../schema/rules/text';
import { decodeToken, destinationAfterSignIn } from '../../../schema/rules/token';

describe('a course’s weekly schedule', () => {
  it('groups the days that share hours, Saturday first, each day once', () => {
    const slots = [
      { weekday: 2, startTime: '16:00', endTime: '17:30' },
      { weekday: 0, startTime: '16:00', endTime: '17:30' },
      { weekday: 0, startTime: '16:00', endTime: '17:30' },
      { weekday: 4, startTime: '10:00', endTime: '11:00' },
      { weekday: 6, startTime: '16:00', endTime: '17:30' },
    ];
    expect(weeklyScheduleLines(slots)).toEqual(['شنبه‌ها، دوشنبه‌ها و جمعه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰', 'چهارشنبه‌ها، ساعت ۱۰:۰۰ تا ۱۱:۰۰']);
    expect(weeklyScheduleText(slots)).toBe('شنبه‌ها، دوشنبه‌ها و جمعه‌ها، ساعت ۱۶:۰۰ تا ۱۷:۳۰؛ چهارشنبه‌ها، ساعت ۱۰:۰۰ تا ۱۱:۰۰');
  });

  it('orders one day’s sets of hours by their start, and says nothing without slots', () => {
    const slots = [
      { weekday: 1, startTime: '18:00', endTime: '19:00' },
      { weekday: 1, startTime: '09:00', endTime: '10:00' },
    ];
    expect(weeklyScheduleText(slots)).toBe('یکشنبه‌ها، ساعت ۰۹:۰۰ تا ۱۰:۰۰؛ یکشنبه‌ها، ساعت ۱۸:۰۰ تا ۱۹:۰۰');
    expect(weeklyScheduleText([{ weekday: 3, startTime: '08:00', endTime: '09:00' }, { weekday: 5, startTime: '08:00', endTime: '09:00' }])).toBe(
      'سه‌شنبه‌ها و پنج‌شنبه‌ها، ساعت ۰۸:۰۰ تا ۰۹:۰۰',
    );
    expect(weeklyScheduleText([])).toBe('');
    expect(formatHoursRange('8:05', '9:10')).toBe('۸:۰۵ تا ۹:۱۰');
  });
});

describe('a course’s ages', () => {
  it('names the range, one bound, one age, or all ages', () => {
    expect(courseAgesText({ ageMin: 9, ageMax: 12 })).toBe('۹ تا ۱۲ سال');
    expect(courseAgesText({ ageMin: 7, ageMax: 7 })).toBe('۷ سال');
    expect(courseAgesText({ ageMin: 10, ageMax: 0 })).toBe('۱۰ سال به بالا');
    expect(courseAgesText({ ageMin: 0, ageMax: 12 })).toBe('تا ۱۲ سال');
    expect(courseAgesText({ ageMin: 0, ageMax: 0 })).toBe('همه سنین');
    expect(ageRangeText({ ageMin: 0, ageMax: 0 })).toBe('');
    expect(allAgesText).toBe('همه سنین');
  });
});

describe('prices and numbers', () => {
  it('a price of nothing is free, any other is in tomans', () => {
    expect(formatPrice(0)).toBe('رایگان');
    expect(formatPrice(1_250_000)).toBe('۱٬۲۵۰٬۰۰۰ تومان');
    expect(formatPersianNumber(-1234.5)).toBe('-۱٬۲۳۴٫۵');
    expect(toPersianDigits(2.5)).toBe('۲٫۵');
  });

  it('a number being typed shows grouped and Persian, unfinished as it is', () => {
    expect(formatNumberDraft('1234567')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumberDraft('-12.')).toBe('-۱۲٫');
    expect(formatNumberDraft('1234.50')).toBe('۱٬۲۳۴٫۵۰');
    expect(formatNumberDraft('.5')).toBe('٫۵');
    expect(formatNumberDraft('-')).toBe('-');
    expect(formatNumberDraft('')).toBe('');
    // Not a number: shown as any text is, a Latin word's digits kept.
    expect(formatNumberDraft('ESP32 و 2')).toBe('ESP32 و ۲');
  });
});

describe('text helpers', () => {
  it('an undecodable name is kept as written; query, hash and empty paths go', () => {
    expect(bareFileName('/a/%E0%A4%A.png')).toBe('%E0%A4%A.png');
    expect(bareFileName('  /uploads/x%20y.png#top ')).toBe('x y.png');
    expect(bareFileName('///')).toBe('');
    expect(bareFileName('?v=1')).toBe('');
  });

  it('plain text of HTML keeps a space where a block ended and decodes entities once', () => {
    expect(htmlToPlainText('<h2>یک</h2><p>دو<br/>سه</p><ul><li>چهار</li></ul><blockquote>پنج</blockquote><pre>شش</pre>هفت')).toBe('یک دو سه چهار پنج شش هفت');
    expect(htmlToPlainText('a&nbsp;&lt;b&gt; &quot;c&quot; &#39;d&#39; &amp;lt;')).toBe('a <b> "c" \'d\' &lt;');
  });

  it('cuts by characters, not code units, and only past the limit', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
    expect(truncate('سلام', 4)).toBe('سلام');
  });
});

describe('CSV cells', () => {
  it('a cell Excel would run as a formula is exported behind a quote and read back without it', () => {
    for (const formula of ['=1+1', '+98', '-5', '@SUM(A1)', '\tx', '\rx']) {
      expect(guardFormula(formula)).toBe(`'${formula}`);
      expect(unguardFormula(guardFormula(formula))).toBe(formula);
    }
    expect(guardFormula('سلام=')).toBe('سلام=');
    expect(unguardFormula("'quoted")).toBe("'quoted");
    expect(unguardFormula('plain')).toBe('plain');
  });

  it('quotes a cell holding a separator, a quote, a tab or a line break', () => {
    expect(csvLine(['a;b', 'c\td', 'e\rf', 'g,h', 'i"j', 'k'])).toBe('"a;b","c\td","e\rf","g,h","i""j",k');
  });

  it('strips only a leading byte order mark', () => {
    expect(stripBom('\ufeffa')).toBe('a');
    expect(stripBom('a\ufeff')).toBe('a\ufeff');
  });

  it('counts lines inside quotes, keeps empty quoted records and a lone CR', () => {
    expect(parseCsv('"a\nb",c\n""\r\nd\re')).toEqual([
      { line: 1, cells: ['a\nb', 'c'] },
      { line: 3, cells: [''] },
      { line: 4, cells: ['d'] },
      { line: 5, cells: ['e'] },
    ]);
    expect(parseCsv('a,')).toEqual([{ line: 1, cells: ['a', ''] }]);
    expect(parseCsv('\n\n')).toEqual([]);
    expect(parseCsv('a\tb', '\t')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(parseCsv('a,b;c')).toEqual([{ line: 1, cells: ['a', 'b;c'] }]);
  });
});

describe('images and roles', () => {
  it('only the declared widths are asked for', () => {
    expect(imageWidths).toEqual([160, 320, 480, 640, 800, 1024, 1280]);
    expect(isImageWidth(640)).toBe(true);
    expect(isImageWidth(641)).toBe(false);
  });

  it('administrators and staff open the admin panel, learners do not', () => {
    expect(administratorRole).toBe(300);
    expect(opensAdminPanel(300)).toBe(true);
    expect(opensAdminPanel(200)).toBe(true);
    expect(opensAdminPanel(1)).toBe(false);
  });
});

describe('the access token as a page reads it', () => {
  const token = (payload: unknown) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;

  it('reads the subject, role and expiry it knows, of the types it expects', () => {
    expect(decodeToken(token({ sub: '7', role: 'Administrator', exp: 99, other: 1 }))).toEqual({ sub: '7', role: 'Administrator', exp: 99 });
    expect(decodeToken(token({ sub: 7, role: 1, exp: '99' }))).toEqual({ sub: undefined, role: undefined, exp: undefined });
    // base64url's - and _ stand for + and /, and the padding is put back.
    expect(decodeToken(`h.${Buffer.from(JSON.stringify({ sub: '>>>?' })).toString('base64url')}.s`)?.sub).toBe('>>>?');
    expect(decodeToken(token({ role: 'ممنوع' }))?.role).toBe('ممنوع');
  });

  it('refuses a payload that is not an object, and logs only what was meant as a token', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(decodeToken(token([1]))).toBeNull();
    expect(decodeToken(token(null))).toBeNull();
    expect(decodeToken('only-a-header')).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken(undefined)).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
    expect(decodeToken('')).toBeNull();
    expect(log).toHaveBeenCalledTimes(4);
    expect(log).toHaveBeenLastCalledWith('توکن نامعتبر است');
    log.mockRestore();
  });

  it('keeps a learner out of every admin address, and only those', () => {
    const learner = token({ role: 'User' });
    expect(destinationAfterSignIn(learner, '/admin?tab=1')).toBe('/dashboard');
    expect(destinationAfterSignIn(learner, '/admin/')).toBe('/dashboard');
    expect(destinationAfterSignIn(learner, '/administrators-day')).toBe('/administrators-day');
    expect(destinationAfterSignIn(token({ role: 'Administrator' }), '/admin?tab=1')).toBe('/admin?tab=1');
  });
});

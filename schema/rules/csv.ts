// CSV text as spreadsheets write it (RFC 4180): quoted fields with "" for a quote, line breaks
// inside quotes, CRLF or LF, an optional UTF-8 BOM. Excel in some locales separates with ';'
// (or a tab when saved as "Unicode text"), so the header line decides the separator.

export interface CsvRecord {
  /** The file's line number the record starts on (1-based; the header is usually line 1). */
  line: number;
  cells: string[];
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the first line outside quotes: ',' unless only ';' or tabs appear there. */
export function detectSeparator(text: string): string {
  let inQuotes = false;
  const seen = { ',': 0, ';': 0, '\t': 0 };
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) break;
    else if (!inQuotes && (char === ',' || char === ';' || char === '\t')) seen[char]++;
  }
  if (seen[','] > 0) return ',';
  if (seen[';'] > 0) return ';';
  if (seen['\t'] > 0) return '\t';
  return ',';
}

/** Every record with the line it starts on; lines with nothing on them are left out. */
export function parseCsv(input: string, separator = detectSeparator(stripBom(input))): CsvRecord[] {
  const text = stripBom(input);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      inQuotes = true;
      touched = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return records;
}

/** One CSV line: fields quoted when they hold a separator, a quote or a line break. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",;\r\n\t]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}

/** Cells Excel would run as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/** A cell as the export writes it: one Excel would run as a formula is kept as text behind a quote. */
export const guardFormula = (value: string): string => (formulaStart.test(value) ? `'${value}` : value);

/** A cell as the import reads it: the quote the export put before a formula-like value taken off. */
export const unguardFormula = (cell: string): string => (cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell);

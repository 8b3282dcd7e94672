/**
 * CSV per RFC 4180 (CRLF rows; fields with a comma, quote, CR or LF quoted, quotes doubled),
 * with cells that a spreadsheet would run as a formula — starting with = + - @, tab or CR —
 * prefixed with an apostrophe (OWASP's CSV-injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let text = Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : value === null || value === undefined
        ? ''
        : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, with its line end. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

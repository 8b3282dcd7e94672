/**
 * CSV per RFC 4180 (CRLF rows; fields with a comma, semicolon, quote, tab, CR or LF quoted, quotes
 * doubled), with every cell a spreadsheet could run as a formula or command neutralised: quoted
 * and prefixed with an apostrophe (OWASP's CSV-injection advice).
 *
 * A cell is formula-like when, once what a spreadsheet would not show is set aside, it starts with
 * = + - @ | ; (or a tab or CR). Set aside first: full-width and other compatibility forms are
 * folded (NFKC: `＝` is `=`), and invisible characters are removed (direction marks U+200E,
 * U+200F, U+061C, the bidirectional embeddings and isolates, zero-width characters, the BOM, soft
 * hyphens: every default-ignorable or format code point), as are other controls and leading
 * spaces. So `\u200e=1+1`, `＝1+1`, ` =1+1` and `|calc` are all caught. The semicolon is quoted
 * anywhere in a cell, so a spreadsheet that splits on it keeps the cell whole.
 */
const FORMULA_START = /^[=+\-@|;\t\r]/;
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** Whether a spreadsheet could read `text` as a formula or command (see the file's header). */
export function isFormulaLike(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const shown = text.normalize('NFKC').replace(HIDDEN, '').trimStart();
  return FORMULA_START.test(shown);
}

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
  const formula = isFormulaLike(text);
  if (formula) text = `'${text}`;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, with its line end. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

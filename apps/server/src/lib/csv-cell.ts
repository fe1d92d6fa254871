/**
 * One CSV cell, written and read back the same way by every export and import
 * (docs/decisions/024):
 * - A cell a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return, possibly after apostrophes) is written with one leading apostrophe, except
 *   a plain number or phone number (`+33 1 23 45 67 89`, `-12`, `+1 (555) 010-0199`), or a list
 *   of them (`+33 1 23 45 67 89; +1 555`): digits, spaces, dots, dashes, brackets and semicolons
 *   call no function, so they stay as they are.
 * - Reading, a cell that starts with an apostrophe followed by such a formula start loses that
 *   one apostrophe: what the export added is taken away, and nothing else is.
 * - Then RFC 4180 quoting: a cell holding a quote, a comma or a line break is quoted, its quotes
 *   doubled.
 */

/** A formula start, possibly after apostrophes (so a value already starting with `'=` is kept). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A plain number or phone number: a sign, then digits, spaces, dots, dashes and brackets. */
const NUMBER_OR_PHONE = /^\s*[+-]?[\d\s().-]*$/;
/** Numbers and phone numbers, one or a list of them as the export writes lists ("a; b"). */
const numbersOnly = (value: string) =>
  /^[+-]/.test(value) && value.split(';').every((part) => NUMBER_OR_PHONE.test(part));

/** The cell with the apostrophe that stops a spreadsheet from running it, when it needs one. */
export function defuseCell(value: string): string {
  return FORMULA_START.test(value) && !numbersOnly(value) ? `'${value}` : value;
}

/** The value an exported cell stood for: the apostrophe `defuseCell` added is taken away. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One field: defused, then quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  const safe = defuseCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export const csvLine = (values: string[]): string => `${values.map(csvField).join(',')}\r\n`;

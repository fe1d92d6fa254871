import { invalid } from './filters.ts';

/** Cells a spreadsheet would run as a formula start with one of these (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a leading `'` defuses a formula, then RFC 4180 quoting (a cell holding a quote,
 * a comma or a line break is quoted, its quotes doubled).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The UTF-8 byte-order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

export type CsvColumn<T> = { name: string; value: (item: T) => string };

/** The columns a `columns` parameter asks for, in its order; every column without one. */
export function pickColumns<T>(all: CsvColumn<T>[], param: string | undefined): CsvColumn<T>[] {
  if (param === undefined || param.trim() === '') return all;
  const byName = new Map(all.map((c) => [c.name, c]));
  return param.split(',').map((raw) => {
    const name = raw.trim();
    const column = byName.get(name);
    if (!column) {
      throw invalid(
        'columns',
        `Unknown column "${name}"; use ${all.map((c) => c.name).join(', ')}`,
      );
    }
    return column;
  });
}

/** A whole export, page by page, as CSV text chunks (BOM and header first). */
export async function* csvChunks<T>(
  columns: CsvColumn<T>[],
  pages: AsyncIterable<T[]>,
): AsyncGenerator<string> {
  yield BOM + csvRow(columns.map((c) => c.name));
  for await (const items of pages) {
    let chunk = '';
    for (const item of items) chunk += csvRow(columns.map((c) => c.value(item)));
    if (chunk) yield chunk;
  }
}

export const list = (values: string[]) => values.join('; ');
export const orEmpty = (value: string | null) => value ?? '';

import { csvField, csvLine } from '../../lib/csv-cell.ts';
import { invalid } from './filters.ts';

/** One CSV cell: formulas defused, phone numbers kept (docs/decisions/024), RFC 4180 quoting. */
export const csvCell = csvField;
export const csvRow = csvLine;

/** The UTF-8 byte-order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

/**
 * An export column: `name` is what the `columns` parameter asks for (`aliases` too), `label` the
 * header the file shows (the name without one). `context` is what the module looked up for the
 * page (owners' e-mails, companies' domains). An `extra` column is only written when asked for.
 */
export type CsvColumn<T, C = never> = {
  name: string;
  label?: string;
  aliases?: string[];
  extra?: boolean;
  value: (item: T, context: C) => string;
};

/** The columns a `columns` parameter asks for, in its order; every column but extras without one. */
export function pickColumns<T, C>(
  all: CsvColumn<T, C>[],
  param: string | undefined,
): CsvColumn<T, C>[] {
  if (param === undefined || param.trim() === '') return all.filter((c) => !c.extra);
  const byName = new Map(all.flatMap((c) => [c.name, ...(c.aliases ?? [])].map((n) => [n, c])));
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
export async function* csvChunks<T, C>(
  columns: CsvColumn<T, C>[],
  pages: AsyncIterable<T[]>,
  contextOf: (items: T[]) => Promise<C> = async () => undefined as C,
): AsyncGenerator<string> {
  yield BOM + csvRow(columns.map((c) => c.label ?? c.name));
  for await (const items of pages) {
    const context = await contextOf(items);
    let chunk = '';
    for (const item of items) chunk += csvRow(columns.map((c) => c.value(item, context)));
    if (chunk) yield chunk;
  }
}

/** A list cell: values joined by "; " (the import splits on it). */
export const listCell = (values: string[]) => values.join('; ');
export const orEmpty = (value: string | null) => value ?? '';

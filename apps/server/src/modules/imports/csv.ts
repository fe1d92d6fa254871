import { parse, type CsvError } from 'csv-parse/sync';

/**
 * Reading an uploaded CSV file with csv-parse (docs/decisions/015, 024):
 * - fields separated by commas (or by semicolons or tabs when the header line uses those and no
 *   commas, as spreadsheets in some locales write them);
 * - quoted fields may hold separators, doubled quotes (`""`) and line breaks; a stray quote is
 *   kept as text, as spreadsheets read it;
 * - records end with CRLF, LF or a lone CR; a UTF-8 byte-order mark at the start is dropped;
 * - a line with nothing on it is skipped, but still counts for the row numbers;
 * - lines before the header that hold one field only (the "Notes:" a LinkedIn export starts
 *   with) are skipped: the header is the first record with two fields or more;
 * - a record with a different number of fields than the header, or an unclosed quote, is
 *   refused on its own, with a reason; the other records still load.
 * Row numbers count records from the top of the file (the header is row 1 when the file has no
 * preamble), as a spreadsheet shows them.
 */

export type CsvRecord = { row: number; fields: string[]; error?: string };
export type CsvTable = { header: string[]; records: CsvRecord[]; delimiter: string };

/** Decodes an uploaded file: UTF-8 (with or without a BOM), else Windows-1252 as Excel writes. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the first line that holds one (quoted text left out): `,` unless none. */
function detectDelimiter(text: string): string {
  for (const line of text.split(/\r\n|\n|\r/, 50)) {
    const bare = line.replace(/"[^"]*"/g, '');
    if (bare.includes(',')) return ',';
    if (bare.includes(';')) return ';';
    if (bare.includes('\t')) return '\t';
  }
  return ',';
}

const errorReasons: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed',
};

/** Every record of `text`, the header included, with its row number. */
export function readRecords(text: string, delimiter = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  parse(text, {
    bom: true,
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (!error) return;
      const reason = errorReasons[error.code] ?? error.message;
      records.push({ row: Number(error.records ?? records.length) + 1, fields: [], error: reason });
    },
    on_record: (fields: string[], context) => {
      records.push({ row: context.records, fields });
      return null;
    },
  });
  return records;
}

const isBlank = (record: CsvRecord) =>
  !record.error && record.fields.length === 1 && record.fields[0]!.trim() === '';

/** How many records to look through for the header row. */
const HEADER_SEARCH = 50;

/**
 * Reads a whole file: the header (names trimmed; empty ones become `Column N`, repeated ones get
 * ` (2)`, ` (3)`…) and the data records, blank lines left out. A record whose field count differs
 * from the header's carries an error.
 */
export function parseCsv(text: string): CsvTable {
  const delimiter = detectDelimiter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const all = readRecords(text, delimiter).filter((r) => !isBlank(r));
  // A preamble: single-field lines before the first record with two fields or more.
  let start = 0;
  if (all[0] && all[0].fields.length === 1) {
    const wide = all.slice(0, HEADER_SEARCH).findIndex((r) => r.fields.length >= 2);
    if (wide > 0) start = wide;
  }
  const first = all[start];
  if (!first) return { header: [], records: [], delimiter };
  const header = uniqueNames(first.fields);
  const records = all.slice(start + 1);
  for (const record of records) {
    if (!record.error && record.fields.length !== header.length) {
      record.error = `This row has ${record.fields.length} fields; the header has ${header.length}`;
    }
  }
  return { header, records, delimiter };
}

function uniqueNames(fields: string[]): string[] {
  const seen = new Map<string, number>();
  return fields.map((raw, index) => {
    const name = raw.trim() || `Column ${index + 1}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

export { csvField, csvLine } from '../../lib/csv-cell.ts';

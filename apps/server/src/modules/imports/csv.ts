/**
 * An RFC 4180 CSV reader, written for imports (docs/decisions/015):
 * - fields separated by commas (or by semicolons or tabs when the header line uses those and no
 *   commas, as spreadsheets in some locales write them);
 * - quoted fields may hold separators, doubled quotes (`""`) and line breaks;
 * - records end with CRLF, LF or a lone CR; a UTF-8 byte-order mark at the start is dropped;
 * - a line with nothing on it is skipped, but still counts for the row numbers;
 * - a record with a different number of fields than the header, an unclosed quote, or text
 *   after a closing quote is refused on its own, with a reason; the other records still load.
 * Row numbers count the header as row 1, as a spreadsheet shows them.
 */

export type CsvRecord = { row: number; fields: string[]; error?: string };
export type CsvTable = { header: string[]; records: CsvRecord[]; delimiter: string };

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** Decodes an uploaded file: UTF-8 (with or without a BOM), else Windows-1252 as Excel writes. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function detectDelimiter(text: string): string {
  let end = text.search(/[\r\n]/);
  if (end < 0) end = text.length;
  const first = text.slice(0, end).replace(/"[^"]*"/g, '');
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  if (first.includes('\t')) return '\t';
  return ',';
}

/** Every record of `text`, the header included, with its row number. */
export function* readRecords(text: string, delimiter = ','): Generator<CsvRecord> {
  const sep = delimiter.charCodeAt(0);
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let row = 0;
  while (i < n) {
    row += 1;
    const fields: string[] = [];
    let error: string | undefined;
    let field = '';
    let endOfRecord = false;
    while (!endOfRecord) {
      if (i < n && text.charCodeAt(i) === QUOTE) {
        // Quoted field: read to the closing quote, unfolding doubled quotes.
        i += 1;
        let closed = false;
        let start = i;
        while (i < n) {
          const q = text.indexOf('"', i);
          if (q < 0) {
            i = n;
            break;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += text.slice(start, q + 1);
            i = q + 2;
            start = i;
            continue;
          }
          field += text.slice(start, q);
          i = q + 1;
          closed = true;
          break;
        }
        if (!closed) {
          field += text.slice(start, n);
          error ??= 'A quoted field is not closed';
        }
        // After the closing quote: a separator, the end of the record, or (wrongly) more text.
        const stray = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === sep || c === CR || c === LF) break;
          i += 1;
        }
        if (i > stray) {
          field += text.slice(stray, i);
          error ??= 'Text after a closing quote';
        }
      } else {
        const start = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === sep || c === CR || c === LF) break;
          i += 1;
        }
        field = text.slice(start, i);
      }
      fields.push(field);
      field = '';
      if (i >= n) {
        endOfRecord = true;
      } else {
        const c = text.charCodeAt(i);
        i += 1;
        if (c === CR) {
          if (text.charCodeAt(i) === LF) i += 1;
          endOfRecord = true;
        } else if (c === LF) {
          endOfRecord = true;
        }
      }
    }
    yield error ? { row, fields, error } : { row, fields };
  }
}

const isBlank = (record: CsvRecord) =>
  record.fields.length === 1 && record.fields[0]!.trim() === '';

/**
 * Reads a whole file: the header (names trimmed; empty ones become `Column N`, repeated ones get
 * ` (2)`, ` (3)`…) and the data records, blank lines left out. A record whose field count differs
 * from the header's carries an error.
 */
export function parseCsv(text: string): CsvTable {
  const delimiter = detectDelimiter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const records: CsvRecord[] = [];
  let header: string[] | undefined;
  for (const record of readRecords(text, delimiter)) {
    if (isBlank(record)) continue;
    if (!header) {
      header = uniqueNames(record.fields);
      continue;
    }
    if (!record.error && record.fields.length !== header.length) {
      record.error = `This row has ${record.fields.length} fields; the header has ${header.length}`;
    }
    records.push(record);
  }
  return { header: header ?? [], records, delimiter };
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

/** One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  // A cell starting like a formula (=, @, tab, CR, + or -) would run in a spreadsheet, even
  // `-2+3+cmd|…`: prefix it with a quote. Only a cell that is a plain number or phone number
  // (+33 1 23 45 67 89, -1, +1 (555) 010-0199) stays as it is.
  const formula = /^[=@\t\r+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value);
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

import { describe, expect, it } from 'vitest';
import { csvLine, decodeCsv, parseCsv, readRecords } from './csv.ts';

const fieldsOf = (text: string) => [...readRecords(text)].map((r) => r.fields);

describe('readRecords', () => {
  it('splits plain fields and records on LF, CRLF and a lone CR', () => {
    expect(fieldsOf('a,b\n1,2\r\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fieldsOf('"Acme, Inc.","say ""hi""","line 1\r\nline 2",plain\n')).toEqual([
      ['Acme, Inc.', 'say "hi"', 'line 1\r\nline 2', 'plain'],
    ]);
  });

  it('keeps empty fields, leading and trailing', () => {
    expect(fieldsOf(',a,,\n""')).toEqual([['', 'a', '', ''], ['']]);
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(fieldsOf('\uFEFFname,email\nAda,ada@example.test')).toEqual([
      ['name', 'email'],
      ['Ada', 'ada@example.test'],
    ]);
  });

  it('numbers records by their start, counting a quoted line break as one record', () => {
    const rows = [...readRecords('h\n"a\nb"\nc\n')].map((r) => r.row);
    expect(rows).toEqual([1, 2, 3]);
  });

  it('keeps text after a closing quote as written, flags an unclosed quote, and reads on', () => {
    const records = [...readRecords('"ok"x,b\nc,d\n"never closed,c\n')];
    expect(records[0]).toEqual({ row: 1, fields: ['"ok"x', 'b'] });
    expect(records[1]).toEqual({ row: 2, fields: ['c', 'd'] });
    expect(records[2]).toMatchObject({ row: 3, error: 'A quoted field is not closed' });
  });

  it('splits on the delimiter given only', () => {
    expect(fieldsOf('a;b,c\n')).toEqual([['a;b', 'c']]);
    expect([...readRecords('a;b,c\n', ';')].map((r) => r.fields)).toEqual([['a', 'b,c']]);
  });
});

describe('parseCsv', () => {
  it('refuses ragged rows one by one, and skips blank lines but keeps row numbers', () => {
    const table = parseCsv('First,Last\nAda,Lovelace\n\nToo,many,fields\nShort\nGrace,Hopper\n');
    expect(table.header).toEqual(['First', 'Last']);
    expect(table.records.map((r) => [r.row, r.error ?? null])).toEqual([
      [2, null],
      [4, 'This row has 3 fields; the header has 2'],
      [5, 'This row has 1 fields; the header has 2'],
      [6, null],
    ]);
  });

  it('names empty and repeated header cells', () => {
    expect(parseCsv('Email,,email, Email \n1,2,3,4').header).toEqual([
      'Email',
      'Column 2',
      'email (2)',
      'Email (3)',
    ]);
  });

  it('detects semicolons and tabs when the header has no comma', () => {
    expect(parseCsv('a;b\n"1;2";3').records[0]!.fields).toEqual(['1;2', '3']);
    expect(parseCsv('a\tb\n1\t2').records[0]!.fields).toEqual(['1', '2']);
    expect(parseCsv('\uFEFFa;b\n1;2').delimiter).toBe(';');
  });

  it('skips the single-field lines before the header, as LinkedIn writes them', () => {
    const table = parseCsv(
      'Notes:\n"When exporting, some e-mails may be missing, see https://x.test/a,b"\n\n' +
        'First Name,Last Name,URL\nAda,Lovelace,https://www.linkedin.com/in/ada\n',
    );
    expect(table.header).toEqual(['First Name', 'Last Name', 'URL']);
    expect(table.records).toEqual([
      { row: 5, fields: ['Ada', 'Lovelace', 'https://www.linkedin.com/in/ada'] },
    ]);
    // A one-column file keeps its first line as the header.
    expect(parseCsv('Email\na@x.test\n').header).toEqual(['Email']);
  });

  it('answers no header and no rows for an empty file', () => {
    expect(parseCsv('')).toEqual({ header: [], records: [], delimiter: ',' });
    expect(parseCsv('\uFEFF\r\n\r\n').records).toEqual([]);
  });

  it('reads 100,000 rows', () => {
    const body = Array.from({ length: 100_000 }, (_, i) => `P${i},"Co, ${i}",p${i}@x.test`).join(
      '\n',
    );
    const table = parseCsv(`name,company,email\n${body}`);
    expect(table.records).toHaveLength(100_000);
    expect(table.records[99_999]!.fields[1]).toBe('Co, 99999');
    // A correctness check at size, not a timing: on two busy cores it can take past the 5 s default.
  }, 60_000);
});

describe('decodeCsv and csvLine', () => {
  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    expect(decodeCsv(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    expect(decodeCsv(new TextEncoder().encode('Zoë'))).toBe('Zoë');
  });

  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'x\ny', '=SUM(A1)', '+33 1 23', '-12'])).toBe(
      'a,"b,c","say ""hi""","x\ny",\'=SUM(A1),+33 1 23,-12\r\n',
    );
  });

  it('round-trips through the reader', () => {
    const values = ['Acme, Inc.', 'quote "q"', 'multi\r\nline', ''];
    expect(fieldsOf(csvLine(values))).toEqual([values]);
  });
});

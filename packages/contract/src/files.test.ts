import { describe, expect, it } from 'vitest';
import { fileKindOf, fileNameField, filesQuerySchema, FILE_NAME_MAX } from './files.ts';

describe('files contract', () => {
  it('sorts detected types into kinds', () => {
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(fileKindOf('image/svg+xml')).toBe('image');
    expect(fileKindOf('text/csv; charset=utf-8')).toBe('spreadsheet');
    expect(fileKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'spreadsheet',
    );
    expect(fileKindOf('application/zip')).toBe('archive');
    expect(fileKindOf('video/mp4')).toBe('video');
    expect(fileKindOf('text/plain')).toBe('text');
    expect(fileKindOf('application/octet-stream')).toBe('other');
  });

  it('keeps names as typed, a NUL as U+2400, and refuses empty or over-long ones', () => {
    expect(fileNameField.parse('../../etc/passwd')).toBe('../../etc/passwd');
    expect(fileNameField.parse('a\u0000b')).toBe('a\u2400b');
    expect(fileNameField.parse('invoice\u202Efdp.exe')).toBe('invoice\u202Efdp.exe');
    expect(fileNameField.parse('x'.repeat(300))).toHaveLength(300);
    expect(fileNameField.safeParse('   ').success).toBe(false);
    expect(fileNameField.safeParse('x'.repeat(FILE_NAME_MAX + 1)).success).toBe(false);
  });

  it('defaults a list to the root by name, 50 at a time', () => {
    expect(filesQuerySchema.parse({})).toEqual({
      view: 'folder',
      sort: 'name',
      order: 'asc',
      limit: 50,
    });
    expect(filesQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });
});

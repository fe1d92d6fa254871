import { describe, expect, it } from 'vitest';
import { csvField, defuseCell, restoreCell } from './csv-cell.ts';

describe('the formula guard', () => {
  it('defuses formulas but keeps numbers, phone numbers and lists of them', () => {
    expect(defuseCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(defuseCell('@cmd')).toBe("'@cmd");
    expect(defuseCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(defuseCell('+1+1')).toBe("'+1+1");
    expect(defuseCell('\tx')).toBe("'\tx");
    expect(defuseCell("'=already")).toBe("''=already");
    for (const kept of [
      '+33 1 23 45 67 89',
      '-12',
      '+1 (555) 010-0199',
      '+33 1 23; -4',
      "O'Brien",
    ]) {
      expect(defuseCell(kept)).toBe(kept);
    }
  });

  it('reads back exactly what it wrote', () => {
    const values = [
      '=SUM(A1)',
      "'=SUM(A1)",
      "''+x",
      '+33 1 23 45 67 89',
      "'+33 1",
      "'",
      "'plain",
      '-',
      '@',
      'a, "b"\nc',
      '',
    ];
    for (const value of values) expect(restoreCell(defuseCell(value))).toBe(value);
    expect(csvField('=a,b')).toBe('"\'=a,b"');
  });
});

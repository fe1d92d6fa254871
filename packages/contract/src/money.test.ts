import { describe, expect, it } from 'vitest';
import {
  addMinor,
  compareMinor,
  minorDigits,
  minorToDecimal,
  weighMinor,
  weightedFromRaw,
} from './values.ts';

describe('money values (one copy for the server and the web)', () => {
  it('knows the currencies’ minor digits, 2 for an unknown code', () => {
    expect([
      minorDigits('EUR'),
      minorDigits('JPY'),
      minorDigits('KWD'),
      minorDigits('ZZZ'),
    ]).toEqual([2, 0, 3, 2]);
  });

  it('writes minor units as the exact major decimal, past 2^53', () => {
    expect(minorToDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(1, 'KWD')).toBe('0.001');
    expect(minorToDecimal('10000000000000000001', 'EUR')).toBe('100000000000000000.01');
  });

  it('adds, compares and weighs exactly, rounding half away from zero once', () => {
    expect(addMinor('9007199254740993', 1n, 2)).toBe('9007199254740996');
    expect([compareMinor('10', 9), compareMinor(1n, '1'), compareMinor(-1, 0)]).toEqual([1, 0, -1]);
    expect(weighMinor('3', 50)).toBe('2');
    expect(weighMinor('-3', 50)).toBe('-2');
    expect(weightedFromRaw('149')).toBe('1');
    expect(weightedFromRaw(-150n)).toBe('-2');
  });
});

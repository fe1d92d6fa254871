import { describe, expect, it } from 'vitest';
import { minorUnits } from './deals.csv.ts';
import { minorDigits, minorToDecimal, weighMinor } from './money.ts';

describe('the money rules of deals', () => {
  it('knows each currency’s minor digits, 2 for an unknown code', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('ZZZ')).toBe(2);
  });

  it('writes minor units as the exact major-unit decimal, past 2^53', () => {
    expect(minorToDecimal(123450, 'EUR')).toBe('1234.50');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
    expect(minorToDecimal(1, 'KWD')).toBe('0.001');
    expect(minorToDecimal('10000000000000000001', 'EUR')).toBe('100000000000000000.01');
  });

  it('reads back what the CSV export writes', () => {
    for (const [minor, currency] of [
      [123450, 'EUR'],
      [7, 'KWD'],
      [1500, 'JPY'],
    ] as const) {
      expect(minorUnits(minorToDecimal(minor, currency), currency)).toBe(minor);
    }
  });

  it('weighs a sum once, half up', () => {
    expect(weighMinor('3', 50)).toBe('2');
    expect(weighMinor('10000000000000000', 10)).toBe('1000000000000000');
  });
});

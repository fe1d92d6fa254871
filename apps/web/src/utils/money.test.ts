import { describe, expect, it } from 'vitest';
import {
  addMinor,
  compareMinor,
  formatMinor,
  formatMoney,
  formatSums,
  minorDigits,
  minorRatio,
  minorToDecimal,
  minorToInput,
  parseMoney,
  toMajor,
  weighMinor,
} from './money.ts';

describe('minor units', () => {
  it('knows how many decimals a currency has', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('turns minor units into the major value and back into input text', () => {
    expect(toMajor(1_250_050, 'USD')).toBe(12_500.5);
    expect(toMajor(1200, 'JPY')).toBe(1200);
    expect(minorToInput(1_250_050, 'USD')).toBe('12500.50');
    expect(minorToInput(5, 'EUR')).toBe('0.05');
    expect(minorToInput(1200, 'JPY')).toBe('1200');
  });
});

describe('formatMoney', () => {
  it('writes an amount as the language does', () => {
    expect(formatMoney(1_250_050, 'USD', 'en')).toBe('$12,500.50');
    // French groups with a narrow no-break space and puts the sign after.
    expect(formatMoney(1_250_050, 'EUR', 'fr')).toBe('12\u202f500,50\u00a0€');
    expect(formatMoney(1200, 'JPY', 'cn')).toBe('JP¥1,200');
  });

  it('writes a compact total', () => {
    expect(formatMoney(1_250_000, 'USD', 'en', { compact: true })).toBe('$12.5K');
  });

  it('shows an unknown currency beside the number instead of failing', () => {
    expect(formatMoney(1000, 'XX1', 'en')).toBe('10 XX1');
  });
});

describe('parseMoney', () => {
  it('reads what a person types as minor units', () => {
    expect(parseMoney('12500', 'USD')).toBe(1_250_000);
    expect(parseMoney('12,500.50', 'USD')).toBe(1_250_050);
    expect(parseMoney('12.500,5', 'EUR')).toBe(1_250_050);
    expect(parseMoney('12 500,50', 'EUR')).toBe(1_250_050);
    expect(parseMoney('1,200', 'USD')).toBe(120_000);
    expect(parseMoney('0.5', 'USD')).toBe(50);
    expect(parseMoney('1200', 'JPY')).toBe(1200);
    expect(parseMoney('1.234', 'KWD')).toBe(1234);
  });

  it('refuses what is not an amount', () => {
    expect(parseMoney('', 'USD')).toBeNull();
    expect(parseMoney('-5', 'USD')).toBeNull();
    expect(parseMoney('ten', 'USD')).toBeNull();
    expect(parseMoney('1.0055', 'USD')).toBeNull();
    expect(parseMoney('1.2.3,45,6', 'USD')).toBeNull();
    expect(parseMoney('1.5', 'JPY')).toBeNull();
  });
});

describe('exact sums (record 037)', () => {
  it('formats a decimal string beyond 2^53 without losing a unit', () => {
    // 10^16 + 1 cents: a float would print …000.00.
    expect(formatMinor('10000000000000001', 'EUR', 'en')).toBe('€100,000,000,000,000.01');
    expect(formatMinor(10n ** 16n + 1n, 'JPY', 'en')).toBe('¥10,000,000,000,000,001');
    expect(formatMinor('-1250', 'EUR', 'en')).toBe('-€12.50');
    // The number form keeps its callers.
    expect(formatMoney(1_250_050, 'EUR', 'en')).toBe(formatMinor('1250050', 'EUR', 'en'));
    expect(minorToDecimal('5', 'KWD')).toBe('0.005');
    expect(
      formatSums([{ currency: 'EUR', amount: '10000000000000001', weighted: '1' }], 'en', 'amount'),
    ).toBe('€100,000,000,000,000.01');
  });

  it('adds, compares and weighs exactly, rounding half up once', () => {
    expect(addMinor('9007199254740993', 1, 1n)).toBe('9007199254740995');
    expect(compareMinor('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareMinor(5, '5')).toBe(0);
    expect(weighMinor('10000000000000001', 50)).toBe('5000000000000001');
    expect(weighMinor(333, 10)).toBe('33');
    expect(weighMinor(335, 10)).toBe('34');
    expect(minorRatio('50', '200')).toBe(0.25);
    expect(minorRatio('1', '0')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, minorToInput, parseMoney, toMajor } from './money.ts';

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

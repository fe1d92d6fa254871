import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  cardDigits,
  detectCardBrand,
  formatCardNumber,
  formatExpiry,
  securityCodeLength,
} from './card.ts';

describe('card number', () => {
  it('groups by four as it is typed, and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(cardDigits('1234 5678 9012 3456 7890 12')).toHaveLength(19);
    expect(formatCardNumber('4000000000000000006')).toBe('4000 0000 0000 0000 006');
  });

  it('groups American Express as 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('recognises the brand from the first digits', () => {
    expect(detectCardBrand('4242 4242')).toBe('visa');
    expect(detectCardBrand('5555 5555')).toBe('mastercard');
    expect(detectCardBrand('2223 0000')).toBe('mastercard');
    expect(detectCardBrand('3782')).toBe('amex');
    expect(detectCardBrand('6011')).toBe('discover');
    expect(detectCardBrand('9999')).toBe('card');
    expect(securityCodeLength('amex')).toBe(4);
    expect(securityCodeLength('visa')).toBe(3);
  });

  it('keeps the caret after the same digit when the groups move', () => {
    // Typing a 5th digit at the end: the caret goes after it, past the new space.
    expect(caretAfterFormat('42424', 5, '4242 4')).toBe(6);
    // Inserting a digit in the middle of "4242 4242": caret after the inserted digit.
    expect(caretAfterFormat('42142 4242', 3, '4214 2424 2')).toBe(3);
    expect(caretAfterFormat('4242 4242', 0, '4242 4242')).toBe(0);
  });
});

describe('expiry', () => {
  it('writes MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('1227')).toBe('12/27');
    expect(formatExpiry('12/279')).toBe('12/27');
  });

  it('pads a month that cannot be the first digit of two', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('427')).toBe('04/27');
    expect(formatExpiry('1/')).toBe('01/');
  });

  it('lets the slash be deleted', () => {
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('12')).toBe('12');
  });
});

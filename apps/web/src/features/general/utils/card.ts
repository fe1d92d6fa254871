import { cardBrand } from '@beacon/contract';

/** The brands the contract's `cardBrand` tells apart; `card` is any other. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** Card numbers are 12 to 19 digits long (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Only the digits of what was typed, at most 19. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

export function detectCardBrand(value: string): CardBrand {
  const brand = cardBrand(cardDigits(value));
  return brand === 'visa' || brand === 'mastercard' || brand === 'amex' || brand === 'discover'
    ? brand
    : 'card';
}

/** The brand's name as printed on the card; `null` for an unknown brand (the UI says "card"). */
export const CARD_BRAND_NAMES: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: null,
};

/** American Express prints 4-6-5; every other brand groups by four. */
function groupSizes(brand: CardBrand): number[] {
  return brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** `4242424242424242` -> `4242 4242 4242 4242`, as the number is printed on the card. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value);
  const groups: string[] = [];
  let start = 0;
  for (const size of groupSizes(detectCardBrand(digits))) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  if (start < digits.length) groups.push(digits.slice(start));
  return groups.join(' ');
}

/** The security code is four digits on American Express cards and three on the others. */
export function securityCodeLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/**
 * `1` -> `1`, `4` -> `04`, `122` -> `12/2`, `1227` -> `12/27`: the expiry as MM/YY while typing.
 * A slash typed after one digit pads the month (`1/` -> `01/`).
 */
export function formatExpiry(value: string): string {
  const trimmed = value.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (/^\d\//.test(trimmed)) digits = `0${digits}`;
  else if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return trimmed.includes('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * Where the caret goes after reformatting: just after the same number of digits as before it in
 * what was typed, so that editing in the middle of a number does not throw the caret to the end.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] ?? '')) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

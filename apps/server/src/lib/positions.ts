/**
 * Fractional position keys: strings that sort, by plain code-unit comparison, between any two
 * others. A move writes one key on one row, so concurrent moves never renumber a whole column.
 *
 * A key is the digits of a fraction in base 62 ("0.k1k2k3…"), so "V" is about one half. Keys never
 * end in the smallest digit, which guarantees there is always room between two keys.
 */
export const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;

function digit(key: string, i: number): number {
  const char = key[i];
  return char === undefined ? 0 : DIGITS.indexOf(char);
}

export function isValidKey(key: string): boolean {
  return key.length > 0 && !key.endsWith(DIGITS[0]!) && [...key].every((c) => DIGITS.includes(c));
}

/**
 * A key strictly between `before` and `after`: null for `before` means the start, null for
 * `after` means the end. Throws when `before` is not smaller than `after`.
 */
export function keyBetween(before: string | null, after: string | null): string {
  const low = before ?? '';
  if (after !== null && low >= after) {
    throw new RangeError(`no key between "${low}" and "${after}"`);
  }
  let result = '';
  for (let i = 0; ; i += 1) {
    const lowDigit = digit(low, i);
    const highDigit = after === null ? BASE : i < after.length ? digit(after, i) : BASE;
    if (lowDigit === highDigit) {
      // Same digit here: the key shares it and the difference lies further right.
      result += DIGITS[lowDigit];
      continue;
    }
    if (highDigit - lowDigit > 1) {
      // Room for a digit of its own. At the open ends step by one, so that always appending (or
      // always prepending) grows a key by one digit per 61 keys; between two keys take the middle.
      if (after === null) return result + DIGITS[lowDigit + 1];
      if (before === null) return result + DIGITS[highDigit - 1];
      return result + DIGITS[Math.floor((lowDigit + highDigit) / 2)];
    }
    // Neighbouring digits. Taking the high digit and stopping works when the upper key goes on
    // past it (it is then larger); otherwise keep the low digit and find room above the low key.
    if (after !== null && i < after.length - 1) return result + DIGITS[highDigit];
    result += DIGITS[lowDigit];
    // Prepending: the largest digit leaves the most room for the keys that will come before.
    if (before === null) return result + DIGITS[BASE - 1];
    return result + keyBetween(low.slice(i + 1), null);
  }
}

/** `count` keys evenly spread over the whole range, in order (to renumber a column). */
export function spreadKeys(count: number): string[] {
  const keys: string[] = [];
  // Two digits give 3,843 slots; more cards take three.
  const width = count < BASE * BASE - 1 ? 2 : 3;
  const slots = BASE ** width - 1;
  for (let i = 1; i <= count; i += 1) {
    let n = Math.floor((i * slots) / (count + 1));
    let key = '';
    for (let d = 0; d < width; d += 1) {
      key = DIGITS[n % BASE] + key;
      n = Math.floor(n / BASE);
    }
    keys.push(key.replace(/0+$/, '') || DIGITS[1]!);
  }
  return keys;
}

import { describe, expect, it } from 'vitest';
import { isValidKey, keyBetween, spreadKeys } from './positions.ts';

describe('keyBetween', () => {
  it('makes keys between, before and after others', () => {
    const first = keyBetween(null, null);
    const later = keyBetween(first, null);
    const earlier = keyBetween(null, first);
    const middle = keyBetween(earlier, first);
    expect([earlier, middle, first, later]).toEqual([earlier, middle, first, later].sort());
    for (const key of [first, later, earlier, middle]) expect(isValidKey(key)).toBe(true);
  });

  it('finds room between neighbouring keys', () => {
    for (const [a, b] of [
      ['V', 'W'],
      ['V', 'V1'],
      ['Vz', 'W'],
      ['1', '2'],
      ['zzz', null],
      [null, '01'],
      [null, '0001'],
      ['a0001', 'a0002'],
    ] as const) {
      const key = keyBetween(a, b);
      if (a !== null) expect(key > a, `${key} > ${a}`).toBe(true);
      if (b !== null) expect(key < b, `${key} < ${b}`).toBe(true);
      expect(isValidKey(key)).toBe(true);
    }
  });

  it('refuses bounds in the wrong order or equal', () => {
    expect(() => keyBetween('b', 'a')).toThrow(RangeError);
    expect(() => keyBetween('a', 'a')).toThrow(RangeError);
  });

  it('keeps order through thousands of random insertions, with short keys', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const keys: string[] = [];
    for (let n = 0; n < 5000; n += 1) {
      const index = Math.floor(random() * (keys.length + 1));
      const key = keyBetween(keys[index - 1] ?? null, keys[index] ?? null);
      keys.splice(index, 0, key);
    }
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThan(20);
  });

  it('keeps keys short when always appending or always prepending', () => {
    let last: string | null = null;
    let first: string | null = null;
    for (let n = 0; n < 1000; n += 1) {
      last = keyBetween(last, null);
      first = keyBetween(null, first);
    }
    expect(last!.length).toBeLessThan(30);
    expect(first!.length).toBeLessThan(30);
  });
});

describe('spreadKeys', () => {
  it('spreads valid, increasing keys over the range', () => {
    for (const count of [1, 2, 10, 500, 5000]) {
      const keys = spreadKeys(count);
      expect(keys).toHaveLength(count);
      expect([...keys].sort()).toEqual(keys);
      expect(new Set(keys).size).toBe(count);
      for (const key of keys) expect(isValidKey(key), key).toBe(true);
    }
  });
});

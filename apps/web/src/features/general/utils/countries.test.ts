import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions, regionOf } from './countries.ts';

describe('countries', () => {
  it('lists unique ISO 3166-1 alpha-2 codes', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
  });

  it('names them in the reader language, sorted as that language sorts', () => {
    const french = countryOptions('fr');
    expect(french.find((country) => country.code === 'DE')?.name).toBe('Allemagne');
    const names = french.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(countryOptions('en').find((country) => country.code === 'VN')?.name).toBe('Vietnam');
  });

  it('reads the region of a language tag', () => {
    expect(regionOf('fr-FR')).toBe('FR');
    expect(regionOf('en-US')).toBe('US');
    expect(regionOf('fr')).toBeUndefined();
    expect(regionOf('es-419')).toBeUndefined();
    expect(regionOf(undefined)).toBeUndefined();
  });
});

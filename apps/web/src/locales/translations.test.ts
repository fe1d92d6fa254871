import { describe, expect, it } from 'vitest';
import { translationFiles } from '../test/translation-files.ts';
import { LANGUAGES, NAMESPACES } from './languages.ts';

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }` */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { [prefix]: value };
  }
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

const english = translationFiles.en ?? {};
const others = LANGUAGES.map((language) => language.value).filter((code) => code !== 'en');

describe('translation files', () => {
  it('exist for every language and namespace, and no others', () => {
    expect(Object.keys(translationFiles).sort()).toEqual(LANGUAGES.map((l) => l.value).sort());
    for (const lng of Object.keys(translationFiles)) {
      expect(Object.keys(translationFiles[lng] ?? {}).sort(), lng).toEqual([...NAMESPACES].sort());
    }
  });

  for (const ns of NAMESPACES) {
    const source = flatten(english[ns]);

    it(`en/${ns}: every value is a non-empty string`, () => {
      expect(Object.keys(source).length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(source)) {
        expect(typeof value === 'string' && value.trim() !== '', `en/${ns}: ${key}`).toBe(true);
      }
    });

    for (const lng of others) {
      it(`${lng}/${ns}: has every key of en, translated, with the same placeholders`, () => {
        const target = flatten(translationFiles[lng]?.[ns]);
        const missing = Object.keys(source).filter(
          (key) => typeof target[key] !== 'string' || (target[key] as string).trim() === '',
        );
        expect(missing, `missing or empty in ${lng}/${ns}.json`).toEqual([]);

        const extra = Object.keys(target).filter((key) => !(key in source));
        expect(extra, `keys in ${lng}/${ns}.json that en does not have`).toEqual([]);

        for (const [key, value] of Object.entries(source)) {
          expect(placeholders(target[key] as string), `${lng}/${ns}: ${key}`).toEqual(
            placeholders(value as string),
          );
        }
      });
    }
  }

  it('keeps the exact English messages the spec fixes', () => {
    const auth = flatten(english.auth);
    const common = flatten(english.common);
    expect(auth['notices.tokenExpired']).toBe('Token expired');
    expect(auth['errors.invalidCredentials']).toBe('Invalid credentials');
    expect(auth['errors.registrationFailed']).toBe('Registration failed');
    expect(common['errors.generic']).toBe('Something went wrong');
  });
});

import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n.ts';
import { translationFiles } from '../test/translation-files.ts';
import { intlLocale } from './i18n.ts';
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

/** `people.count_one` -> `people.count`; other keys stay as they are. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** The plural forms a language needs, as i18next suffixes them (`['one', 'other']` in English). */
function pluralForms(lng: string): string[] {
  return new Intl.PluralRules(intlLocale(lng)).resolvedOptions().pluralCategories.slice().sort();
}

/** The keys of a file by base key: each plural key with its forms, other keys with none. */
function byBase(keys: string[]): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of keys) {
    const match = PLURAL_SUFFIX.exec(key);
    const forms = bases.get(baseKey(key)) ?? [];
    if (match?.[1]) forms.push(match[1]);
    bases.set(baseKey(key), forms);
  }
  return bases;
}

/** The English text a key is compared with: a plural key's `_other` form. */
const englishText = (source: Record<string, unknown>, base: string, forms: string[]) =>
  (forms.length ? source[`${base}_other`] : source[base]) as string;

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
        const sourceBases = byBase(Object.keys(source));
        const targetBases = byBase(Object.keys(target));
        const needed = pluralForms(lng);
        // A plural key of en is there in every form this language needs.
        const wanted = [...sourceBases].flatMap(([base, forms]) =>
          forms.length ? needed.map((form) => `${base}_${form}`) : [base],
        );
        const missing = wanted.filter(
          (key) => typeof target[key] !== 'string' || (target[key] as string).trim() === '',
        );
        expect(missing, `missing or empty in ${lng}/${ns}.json`).toEqual([]);

        const extra = Object.keys(target).filter(
          (key) => !wanted.includes(key) || !sourceBases.has(baseKey(key)),
        );
        expect(extra, `keys in ${lng}/${ns}.json that en does not have`).toEqual([]);
        expect([...targetBases.keys()].sort()).toEqual([...sourceBases.keys()].sort());

        for (const key of wanted) {
          const base = baseKey(key);
          const text = englishText(source, base, sourceBases.get(base) ?? []);
          expect(placeholders(target[key] as string), `${lng}/${ns}: ${key}`).toEqual(
            placeholders(text),
          );
        }
      });
    }
  }

  for (const { value: lng } of LANGUAGES) {
    it(`${lng}: every text with a count has the plural forms ${lng} needs, and no others`, () => {
      const needed = pluralForms(lng);
      for (const ns of NAMESPACES) {
        const target = flatten(translationFiles[lng]?.[ns]);
        for (const [key, text] of Object.entries(target)) {
          // A count given to i18next chooses the form: a text showing it must be a plural form.
          if (typeof text === 'string' && /\{\{\s*count\b/.test(text)) {
            expect(PLURAL_SUFFIX.test(key), `${lng}/${ns}: ${key} shows a count`).toBe(true);
          }
        }
        for (const [base, forms] of byBase(Object.keys(target))) {
          if (forms.length) expect(forms.sort(), `${lng}/${ns}: ${base}`).toEqual(needed);
        }
      }
    });
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

describe('plurals and numbers in the interface language', () => {
  it('chooses the plural form of each language', async () => {
    const i18n = await initTestI18n('en');
    const t = (lng: string, count: number) =>
      i18n.getFixedT(lng, 'kanban')('column.clearText', { count });
    expect(t('en', 1)).toMatch(/^1 card of this column will be deleted/);
    expect(t('en', 3)).toMatch(/^All 3 cards of this column/);
    expect(t('fr', 1)).toMatch(/^1 carte de cette colonne sera supprimée/);
    expect(t('fr', 2)).toMatch(/^Les 2 cartes/);
    // Chinese has one form: a count of 1 does not fall back to English.
    expect(t('cn', 1)).toBe('此列的全部 1 张卡片将被删除，连同其评论和附件。列本身会保留。');
    const showing = (count: number) =>
      i18n.getFixedT('ar', 'calendar')('filters.showing', { shown: count, count });
    expect(showing(2)).toMatch(/حدثين$/);
    expect(showing(5)).toMatch(/أحداث$/);
    expect(showing(11)).toMatch(/حدثًا$/);
  });

  it('groups numbers as the language does: 3 006 in French', async () => {
    const i18n = await initTestI18n('en');
    const people = (lng: string) => i18n.getFixedT(lng, 'crm')('people.count', { count: 3006 });
    expect(people('en')).toBe('People: 3,006');
    // French groups with a narrow no-break space.
    expect(people('fr')).toBe('Personnes : 3\u202f006');
    expect(people('fr')).not.toContain('3,006');
    expect(i18n.getFixedT('fr', 'kanban')('column.cardCount', { count: 12500 })).toBe(
      'Cartes : 12\u202f500',
    );
  });

  it('names the people of the CRM one way in each language', () => {
    for (const { value: lng } of LANGUAGES) {
      const crm = flatten(translationFiles[lng]?.crm);
      const navbar = flatten(translationFiles[lng]?.navbar);
      expect(crm['people.title'], lng).toBe(navbar['items.people']);
      expect(crm['people.tableLabel'], lng).toBe(crm['people.title']);
    }
    expect(flatten(translationFiles.fr?.crm)['people.title']).toBe('Personnes');
  });
});

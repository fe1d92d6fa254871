import { describe, expect, it } from 'vitest';
import { LANGUAGES, findLanguage, formatDate } from './languages.ts';

describe('languages', () => {
  it('are the five of the spec, each with a flag and MUI texts loaded on demand', async () => {
    expect(LANGUAGES.map((language) => language.value)).toEqual(['en', 'fr', 'vi', 'cn', 'ar']);
    for (const language of LANGUAGES) {
      expect(language.flag).toMatch(/^[a-z]{2}$/);
      // English is MUI's own language; the others bring their texts.
      if (language.value === 'en') continue;
      const texts = await language.systemValue?.();
      expect(texts?.default.components, language.value).toBeTruthy();
    }
    const chinese = await findLanguage('cn').systemValue?.();
    expect(chinese?.default.components?.MuiPagination?.defaultProps?.['aria-label']).toBe(
      '分页导航',
    );
  });

  it('format dates the way the language writes them', () => {
    const date = '2026-01-15T10:00:00.000Z';
    expect(formatDate(date, 'en')).toBe('January 15, 2026');
    expect(formatDate(date, 'fr')).toBe('15 janvier 2026');
    expect(formatDate(date, 'cn')).toBe('2026年1月15日');
  });
});

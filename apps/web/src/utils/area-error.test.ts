import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../locales/i18n.ts';
import { initTestI18n } from '../test/i18n.ts';
import { areaErrorText } from './area-error.ts';

afterEach(async () => {
  i18n.removeResourceBundle('fr', 'zz');
  i18n.removeResourceBundle('en', 'zz');
  await i18n.changeLanguage('en');
});

describe('areaErrorText', () => {
  it("words an answer's code in the user's language rather than show the server's English", async () => {
    await initTestI18n('fr');
    const t = i18n.getFixedT('fr');
    const failure = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'name: Too long',
      operation: 'x',
    };
    expect(areaErrorText(t, 'crm', failure)).toBe(
      "Certaines valeurs n'ont pas été acceptées. Vérifiez le formulaire et réessayez.",
    );
  });

  it("prefers the area's own words for a code, and falls back to the detail for a code nobody words", async () => {
    await initTestI18n('en');
    i18n.addResourceBundle('en', 'zz', {
      errors: { offline: 'Offline', codes: { STAGE_NOT_EMPTY: 'Move its deals first.' } },
    });
    const t = i18n.getFixedT('en');
    expect(
      areaErrorText(t, 'zz', {
        status: 409,
        code: 'STAGE_NOT_EMPTY',
        message: 'The stage holds 3 deals',
        operation: 'x',
      }),
    ).toBe('Move its deals first.');
    expect(
      areaErrorText(t, 'zz', {
        status: 409,
        code: 'SOMETHING_NEW',
        message: 'Detail',
        operation: 'x',
      }),
    ).toBe('Detail');
    expect(areaErrorText(t, 'zz', { status: 0, message: 'Failed to fetch', operation: 'x' })).toBe(
      'Offline',
    );
    expect(
      areaErrorText(t, 'zz', {
        status: 500,
        code: 'SOMETHING_NEW',
        message: 'Stack',
        operation: 'x',
      }),
    ).toBe('Something went wrong');
  });
});

import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.ts';
import type { ApiFailure } from '../../../lib/api.ts';
import { dealsErrorText } from './error-text.ts';

describe('dealsErrorText', () => {
  it('words the codes of the deals API in every language, never the English detail', async () => {
    for (const language of ['en', 'fr', 'vi', 'cn', 'ar']) {
      const i18n = await initTestI18n(language);
      for (const code of [
        'STAGE_NOT_EMPTY',
        'PIPELINE_NOT_EMPTY',
        'DEFAULT_PIPELINE',
        'LAST_STAGE',
      ]) {
        const failure: ApiFailure = {
          message: 'This stage holds 3 deals: choose a stage to move them to (moveTo)',
          status: 409,
          code,
          operation: 'removeStage',
        };
        const text = dealsErrorText(i18n.t, failure);
        expect(text, `${language} ${code}`).not.toBe(failure.message);
        expect(text, `${language} ${code}`).toBe(i18n.t(`deals:errors.codes.${code}`));
      }
    }
    const fr = await initTestI18n('fr');
    expect(
      dealsErrorText(fr.t, { message: 'x', status: 409, code: 'STAGE_NOT_EMPTY', operation: 'o' }),
    ).toMatch(/^Cette étape contient encore des affaires/);
    // Offline and unknown failures keep their own words.
    expect(dealsErrorText(fr.t, { message: 'x', status: 0, operation: 'o' })).toBe(
      fr.t('deals:errors.network'),
    );
    expect(dealsErrorText(fr.t, new Error('boom'))).toBe(fr.t('deals:errors.generic'));
  });
});

import { initReactI18next } from 'react-i18next';
import { i18n, i18nOptions, localeRules } from '../locales/i18n.ts';
import { translationFiles } from './translation-files.ts';

/** Starts the app's i18n instance with the real translation files, without HTTP or detection. */
export async function initTestI18n(lng = 'en') {
  if (!i18n.isInitialized) {
    await i18n
      .use(localeRules)
      .use(initReactI18next)
      .init({
        ...i18nOptions,
        lng,
        ns: Object.keys(translationFiles.en ?? {}),
        resources: translationFiles,
        detection: undefined,
        backend: undefined,
        react: { useSuspense: false },
      });
  }
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  return i18n;
}

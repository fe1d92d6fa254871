import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../locales/i18n.ts';

/** The home namespace's `t` and the Intl locale of the language on screen. */
export function useHomeText() {
  const { t, i18n } = useTranslation('home');
  return { t, locale: intlLocale(i18n.resolvedLanguage), dir: i18n.dir(i18n.resolvedLanguage) };
}

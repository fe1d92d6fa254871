import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../locales/i18n.ts';

/**
 * The home namespace's `t` and the Intl locale of the language on screen. The deals namespace is
 * loaded too: it words the default stages' names (`stageName`, utils/default-names.ts).
 */
export function useHomeText() {
  const { t, i18n } = useTranslation(['home', 'deals']);
  return { t, locale: intlLocale(i18n.resolvedLanguage), dir: i18n.dir(i18n.resolvedLanguage) };
}

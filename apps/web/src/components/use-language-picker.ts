import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, type LanguageCode } from '../locales/languages.ts';

/**
 * The state of a language picker, with or without MUI (`language-picker.tsx`,
 * `plain/language-picker.tsx`): the current language, the button's properties (its name, the
 * menu it opens, loading the menu's code when the picker is about to be used), and the menu's.
 */
export function useLanguagePicker(loadMenu: () => Promise<unknown>) {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that it can play its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const current = findLanguage(i18n.resolvedLanguage ?? i18n.language);
  const preload = () => void loadMenu();

  const buttonProps = {
    id: buttonId,
    'aria-label': t('languagePicker', { language: current.label }),
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      setUsed(true);
      setAnchor(event.currentTarget);
    },
  };
  const menuProps = {
    id: menuId,
    buttonId,
    anchorEl: anchor,
    current: current.value,
    onChoose: (code: LanguageCode) => {
      setAnchor(null);
      if (code !== current.value) void i18n.changeLanguage(code);
    },
    onClose: () => setAnchor(null),
  };
  return { current, used, buttonProps, menuProps };
}

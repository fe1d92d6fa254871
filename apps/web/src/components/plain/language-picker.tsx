import './plain.css';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, type LanguageCode } from '../../locales/languages.ts';
import type { ThemeSettings } from '../../theme/create-theme.ts';
import { Button } from './button.tsx';
import { GlobeIcon } from './icons.tsx';

const loadMenu = () => import('./themed-language-menu.tsx');
const ThemedLanguageMenu = lazy(() =>
  loadMenu().then((module) => ({ default: module.ThemedLanguageMenu })),
);

export interface LanguagePickerProps {
  /** The display settings, for the menu (drawn with MUI, in its own chunk). */
  theme: ThemeSettings;
}

/**
 * The language picker of `components/language-picker.tsx` for a page drawn without MUI: the
 * button is plain; its menu is the same MUI menu, in the theme of the settings, loaded with MUI
 * when the picker is about to be used (hovered, focused or opened).
 */
export function LanguagePicker({ theme }: LanguagePickerProps) {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that it can play its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const current = findLanguage(i18n.resolvedLanguage ?? i18n.language);

  const choose = (code: LanguageCode) => {
    setAnchor(null);
    if (code !== current.value) void i18n.changeLanguage(code);
  };
  const preload = () => void loadMenu();

  return (
    <>
      <Button
        id={buttonId}
        size="small"
        className="bk-language-button"
        startIcon={<GlobeIcon />}
        aria-label={t('languagePicker', { language: current.label })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <span lang={current.htmlLang}>{current.label}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ThemedLanguageMenu
            theme={theme}
            id={menuId}
            buttonId={buttonId}
            anchorEl={anchor}
            current={current.value}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}

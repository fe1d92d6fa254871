import { Suspense, lazy, useId, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { findLanguage, type LanguageCode } from '../locales/languages.ts';
import { GlobeIcon } from './icons.tsx';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Switches the interface language; Arabic also switches the page to right-to-left. The button is
 * on every page; its menu (MUI's Menu, Popover and Modal) loads when it is about to be used.
 */
export function LanguagePicker() {
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
        color="inherit"
        size="small"
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
        sx={{ color: 'text.secondary', fontWeight: 600, minWidth: 0 }}
      >
        <span lang={current.htmlLang}>{current.label}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu
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

import { Suspense, lazy } from 'react';
import Button from '@mui/material/Button';
import { GlobeIcon } from './icons.tsx';
import { useLanguagePicker } from './use-language-picker.ts';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Switches the interface language; Arabic also switches the page to right-to-left. The button is
 * on every page; its menu (MUI's Menu, Popover and Modal) loads when it is about to be used.
 */
export function LanguagePicker() {
  const { current, used, buttonProps, menuProps } = useLanguagePicker(loadMenu);
  return (
    <>
      <Button
        {...buttonProps}
        color="inherit"
        size="small"
        startIcon={<GlobeIcon />}
        sx={{ color: 'text.secondary', fontWeight: 600, minWidth: 0 }}
      >
        <span lang={current.htmlLang}>{current.label}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu {...menuProps} />
        </Suspense>
      )}
    </>
  );
}

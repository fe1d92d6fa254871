import './plain.css';
import { Suspense, lazy } from 'react';
import type { ThemeSettings } from '../../theme/create-theme.ts';
import { useLanguagePicker } from '../use-language-picker.ts';
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
  const { current, used, buttonProps, menuProps } = useLanguagePicker(loadMenu);
  return (
    <>
      <Button
        {...buttonProps}
        size="small"
        className="bk-language-button"
        startIcon={<GlobeIcon />}
      >
        <span lang={current.htmlLang}>{current.label}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ThemedLanguageMenu theme={theme} {...menuProps} />
        </Suspense>
      )}
    </>
  );
}

import type { ThemeSettings } from '../../theme/create-theme.ts';
import { ThemeProvider } from '../../theme/theme-provider.tsx';
import { LanguageMenu, type LanguageMenuProps } from '../language-menu.tsx';

/** The language menu with the MUI theme around it, for a page drawn without MUI. */
export function ThemedLanguageMenu({
  theme,
  ...props
}: LanguageMenuProps & { theme: ThemeSettings }) {
  return (
    <ThemeProvider {...theme} embedded>
      <LanguageMenu {...props} />
    </ThemeProvider>
  );
}

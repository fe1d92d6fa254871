import './auth-layout.css';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { LanguagePicker } from '../../components/plain/language-picker.tsx';
import { Logo } from '../../components/plain/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { useSettings } from '../../features/settings/index.ts';
import { paths } from '../../utils/paths.ts';

/**
 * The auth pages: a card in the middle of a quiet background, the logo and language on top.
 * Drawn without MUI (auth-layout.css), as is the sign-in page; the other auth pages bring the
 * MUI theme into the card (routes.tsx).
 */
export function AuthLayout() {
  const { t } = useTranslation('common');
  const settings = useSettings();
  return (
    <div className="bk-auth">
      <SkipLink />
      <header className="bk-auth__header">
        <Logo to={paths.home} homeLabel={t('homeLink')} />
        <LanguagePicker
          theme={{
            mode: settings.themeMode,
            direction: settings.themeDirection,
            contrast: settings.themeContrast,
            preset: settings.themeColorPresets,
          }}
        />
      </header>
      <main className="bk-auth__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="bk-auth__card">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}

export { AuthLayout as Component };

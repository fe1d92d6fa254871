import { useTranslation } from 'react-i18next';
import { findLanguage } from '../locales/languages.ts';
import { Spinner } from './spinner.tsx';

/** Used before the translations are there, so it carries its own few words. */
const BOOT_LABELS: Record<string, string> = {
  en: 'Loading…',
  fr: 'Chargement…',
  vi: 'Đang tải…',
  cn: '加载中…',
  ar: 'جارٍ التحميل…',
};

/** How long a wait goes unmarked: most loads are over by then, and a flash of spinner is noise. */
export const LOADING_SCREEN_DELAY_MS = 400;

export interface LoadingScreenProps {
  /** Fill the whole viewport (app start) or only the space it is given (a page). */
  fullScreen?: boolean;
}

/**
 * A spinner in the middle of the space. Drawn without MUI (theme/base.css), since the app shows
 * it before any page, and the sign-in page loads no MUI. It becomes visible only once the wait
 * has lasted LOADING_SCREEN_DELAY_MS (a CSS animation, so no timer to clear): a page that loads
 * quickly draws at once, without a spinner drawn first and replaced a moment later.
 */
export function LoadingScreen({ fullScreen = false }: LoadingScreenProps) {
  const { t, i18n, ready } = useTranslation('common', { useSuspense: false });
  const label = ready
    ? t('loading')
    : (BOOT_LABELS[findLanguage(i18n.language).value] ?? 'Loading…');
  return (
    <div role="status" className={fullScreen ? 'bk-loading bk-loading--full' : 'bk-loading'}>
      <Spinner label={label} size={36} />
      <span className="bk-visually-hidden">{label}</span>
    </div>
  );
}

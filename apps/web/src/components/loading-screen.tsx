import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '../locales/languages.ts';
import { visuallyHidden } from './visually-hidden.ts';

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

const appear = keyframes({ to: { visibility: 'visible' } });

export interface LoadingScreenProps {
  /** Fill the whole viewport (app start) or only the space it is given (a page). */
  fullScreen?: boolean;
}

export function LoadingScreen({ fullScreen = false }: LoadingScreenProps) {
  const { t, i18n, ready } = useTranslation('common', { useSuspense: false });
  const label = ready
    ? t('loading')
    : (BOOT_LABELS[findLanguage(i18n.language).value] ?? 'Loading…');
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 1,
        width: '100%',
        minHeight: fullScreen ? '100vh' : 240,
        // Shown only once the wait has lasted: a page that loads quickly draws at once, without
        // a spinner drawn first and replaced a moment later (CSS only, so no timer to clear).
        visibility: 'hidden',
        animation: `${appear} 0s ${LOADING_SCREEN_DELAY_MS}ms forwards`,
      }}
    >
      <CircularProgress aria-label={label} size={36} />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

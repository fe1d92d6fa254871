import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { Logo } from '../../components/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { paths } from '../../utils/paths.ts';

/** The auth pages: a card in the middle of a quiet background, the logo and language on top. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.neutral',
        backgroundImage: `radial-gradient(50% 50% at 0% 0%, ${alpha(theme.palette.primary.main, 0.1)} 0%, transparent 100%), radial-gradient(40% 40% at 100% 100%, ${alpha(theme.palette.secondary.main, 0.08)} 0%, transparent 100%)`,
      })}
    >
      <SkipLink />
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 4 },
          py: 2,
        }}
      >
        <Logo to={paths.home} homeLabel={t('homeLink')} />
        <LanguagePicker />
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          px: 2,
          pt: { xs: 1, sm: 4 },
          pb: { xs: 4, sm: 8 },
          outline: 'none',
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 460, px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 } }}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Card>
      </Box>
    </Box>
  );
}

export { AuthLayout as Component };

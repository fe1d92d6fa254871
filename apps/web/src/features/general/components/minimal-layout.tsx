import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { Logo } from '../../../components/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link.tsx';
import { paths } from '../../../utils/paths.ts';

/**
 * The frame of the pages shown instead of the product (coming soon, maintenance): the logo and
 * the language, the message in the middle, and only the links that still make sense.
 */
export function MinimalLayout() {
  const { t } = useTranslation('general');
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        backgroundImage: `radial-gradient(50% 60% at 50% 0%, ${alpha(theme.palette.primary.main, 0.1)} 0%, transparent 100%)`,
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
        <Logo to={paths.home} homeLabel={t('common:homeLink')} />
        <LanguagePicker />
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: { xs: 4, sm: 6 },
          outline: 'none',
        }}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Stack
        component="footer"
        direction="row"
        spacing={3}
        useFlexGap
        sx={{ justifyContent: 'center', flexWrap: 'wrap', px: 2, py: 3 }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.short')}
        </Typography>
        <Link component={RouterLink} to={paths.contactUs} variant="body2">
          {t('footer.links.contact')}
        </Link>
        <Link component={RouterLink} to={paths.privacyPolicy} variant="body2">
          {t('footer.links.privacy')}
        </Link>
      </Stack>
    </Box>
  );
}

export { MinimalLayout as Component };

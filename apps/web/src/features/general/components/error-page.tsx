import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { Logo } from '../../../components/logo.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link.tsx';
import { paths } from '../../../utils/paths.ts';

export type ErrorStatus = 403 | 404 | 500;

const KEYS = { 403: 'forbidden', 404: 'notFound', 500: 'serverError' } as const;

export interface ErrorPageProps {
  status: ErrorStatus;
  /** Offer a reload (for the error boundary, where trying again may help). */
  onRetry?: () => void;
}

/** The 403, 404 and 500 pages: what happened, and a way back. */
export function ErrorPage({ status, onRetry }: ErrorPageProps) {
  const { t } = useTranslation('common');
  const key = KEYS[status];
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="sm"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 6, outline: 'none' }}
      >
        <Stack spacing={3} sx={{ width: '100%', alignItems: 'center', textAlign: 'center' }}>
          <Typography
            sx={{
              fontSize: { xs: '5rem', sm: '7rem' },
              fontWeight: 700,
              lineHeight: 1,
              letterSpacing: '-0.04em',
              color: 'primary.main',
            }}
          >
            {status}
          </Typography>
          <PageTitle title={t(`errorPages.${key}.title`)} />
          <Typography component="h1" variant="h3">
            {t(`errorPages.${key}.title`)}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>
            {t(`errorPages.${key}.description`)}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {onRetry && (
              <Button size="large" variant="outlined" color="inherit" onClick={onRetry}>
                {t('actions.tryAgain')}
              </Button>
            )}
            <Button component={RouterLink} to={paths.home} size="large" variant="contained">
              {t('actions.goHome')}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

export function ForbiddenPage() {
  return <ErrorPage status={403} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

export function ServerErrorPage() {
  return <ErrorPage status={500} onRetry={() => window.location.reload()} />;
}

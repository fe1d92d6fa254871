import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { launchSignupRequestSchema } from '@beacon/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ClockIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { paths } from '../../../utils/paths.ts';
import { publicApi } from '../api/public-api.ts';
import { useNow } from '../hooks/use-now.ts';
import { accentColor, accentTile } from '../utils/accent.ts';
import { LAUNCH_DATE, timeLeft } from '../utils/countdown.ts';
import { formatDate, formatNumber } from '../utils/format.ts';
import { applyServerFieldErrors, fieldErrorText, requestErrorText } from '../utils/form-errors.ts';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

export interface ComingSoonPageProps {
  /** What the countdown counts to; the launch date of the product unless a test says otherwise. */
  launchDate?: Date;
}

/** `/coming-soon`: a countdown to the launch and an e-mail sign-up that the server keeps. */
export function ComingSoonPage({ launchDate = LAUNCH_DATE }: ComingSoonPageProps) {
  const { t, i18n } = useTranslation('general');
  const lng = i18n.resolvedLanguage;
  const target = launchDate.getTime();
  const [initiallyDone] = useState(() => Date.now() >= target);
  const now = useNow(1000, !initiallyDone);
  const left = timeLeft(target, now);
  const launched = left.done;
  const when = formatDate(launchDate, lng, { dateStyle: 'full', timeStyle: 'short' });

  return (
    <Box sx={{ width: '100%', maxWidth: 720, textAlign: 'center' }}>
      <PageTitle title={t('comingSoon.title')} />
      <Box
        aria-hidden="true"
        sx={(theme) => ({
          ...accentTile(theme),
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          '& svg': { fontSize: 32 },
        })}
      >
        <ClockIcon />
      </Box>
      <Typography
        variant="overline"
        component="p"
        sx={(theme) => ({ color: accentColor(theme), mb: 1.5, display: 'block' })}
      >
        {t('comingSoon.eyebrow')}
      </Typography>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {launched ? t('comingSoon.launchedHeading') : t('comingSoon.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: { md: '1.125rem' }, mb: 5 }}>
        {launched
          ? t('comingSoon.launchedDescription', { date: when })
          : t('comingSoon.description')}
      </Typography>

      {launched ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center' }}
        >
          <Button component={RouterLink} to={paths.auth.register} variant="contained" size="large">
            {t('comingSoon.register')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.home}
            variant="outlined"
            color="inherit"
            size="large"
          >
            {t('comingSoon.home')}
          </Button>
        </Stack>
      ) : (
        <>
          <Box role="timer" aria-labelledby="countdown-label" sx={{ mb: 2 }}>
            <Typography id="countdown-label" component="h2" sx={visuallyHidden}>
              {t('comingSoon.countdownLabel')}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(4, 1fr)',
                gap: { xs: 1, sm: 2 },
                maxWidth: 520,
                mx: 'auto',
              }}
            >
              {UNITS.map((unit) => (
                <Box
                  key={unit}
                  sx={{
                    display: 'flex',
                    flexDirection: 'column-reverse',
                    py: { xs: 1.5, sm: 2.5 },
                    borderRadius: 2,
                    bgcolor: 'background.paper',
                    border: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                    {t(`comingSoon.units.${unit}`)}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{
                      m: 0,
                      fontWeight: 700,
                      fontSize: { xs: '1.75rem', sm: '2.5rem' },
                      lineHeight: 1.2,
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {formatNumber(left[unit], lng)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 5 }}>
            {t('comingSoon.launchOn', { date: when })}
          </Typography>
          <LaunchSignupForm />
        </>
      )}
    </Box>
  );
}

function LaunchSignupForm() {
  const { t } = useTranslation('general');
  const [serverError, setServerError] = useState<string | null>(null);
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError, reset } = useForm<{ email: string }>({
    resolver: zodResolver(launchSignupRequestSchema),
    defaultValues: { email: '' },
  });
  const pending = formState.isSubmitting;

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await publicApi.launchSignup(email);
      setSignedUp(email);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, ['email'], setError)) {
        setServerError(requestErrorText(t, error));
      }
    }
  });

  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', textAlign: 'start' }}>
      {signedUp ? (
        <Alert severity="success" role="status">
          {t('comingSoon.signup.success', { email: signedUp })}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="signup-title">
          <Typography
            id="signup-title"
            component="h2"
            variant="subtitle1"
            sx={{ mb: 1.5, textAlign: 'center' }}
          >
            {t('comingSoon.signup.title')}
          </Typography>
          {serverError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
          >
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('comingSoon.signup.email')}
              autoComplete="email"
              required
              disabled={pending}
              errorText={(error) => fieldErrorText(t, 'email', error)}
              sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={pending}
              disabled={pending}
              sx={{ flexShrink: 0, minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
            >
              {t('comingSoon.signup.submit')}
            </Button>
          </Stack>
          <Typography
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', mt: 1.5, textAlign: 'center' }}
          >
            {t('comingSoon.signup.note')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

export function Component() {
  return <ComingSoonPage />;
}

import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  CalendarIcon,
  ChartIcon,
  DatabaseIcon,
  GlobeIcon,
  LockIcon,
  SendIcon,
  ServerIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { paths } from '../../../utils/paths.ts';
import { accentColor, accentTile } from '../utils/accent.ts';

type Icon = ComponentType<SvgIconProps>;

/** The four facts that set Beacon apart, under the hero. */
const FACTS: { key: string; Icon: Icon }[] = [
  { key: 'oneProcess', Icon: ServerIcon },
  { key: 'yourData', Icon: DatabaseIcon },
  { key: 'noThirdParty', Icon: LockIcon },
  { key: 'languages', Icon: GlobeIcon },
];

const FEATURES: { key: string; Icon: Icon }[] = [
  { key: 'crm', Icon: UsersIcon },
  { key: 'outreach', Icon: SendIcon },
  { key: 'pipeline', Icon: ChartIcon },
  { key: 'teamApps', Icon: CalendarIcon },
  { key: 'selfHosted', Icon: ServerIcon },
  { key: 'languages', Icon: GlobeIcon },
];

const RUN_STEPS = ['start', 'embedded', 'scale'] as const;

export interface LandingPageProps {
  /** A signed-in visitor is offered the dashboard instead of sign-in and registration. */
  signedIn?: boolean;
}

/** `/`: what Beacon is, how it runs, and the ways in. */
export function LandingPage({ signedIn = false }: LandingPageProps) {
  const { t, i18n } = useTranslation('landing');

  const primaryAction = signedIn
    ? { to: paths.dashboard.app, label: t('actions.openDashboard') }
    : { to: paths.auth.register, label: t('actions.getStarted') };

  return (
    <>
      <PageTitle title={t('title')} />
      <Box
        component="section"
        aria-labelledby="landing-heading"
        sx={(theme) => ({
          pt: { xs: 8, md: 12 },
          pb: { xs: 6, md: 8 },
          background: `radial-gradient(60% 80% at 50% 0%, ${alpha(theme.palette.primary.main, 0.12)} 0%, transparent 70%)`,
        })}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography
            variant="overline"
            component="p"
            sx={(theme) => ({ color: accentColor(theme), mb: 2, display: 'block' })}
          >
            {t('hero.eyebrow')}
          </Typography>
          <Typography id="landing-heading" component="h1" variant="h2" sx={{ mb: 3 }}>
            {t('hero.title')}
          </Typography>
          <Typography
            sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.125rem' }, mb: 5 }}
          >
            {t('hero.subtitle')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center' }}
          >
            <Button component={RouterLink} to={primaryAction.to} size="large" variant="contained">
              {primaryAction.label}
            </Button>
            {!signedIn && (
              <Button
                component={RouterLink}
                to={paths.auth.login}
                size="large"
                variant="outlined"
                color="inherit"
              >
                {t('actions.signInLong')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
            {t('hero.pricingLead')}{' '}
            <Link
              component={RouterLink}
              to={paths.pricing}
              sx={(theme) => ({ color: accentColor(theme) })}
            >
              {t('actions.seePricing')}
            </Link>
          </Typography>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="facts-heading" sx={{ pb: { xs: 6, md: 8 } }}>
        <Container maxWidth="lg">
          <Typography id="facts-heading" component="h2" sx={visuallyHidden}>
            {t('facts.title')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: { xs: 3, md: 4 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {FACTS.map(({ key, Icon }) => (
              <Stack component="li" key={key} direction="row" spacing={2}>
                <Box
                  aria-hidden="true"
                  sx={(theme) => ({
                    ...accentTile(theme),
                    width: 40,
                    height: 40,
                    flexShrink: 0,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    '& svg': { fontSize: 20 },
                  })}
                >
                  <Icon />
                </Box>
                <Box>
                  <Typography component="h3" variant="subtitle1">
                    {t(`facts.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`facts.${key}.description`)}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="features-heading"
        sx={{ py: { xs: 8, md: 10 }, bgcolor: 'background.neutral' }}
      >
        <Container maxWidth="lg">
          <Typography
            id="features-heading"
            component="h2"
            variant="h3"
            sx={{ textAlign: 'center', mb: 1.5 }}
          >
            {t('features.title')}
          </Typography>
          <Typography
            sx={{ textAlign: 'center', color: 'text.secondary', mb: 6, maxWidth: 640, mx: 'auto' }}
          >
            {t('features.subtitle')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {FEATURES.map(({ key, Icon }) => (
              <Card component="li" key={key} sx={{ p: 3 }}>
                <Box
                  aria-hidden="true"
                  sx={(theme) => ({
                    ...accentTile(theme),
                    width: 48,
                    height: 48,
                    borderRadius: 1.5,
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2,
                  })}
                >
                  <Icon />
                </Box>
                <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                  {t(`features.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`features.${key}.description`)}
                </Typography>
              </Card>
            ))}
          </Box>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="run-heading" sx={{ py: { xs: 8, md: 10 } }}>
        <Container
          maxWidth="lg"
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography id="run-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
              {t('run.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('run.subtitle')}</Typography>
            <Stack component="ol" spacing={3} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {RUN_STEPS.map((key, index) => (
                <Stack component="li" key={key} direction="row" spacing={2}>
                  <Box
                    aria-hidden="true"
                    sx={(theme) => ({
                      ...accentTile(theme),
                      width: 32,
                      height: 32,
                      flexShrink: 0,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      fontWeight: 700,
                      fontSize: '0.875rem',
                    })}
                  >
                    {index + 1}
                  </Box>
                  <Box>
                    <Typography component="h3" variant="subtitle1">
                      {t(`run.steps.${key}.title`)}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(`run.steps.${key}.description`)}
                    </Typography>
                  </Box>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Box
            component="figure"
            sx={{
              m: 0,
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'grey.900',
              color: 'grey.100',
            }}
          >
            <Box
              component="figcaption"
              sx={{
                px: 2.5,
                py: 1.5,
                borderBottom: 1,
                borderColor: 'grey.800',
                fontSize: '0.8125rem',
                color: 'grey.400',
              }}
            >
              {t('run.terminal')}
            </Box>
            <Box
              component="pre"
              dir="ltr"
              sx={{
                m: 0,
                px: 2.5,
                py: 2.5,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: '0.875rem',
                lineHeight: 1.8,
                textAlign: 'left',
              }}
            >
              <code>
                {TERMINAL_LINES.map((line) => (
                  <Box
                    component="span"
                    key={line.key}
                    // A comment reads in the page's language and direction; a command is always LTR.
                    dir={line.command ? 'ltr' : i18n.dir()}
                    sx={{
                      display: 'block',
                      textAlign: 'start',
                      color: line.command ? 'inherit' : 'grey.500',
                    }}
                  >
                    {line.command ? `$ ${line.command}` : `# ${t(`run.comments.${line.key}`)}`}
                  </Box>
                ))}
              </code>
            </Box>
          </Box>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="cta-heading" sx={{ pb: { xs: 8, md: 12 } }}>
        <Container maxWidth="md">
          <Box
            sx={(theme) => ({
              borderRadius: 3,
              px: { xs: 3, md: 8 },
              py: { xs: 5, md: 7 },
              textAlign: 'center',
              color: 'common.white',
              background: `linear-gradient(135deg, ${theme.palette.primary.darker} 0%, ${theme.palette.primary.dark} 100%)`,
            })}
          >
            <Typography id="cta-heading" component="h2" variant="h4" sx={{ mb: 1.5 }}>
              {t('cta.title')}
            </Typography>
            <Typography sx={{ mb: 4, opacity: 0.92 }}>{t('cta.subtitle')}</Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'center' }}
            >
              <Button
                component={RouterLink}
                to={primaryAction.to}
                size="large"
                variant="contained"
                sx={{
                  bgcolor: 'common.white',
                  color: 'primary.darker',
                  '&:hover': { bgcolor: 'grey.200' },
                }}
              >
                {primaryAction.label}
              </Button>
              <Button
                component={RouterLink}
                to={paths.pricing}
                size="large"
                variant="outlined"
                sx={{
                  color: 'common.white',
                  borderColor: 'rgba(255, 255, 255, 0.6)',
                  '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255, 255, 255, 0.08)' },
                }}
              >
                {t('actions.seePricing')}
              </Button>
            </Stack>
          </Box>
        </Container>
      </Box>
    </>
  );
}

/** What the terminal card shows: the commands of the README; comments are translated. */
const TERMINAL_LINES = [
  { key: 'requirements', command: null },
  { key: 'start', command: 'npm install && npm start' },
  { key: 'open', command: null },
  { key: 'scale', command: 'DATABASE_URL=postgres://beacon@db/beacon JWT_SECRET=… npm start' },
] as const;

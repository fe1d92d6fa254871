import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  BriefcaseIcon,
  DatabaseIcon,
  FileTextIcon,
  GlobeIcon,
  LockIcon,
  SendIcon,
  ServerIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { accentColor, accentTile } from '../utils/accent.ts';
import { PageHero } from './page-hero.tsx';

type Icon = ComponentType<SvgIconProps>;

const STORY = ['p1', 'p2', 'p3'] as const;

const AUDIENCES: { key: string; Icon: Icon }[] = [
  { key: 'teams', Icon: UsersIcon },
  { key: 'founders', Icon: SendIcon },
  { key: 'agencies', Icon: BriefcaseIcon },
];

const PRINCIPLES: { key: string; Icon: Icon }[] = [
  { key: 'yourServer', Icon: DatabaseIcon },
  { key: 'noThirdParty', Icon: LockIcon },
  { key: 'openFormats', Icon: FileTextIcon },
  { key: 'simple', Icon: ServerIcon },
  { key: 'everyLanguage', Icon: GlobeIcon },
];

/** Numbers that describe how Beacon runs; the labels are translated. */
const NUMBERS = [
  { key: 'processes', value: '1' },
  { key: 'thirdParty', value: '0' },
  { key: 'languages', value: '5' },
  { key: 'roles', value: '3' },
] as const;

/** `/about-us`: why Beacon is self-hosted, who it is for, and what it holds to. */
export function AboutPage() {
  const { t } = useTranslation('general');
  return (
    <>
      <PageTitle title={t('about.title')} />
      <PageHero
        eyebrow={t('about.eyebrow')}
        title={t('about.heading')}
        subtitle={t('about.subtitle')}
      />

      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 10 } }}>
        <Box
          component="section"
          aria-labelledby="about-story"
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
            mb: { xs: 8, md: 10 },
          }}
        >
          <Typography id="about-story" component="h2" variant="h3">
            {t('about.story.title')}
          </Typography>
          <Stack spacing={2}>
            {STORY.map((key) => (
              <Typography key={key} sx={{ color: 'text.secondary', fontSize: '1.0625rem' }}>
                {t(`about.story.${key}`)}
              </Typography>
            ))}
          </Stack>
        </Box>

        <Box
          component="dl"
          sx={{
            m: 0,
            mb: { xs: 8, md: 10 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {NUMBERS.map((item) => (
            <Box
              key={item.key}
              sx={{
                display: 'flex',
                flexDirection: 'column-reverse',
                textAlign: 'center',
                py: 3,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', px: 1 }}>
                {t(`about.numbers.${item.key}`)}
              </Typography>
              <Typography
                component="dd"
                variant="h2"
                sx={(theme) => ({ m: 0, color: accentColor(theme) })}
              >
                {item.value}
              </Typography>
            </Box>
          ))}
        </Box>

        <Box component="section" aria-labelledby="about-audience" sx={{ mb: { xs: 8, md: 10 } }}>
          <Typography
            id="about-audience"
            component="h2"
            variant="h3"
            sx={{ textAlign: 'center', mb: 5 }}
          >
            {t('about.audience.title')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {AUDIENCES.map(({ key, Icon }) => (
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
                  {t(`about.audience.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`about.audience.${key}.description`)}
                </Typography>
              </Card>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="about-principles" sx={{ mb: { xs: 8, md: 10 } }}>
          <Typography id="about-principles" component="h2" variant="h3" sx={{ mb: 1.5 }}>
            {t('about.principles.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 680 }}>
            {t('about.principles.subtitle')}
          </Typography>
          <Stack component="ol" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {PRINCIPLES.map(({ key, Icon }) => (
              <Stack
                component="li"
                key={key}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1.5, sm: 3 }}
                sx={{ py: 3, borderTop: 1, borderColor: 'divider' }}
              >
                <Box
                  sx={(theme) => ({ color: accentColor(theme), '& svg': { fontSize: 28 } })}
                  aria-hidden="true"
                >
                  <Icon />
                </Box>
                <Box sx={{ flex: 1 }}>
                  <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
                    {t(`about.principles.${key}.title`)}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>
                    {t(`about.principles.${key}.description`)}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>

        <Box
          component="section"
          aria-labelledby="about-cta"
          sx={{
            textAlign: 'center',
            p: { xs: 4, md: 6 },
            borderRadius: 3,
            bgcolor: 'background.neutral',
          }}
        >
          <Typography id="about-cta" component="h2" variant="h4" sx={{ mb: 1.5 }}>
            {t('about.cta.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 560, mx: 'auto' }}>
            {t('about.cta.description')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'center' }}
          >
            <Button
              component={RouterLink}
              to={paths.auth.register}
              variant="contained"
              size="large"
            >
              {t('about.cta.register')}
            </Button>
            <Button
              component={RouterLink}
              to={paths.contactUs}
              variant="outlined"
              color="inherit"
              size="large"
            >
              {t('about.cta.contact')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </>
  );
}

export { AboutPage as Component };

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { formatDate } from '../utils/format.ts';
import { PageHero } from './page-hero.tsx';

export interface LegalDocumentProps {
  /** `terms` or `privacy`: the key of the document in the `legal` namespace. */
  document: 'terms' | 'privacy';
  /** The section keys, in order; each has a `title` and a `body` of blank-line-separated paragraphs. */
  sections: readonly string[];
  /** When the text last changed (ISO date). */
  updated: string;
}

/** A plain-language legal page: a table of contents, then numbered sections. */
export function LegalDocument({ document, sections, updated }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const id = (section: string) => `${document}-${section}`;

  return (
    <>
      <PageTitle title={t(`${document}.title`)} />
      <PageHero
        eyebrow={t('eyebrow')}
        title={t(`${document}.title`)}
        subtitle={t('updated', { date: formatDate(updated, i18n.resolvedLanguage) })}
      />
      <Container
        maxWidth="lg"
        sx={{
          pb: { xs: 8, md: 10 },
          display: 'grid',
          gap: { xs: 4, md: 8 },
          gridTemplateColumns: { xs: '1fr', md: '260px 1fr' },
          alignItems: 'start',
        }}
      >
        <Box
          component="nav"
          aria-labelledby={`${document}-toc`}
          sx={{ position: { md: 'sticky' }, top: { md: 88 } }}
        >
          <Typography
            id={`${document}-toc`}
            component="h2"
            variant="overline"
            sx={{ color: 'text.secondary' }}
          >
            {t('contents')}
          </Typography>
          <Stack component="ol" spacing={1} sx={{ m: 0, mt: 1, paddingInlineStart: 3.5 }}>
            {sections.map((section) => (
              <Typography
                component="li"
                variant="body2"
                key={section}
                sx={{ color: 'text.secondary' }}
              >
                <Link href={`#${id(section)}`} sx={{ color: 'text.primary', fontWeight: 500 }}>
                  {t(`${document}.sections.${section}.title`)}
                </Link>
              </Typography>
            ))}
          </Stack>
        </Box>

        <Box component="article" sx={{ maxWidth: 760 }}>
          <Typography sx={{ fontSize: '1.0625rem', mb: 5 }}>{t(`${document}.intro`)}</Typography>
          <Stack spacing={5}>
            {sections.map((section, index) => (
              <Box component="section" key={section} aria-labelledby={id(section)}>
                <Typography
                  id={id(section)}
                  component="h2"
                  variant="h5"
                  sx={{ mb: 1.5, scrollMarginTop: 88 }}
                >
                  {`${index + 1}. ${t(`${document}.sections.${section}.title`)}`}
                </Typography>
                {t(`${document}.sections.${section}.body`)
                  .split('\n\n')
                  .map((paragraph, paragraphIndex) => (
                    <Typography
                      key={paragraphIndex}
                      sx={{ color: 'text.secondary', mb: 1.5, whiteSpace: 'pre-line' }}
                    >
                      {paragraph}
                    </Typography>
                  ))}
              </Box>
            ))}
          </Stack>
          <Typography sx={{ mt: 6 }}>
            {t('questions')}{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              {t('contactLink')}
            </Link>
          </Typography>
        </Box>
      </Container>
    </>
  );
}

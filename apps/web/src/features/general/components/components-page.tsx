import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  ColorsSection,
  GridSection,
  IconsSection,
  ShadowsSection,
  TypographySection,
} from './gallery/foundations.tsx';
import { GALLERY_ENTRIES, type GalleryEntry } from './gallery/gallery-registry.tsx';
import { PageHero } from './page-hero.tsx';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const FOUNDATIONS: { id: string; render: () => ReactNode }[] = [
  { id: 'colors', render: () => <ColorsSection /> },
  { id: 'typography', render: () => <TypographySection /> },
  { id: 'shadows', render: () => <ShadowsSection /> },
  { id: 'grid', render: () => <GridSection /> },
  { id: 'icons', render: () => <IconsSection /> },
];

/** `/components`: the app's own UI kit, drawn from the live theme and the shared components. */
export function ComponentsPage() {
  const { t } = useTranslation('general');
  return (
    <>
      <PageTitle title={t('gallery.title')} />
      <PageHero
        eyebrow={t('gallery.eyebrow')}
        title={t('gallery.heading')}
        subtitle={t('gallery.subtitle')}
        maxWidth="md"
      />
      <Container
        maxWidth="lg"
        sx={{
          pb: { xs: 8, md: 10 },
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '200px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          component="nav"
          aria-labelledby="gallery-toc"
          sx={{ position: { md: 'sticky' }, top: { md: 88 } }}
        >
          <Typography
            id="gallery-toc"
            component="h2"
            variant="overline"
            sx={{ color: 'text.secondary' }}
          >
            {t('gallery.contents')}
          </Typography>
          <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
            {FOUNDATIONS.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`} variant="body2" sx={{ color: 'text.primary' }}>
                  {t(`gallery.sections.${section.id}.title`)}
                </Link>
              </li>
            ))}
            <li>
              <Link href="#shared-components" variant="body2" sx={{ color: 'text.primary' }}>
                {t('gallery.sections.components.title')}
              </Link>
              <Stack
                component="ul"
                spacing={0.5}
                sx={{ listStyle: 'none', m: 0, mt: 0.75, p: 0, paddingInlineStart: 1.5 }}
              >
                {GALLERY_ENTRIES.map((entry) => (
                  <li key={entry.id}>
                    <Link
                      href={`#component-${entry.id}`}
                      variant="body2"
                      sx={{
                        color: 'text.secondary',
                        fontWeight: 400,
                        fontFamily: MONO,
                        fontSize: '0.8125rem',
                      }}
                    >
                      {entry.name}
                    </Link>
                  </li>
                ))}
              </Stack>
            </li>
          </Stack>
        </Box>

        <Stack spacing={{ xs: 8, md: 10 }} sx={{ minWidth: 0 }}>
          {FOUNDATIONS.map((section) => (
            <Box component="section" key={section.id} aria-labelledby={section.id}>
              <SectionHeading
                id={section.id}
                title={t(`gallery.sections.${section.id}.title`)}
                description={t(`gallery.sections.${section.id}.description`)}
              />
              {section.render()}
            </Box>
          ))}
          <Box component="section" aria-labelledby="shared-components">
            <SectionHeading
              id="shared-components"
              title={t('gallery.sections.components.title')}
              description={t('gallery.sections.components.description')}
            />
            <Stack spacing={4}>
              {GALLERY_ENTRIES.map((entry) => (
                <EntryCard key={entry.id} entry={entry} />
              ))}
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}

function SectionHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description: string;
}) {
  return (
    <Box sx={{ mb: 4 }}>
      <Typography id={id} component="h2" variant="h4" sx={{ mb: 1, scrollMarginTop: 88 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 680 }}>{description}</Typography>
    </Box>
  );
}

function EntryCard({ entry }: { entry: GalleryEntry }) {
  const { t } = useTranslation('general');
  const headingId = `component-${entry.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 1 }}
      >
        <Typography
          id={headingId}
          component="h3"
          variant="h6"
          sx={{ fontFamily: MONO, scrollMarginTop: 88 }}
        >
          {entry.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: MONO }}>
          {entry.source}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t(`gallery.entries.${entry.id}.description`)}
      </Typography>
      <Stack spacing={2}>
        {entry.variants.map((variant) => (
          <Box
            key={variant.key}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}
          >
            <Typography
              component="h4"
              variant="caption"
              sx={{
                display: 'block',
                px: 2,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                color: 'text.secondary',
                fontWeight: 600,
              }}
            >
              {t(`gallery.entries.${entry.id}.variants.${variant.key}`)}
            </Typography>
            <Box
              sx={{
                p: { xs: 2, sm: 3 },
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 2,
              }}
            >
              {variant.render()}
            </Box>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

export { ComponentsPage as Component };

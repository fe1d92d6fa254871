import { useId, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChevronDownIcon, SearchIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { FAQ_GROUPS } from '../utils/faqs.ts';
import { matchesSearch, searchTerms } from '../utils/search.ts';
import { PageHero } from './page-hero.tsx';

/** `/faqs`: questions about running Beacon, searchable in the reader's language. */
export function FaqsPage() {
  const { t } = useTranslation(['faqs', 'general']);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  // Browsing, answers open one by one; searching, every match opens unless closed again.
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const resultsId = useId();

  const terms = useMemo(() => searchTerms(query), [query]);
  const groups = FAQ_GROUPS.map((group) => ({
    key: group.key,
    items: group.items.filter((item) =>
      matchesSearch([t(`items.${item}.question`), t(`items.${item}.answer`)], terms),
    ),
  })).filter((group) => group.items.length > 0);
  const found = groups.reduce((sum, group) => sum + group.items.length, 0);
  const searching = terms.length > 0;

  const setQuery = (value: string) => {
    setClosed(new Set());
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set('q', value);
        else updated.delete('q');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const isExpanded = (key: string) => (searching ? !closed.has(key) : open.has(key));
  const toggle = (key: string, expanded: boolean) => {
    const update = (add: boolean) => (current: Set<string>) => {
      const next = new Set(current);
      if (add) next.add(key);
      else next.delete(key);
      return next;
    };
    if (searching) setClosed(update(!expanded));
    else setOpen(update(expanded));
  };

  return (
    <>
      <PageTitle title={t('title')} />
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} subtitle={t('subtitle')}>
        <Box role="search" sx={{ maxWidth: 560, mx: 'auto' }}>
          <TextField
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            fullWidth
            slotProps={{
              htmlInput: { 'aria-controls': resultsId, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          />
        </Box>
      </PageHero>

      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 10 } }} id={resultsId}>
        <Typography
          role="status"
          variant="body2"
          sx={{ color: 'text.secondary', mb: searching ? 3 : 0 }}
        >
          {searching ? t('search.results', { found, query: query.trim() }) : ''}
        </Typography>

        {groups.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
              {t('search.emptyTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>
              {t('search.emptyDescription')}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
              <Button variant="outlined" color="inherit" onClick={() => setQuery('')}>
                {t('search.clear')}
              </Button>
              <Button component={RouterLink} to={paths.contactUs} variant="contained">
                {t('general:nav.contact')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Stack spacing={6}>
            {groups.map((group) => (
              <Box component="section" key={group.key} aria-labelledby={`faq-group-${group.key}`}>
                <Typography
                  id={`faq-group-${group.key}`}
                  component="h2"
                  variant="h5"
                  sx={{ mb: 2 }}
                >
                  {t(`groups.${group.key}`)}
                </Typography>
                <div>
                  {group.items.map((item) => (
                    <Accordion
                      key={item}
                      expanded={isExpanded(item)}
                      onChange={(_event, expanded) => toggle(item, expanded)}
                      disableGutters
                      slotProps={{ heading: { component: 'h3' } }}
                      sx={{
                        bgcolor: 'transparent',
                        borderBottom: 1,
                        borderColor: 'divider',
                        '&::before': { display: 'none' },
                      }}
                    >
                      <AccordionSummary
                        expandIcon={<ChevronDownIcon />}
                        id={`faq-${item}-question`}
                        aria-controls={`faq-${item}-answer`}
                        sx={{ px: 0, '& .MuiAccordionSummary-content': { my: 2 } }}
                      >
                        <Typography variant="subtitle1" component="span">
                          {t(`items.${item}.question`)}
                        </Typography>
                      </AccordionSummary>
                      <AccordionDetails sx={{ px: 0, pt: 0, pb: 3 }}>
                        {t(`items.${item}.answer`)
                          .split('\n\n')
                          .map((paragraph, index) => (
                            <Typography
                              key={index}
                              sx={{
                                color: 'text.secondary',
                                whiteSpace: 'pre-line',
                                '& + &': { mt: 1.5 },
                              }}
                            >
                              {paragraph}
                            </Typography>
                          ))}
                      </AccordionDetails>
                    </Accordion>
                  ))}
                </div>
              </Box>
            ))}
          </Stack>
        )}

        <Box
          sx={{
            mt: 8,
            p: { xs: 3, sm: 4 },
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            textAlign: 'center',
          }}
        >
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('more.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {t('more.description')}{' '}
            <Link component={RouterLink} to={paths.contactUs}>
              {t('more.link')}
            </Link>
          </Typography>
        </Box>
      </Container>
    </>
  );
}

export { FaqsPage as Component };

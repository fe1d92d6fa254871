import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { formatDate } from '../../../locales/languages.ts';
import { formatMoney } from '../../../utils/money.ts';
import { paths } from '../../../utils/paths.ts';
import { useDealCompanyQuery, type FoundRecord } from '../api/search.ts';
import { RELATED_PAGE, useRelatedDealsInfiniteQuery } from '../api/deal-record.ts';
import { usePipelines } from '../hooks/use-pipelines.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { NewDealDialog } from './new-deal-dialog.tsx';
import { StatusChip } from './status-chip.tsx';
import { stageName } from '../utils/names.ts';

export interface RelatedDealsProps {
  /** Whose deals: a company's, or those a person takes part in. */
  subject: { type: 'company' | 'person'; id: string };
  canEdit: boolean;
}

/** A person's or a company's deals, newest first, with a way to add one (a record page's tab). */
export function RelatedDeals({ subject, canEdit }: RelatedDealsProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  const { enqueueSnackbar } = useSnackbar();
  const { pipelines } = usePipelines();
  const related = useRelatedDealsInfiniteQuery({ type: subject.type, id: subject.id });
  const items = related.data ? related.data.pages.flatMap((page) => page.items) : null;
  const error = related.error ?? null;
  const [adding, setAdding] = useState(false);
  const stageNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const pipeline of pipelines ?? []) {
      for (const stage of pipeline.stages) names.set(stage.id, stageName(t, stage));
    }
    return names;
  }, [pipelines, t]);

  // The company a new deal is for, named in the dialog's picker.
  const companyRead = useDealCompanyQuery(
    adding && subject.type === 'company' ? subject.id : skipToken,
  );
  const found = companyRead.currentData?.company;
  const company: FoundRecord | null = found
    ? { id: found.id, label: found.name, secondary: found.domain }
    : null;

  const defaultPipeline = pipelines?.find((p) => p.isDefault) ?? pipelines?.[0] ?? null;

  return (
    <Box data-testid="related-deals">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('related.title')}
        </Typography>
        {canEdit && (
          <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
            {t('related.add')}
          </Button>
        )}
      </Box>
      {error != null && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void related.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('related.error')} {dealsErrorText(t, error)}
        </Alert>
      )}
      {items === null && error == null && (
        <>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </>
      )}
      {items?.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('related.empty')}</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items?.map((deal) => (
          <Box
            component="li"
            key={deal.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: 1, minWidth: 180 }}>
              <Link
                component={RouterLink}
                to={`${paths.dashboard.deals}/${deal.id}`}
                sx={{ fontWeight: 600 }}
              >
                {deal.name}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[
                  stageNames.get(deal.stageId),
                  deal.expectedCloseDate
                    ? t('card.closes', {
                        date: formatDate(deal.expectedCloseDate, language, {
                          dateStyle: 'medium',
                          timeZone: 'UTC',
                        }),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            <Typography variant="subtitle2">
              {formatMoney(deal.amount, deal.currency, language)}
            </Typography>
            <StatusChip status={deal.status} />
          </Box>
        ))}
      </Box>
      <LoadMoreButton pages={related} sx={{ p: 0, mt: 1 }}>
        {t('stage.loadMore', { count: RELATED_PAGE })}
      </LoadMoreButton>
      {canEdit && adding && (subject.type === 'person' || company) && (
        <NewDealDialog
          open={adding}
          pipeline={defaultPipeline}
          company={subject.type === 'company' ? company : null}
          personId={subject.type === 'person' ? subject.id : null}
          defaultCurrency="EUR"
          onClose={() => setAdding(false)}
          onCreated={(deal) => {
            setAdding(false);
            // The creation invalidated the deal lists: this one reads itself again.
            enqueueSnackbar(t('create.done', { name: deal.name }));
          }}
        />
      )}
    </Box>
  );
}

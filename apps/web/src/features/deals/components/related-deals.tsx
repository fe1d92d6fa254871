import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { companySchema, type Deal, type FilterCondition } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { dealsApi } from '../../../lib/deals-api.ts';
import { http } from '../../../lib/http.ts';
import { formatDate } from '../../../locales/languages.ts';
import { formatMoney } from '../../../utils/money.ts';
import { paths } from '../../../utils/paths.ts';
import type { FoundRecord } from '../api/search.ts';
import { useDealsLive } from '../hooks/use-deals-live.ts';
import { usePipelines } from '../hooks/use-pipelines.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { NewDealDialog } from './new-deal-dialog.tsx';
import { StatusChip } from './status-chip.tsx';
import { stageName } from '../utils/names.ts';

const PAGE = 25;

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
  const [items, setItems] = useState<Deal[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [company, setCompany] = useState<FoundRecord | null>(null);
  const request = useRef(0);
  const filters = useMemo<FilterCondition[]>(
    () => [
      {
        field: subject.type === 'company' ? 'companyId' : 'personId',
        op: 'equals',
        value: subject.id,
      },
    ],
    [subject.type, subject.id],
  );
  const stageNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const pipeline of pipelines ?? []) {
      for (const stage of pipeline.stages) names.set(stage.id, stageName(t, stage));
    }
    return names;
  }, [pipelines, t]);

  const load = useCallback(
    (after: string | null) => {
      const id = (request.current += 1);
      setLoading(true);
      setError(null);
      dealsApi.list({ filters, sort: '-createdAt', limit: PAGE, cursor: after }).then(
        (page) => {
          if (id !== request.current) return;
          setItems((current) => (after && current ? [...current, ...page.items] : page.items));
          setCursor(page.nextCursor);
          setLoading(false);
        },
        (reason: unknown) => {
          if (id !== request.current) return;
          setError(reason);
          setLoading(false);
        },
      );
    },
    [filters],
  );
  useEffect(() => load(null), [load]);
  // The company a new deal is for, named in the dialog's picker.
  useEffect(() => {
    if (!adding || subject.type !== 'company' || company?.id === subject.id) return;
    const controller = new AbortController();
    http
      .get(`/api/companies/${encodeURIComponent(subject.id)}`, {
        schema: {
          parse: (data: unknown) => companySchema.parse((data as { company: unknown }).company),
        },
        signal: controller.signal,
      })
      .then(
        (found) => setCompany({ id: found.id, label: found.name, secondary: found.domain }),
        () => undefined,
      );
    return () => controller.abort();
  }, [adding, subject.type, subject.id, company?.id]);
  useDealsLive(() => load(null));

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
            <Button color="inherit" size="small" onClick={() => load(null)}>
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
      {cursor && (
        <Button sx={{ mt: 1 }} loading={loading} onClick={() => load(cursor)}>
          {t('stage.loadMore', { count: PAGE })}
        </Button>
      )}
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
            enqueueSnackbar(t('create.done', { name: deal.name }));
            load(null);
          }}
        />
      )}
    </Box>
  );
}

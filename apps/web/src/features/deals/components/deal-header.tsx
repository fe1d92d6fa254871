import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Deal, Pipeline } from '@beacon/contract';
import { formatDate } from '../../../locales/languages.ts';
import { formatMoney } from '../../../utils/money.ts';
import { StatusChip } from './status-chip.tsx';
import { lostReasonText, stageName } from '../utils/names.ts';

export interface DealHeaderProps {
  deal: Deal;
  pipeline: Pipeline | null;
  ownerName: string | null;
  canEdit: boolean;
  onDelete: () => void;
}

/** The deal at a glance: name, amount, stage, status, owner, close date and the stale mark. */
export function DealHeader({ deal, pipeline, ownerName, canEdit, onDelete }: DealHeaderProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  const stage = pipeline?.stages.find((s) => s.id === deal.stageId);
  return (
    <Card sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {deal.name}
          </Typography>
          <Typography variant="h5" component="p" sx={{ mt: 0.5 }} data-testid="deal-page-amount">
            {formatMoney(deal.amount, deal.currency, language)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5, alignItems: 'center' }}>
            <StatusChip status={deal.status} />
            {stage && (
              <Chip
                size="small"
                label={t('page.stageChip', {
                  stage: stageName(t, stage),
                  probability: stage.probability,
                })}
              />
            )}
            {deal.stale && <Chip size="small" variant="outlined" label={t('card.stale')} />}
            {ownerName && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('page.owner', { name: ownerName })}
              </Typography>
            )}
            {deal.expectedCloseDate && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('card.closes', {
                  date: formatDate(deal.expectedCloseDate, language, {
                    dateStyle: 'medium',
                    timeZone: 'UTC',
                  }),
                })}
              </Typography>
            )}
          </Box>
          {deal.status === 'lost' && deal.lostReason && (
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              {t('page.lostBecause', { reason: lostReasonText(t, deal.lostReason) })}
            </Typography>
          )}
        </Box>
        {canEdit && (
          <Button color="error" variant="outlined" onClick={onDelete}>
            {t('page.delete')}
          </Button>
        )}
      </Box>
    </Card>
  );
}

import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DealStageChange } from '@beacon/contract';
import { formatDate } from '../../../locales/languages.ts';
import { formatDuration, stageSpans } from '../utils/stage-history.ts';

export interface StageHistoryProps {
  changes: DealStageChange[];
  memberName: (id: string) => string | null;
}

/** Every stage the deal went through: when, by whom, and how long it stayed. */
export function StageHistory({ changes, memberName }: StageHistoryProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  const spans = useMemo(() => stageSpans(changes, new Date()), [changes]);
  return (
    <Card>
      <CardHeader
        title={t('history.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Box component="ol" sx={{ listStyle: 'none', m: 0, px: 3, pb: 2, pt: 0 }}>
        {spans.length === 0 && (
          <Typography component="li" sx={{ color: 'text.secondary' }}>
            {t('history.empty')}
          </Typography>
        )}
        {spans.map(({ change, duration, current }) => {
          const by = change.byId ? memberName(change.byId) : null;
          return (
            <Box
              component="li"
              key={change.id}
              data-testid="stage-change"
              sx={{
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Typography variant="subtitle2" component="p">
                {change.fromStageName
                  ? t('history.moved', { from: change.fromStageName, to: change.toStageName })
                  : t('history.created', { to: change.toStageName })}
              </Typography>
              <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
                {formatDate(change.at, language, { dateStyle: 'medium', timeStyle: 'short' })}
                {by ? ` · ${by}` : ''}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {current
                  ? t('history.inStageNow', { duration: formatDuration(duration, language) })
                  : t('history.inStage', { duration: formatDuration(duration, language) })}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}

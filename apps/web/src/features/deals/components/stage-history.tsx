import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DealStageChange } from '@beacon/contract';
import { formatDate } from '../../../locales/languages.ts';
import { stageName } from '../../../utils/default-names.ts';
import { formatDuration, stageSpans } from '../utils/stage-history.ts';

export interface StageHistoryProps {
  changes: DealStageChange[];
  /** The pipeline's stages as they are now: a default stage not renamed since reads translated. */
  stages?: readonly StageNow[];
  memberName: (id: string) => string | null;
}

type StageNow = { id: string; name: string; key?: string | null };

/**
 * The name a change recorded for a stage, in the reader's language when that stage is still a
 * default one under the same name (the change keeps the name the stage had then: a stage renamed
 * since shows its old name, as it was).
 */
export function recordedStageName(
  t: TFunction,
  stages: readonly StageNow[],
  id: string | null,
  name: string,
): string {
  const stage = id ? stages.find((candidate) => candidate.id === id) : undefined;
  return stage && stage.name === name ? stageName(t, stage) : name;
}

/** Every stage the deal went through: when, by whom, and how long it stayed. */
export function StageHistory({ changes, stages = [], memberName }: StageHistoryProps) {
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
                  ? t('history.moved', {
                      from: recordedStageName(t, stages, change.fromStageId, change.fromStageName),
                      to: recordedStageName(t, stages, change.toStageId, change.toStageName),
                    })
                  : t('history.created', {
                      to: recordedStageName(t, stages, change.toStageId, change.toStageName),
                    })}
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

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { monthLabel, type ForecastRow } from '../utils/forecast.ts';
import { compareMinor, formatMinor, formatSums, minorRatio } from '../../../utils/money.ts';
import { dealsErrorText } from '../utils/error-text.ts';

export interface ForecastStripProps {
  rows: ForecastRow[] | null;
  error: unknown;
  onRetry: () => void;
}

/**
 * The weighted total of the open deals by expected close month, as bars: a person compares the
 * months at a glance, and reads the figure under each bar.
 */
export function ForecastStrip({ rows, error, onRetry }: ForecastStripProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  // Bars compare one currency: the one with the most weighted amount over the months (exact sums,
  // BigInt; a bar's height is the only float).
  const currency = rows
    ?.flatMap((row) => row.sums)
    .reduce<Map<string, bigint>>(
      (all, sum) => all.set(sum.currency, (all.get(sum.currency) ?? 0n) + BigInt(sum.weighted)),
      new Map(),
    );
  const main = currency
    ? [...currency.entries()].sort((a, b) => compareMinor(b[1], a[1]))[0]?.[0]
    : undefined;
  const valueOf = (row: ForecastRow) => row.sums.find((s) => s.currency === main)?.weighted ?? '0';
  const max = rows
    ? rows.map(valueOf).reduce((a, b) => (compareMinor(a, b) >= 0 ? a : b), '1')
    : '1';

  return (
    <Card component="section" aria-labelledby="deals-forecast-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="deals-forecast-title" component="h2" variant="subtitle1">
          {t('forecast.title')}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('forecast.hint')}
        </Typography>
      </Box>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          }
        >
          {dealsErrorText(t, error)}
        </Alert>
      ) : (
        <Box
          component="ol"
          aria-label={t('forecast.title')}
          data-testid="deals-forecast"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(3, minmax(0, 1fr))',
              sm: 'repeat(6, minmax(0, 1fr))',
            },
            gap: 1.5,
          }}
        >
          {(rows ?? Array.from({ length: 6 }, () => null)).map((row, index) => (
            <Box component="li" key={row?.month ?? index} sx={{ minWidth: 0 }}>
              {row ? (
                <>
                  <Box
                    aria-hidden
                    sx={{ height: 48, display: 'flex', alignItems: 'flex-end', mb: 0.75 }}
                  >
                    <Box
                      sx={{
                        width: '100%',
                        height: `${Math.max(4, Math.round(minorRatio(valueOf(row), max) * 48))}px`,
                        borderRadius: 1,
                        bgcolor:
                          BigInt(valueOf(row)) > 0n ? 'primary.main' : 'action.disabledBackground',
                      }}
                    />
                  </Box>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {monthLabel(row.month, language)}
                  </Typography>
                  <Typography variant="subtitle2" component="p" noWrap>
                    {row.sums.length === 0
                      ? formatMinor(0, main ?? 'EUR', language, { compact: true })
                      : formatSums(row.sums, language, 'weighted', { compact: true })}
                  </Typography>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {t('forecast.deals', { count: row.count })}
                  </Typography>
                </>
              ) : (
                <>
                  <Skeleton variant="rounded" height={48} sx={{ mb: 0.75 }} />
                  <Skeleton width="70%" />
                  <Skeleton width="50%" />
                </>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}

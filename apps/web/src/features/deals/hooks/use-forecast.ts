import { skipToken } from '@reduxjs/toolkit/query';
import { FORECAST_MONTHS, useForecastQuery } from '../api/deals-queries.ts';
import type { ForecastRow } from '../utils/forecast.ts';

export { FORECAST_MONTHS };

/**
 * The forecast strip's figures: for this month (in the member's time zone) and the next ones, the
 * open deals of the pipeline expected to close then, with their amounts weighted by their stage's
 * probability. One grouped server call (GET /api/deals/forecast), kept live by realtime.
 */
export function useForecast(pipelineId: string | null): {
  rows: ForecastRow[] | null;
  error: unknown;
  reload: () => void;
} {
  const query = useForecastQuery(pipelineId ? { pipelineId } : skipToken);
  return {
    rows: query.data?.months ?? null,
    error: query.error ?? null,
    reload: () => void query.refetch(),
  };
}

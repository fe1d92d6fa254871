import { useCallback, useEffect, useRef, useState } from 'react';
import { dealsApi } from '../../../lib/deals-api.ts';
import { forecastMonths, forecastRow, monthFilters, type ForecastRow } from '../utils/forecast.ts';

export const FORECAST_MONTHS = 6;

/**
 * The forecast strip's figures: for this month and the next ones, the open deals of the pipeline
 * expected to close then, with their amounts weighted by their stage's probability. Each month is
 * one board call filtered to the month (the server sums; nothing is read deal by deal).
 */
export function useForecast(pipelineId: string | null, version: number) {
  const [rows, setRows] = useState<ForecastRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const request = useRef(0);

  const load = useCallback(() => {
    if (!pipelineId) return;
    const id = (request.current += 1);
    setError(null);
    Promise.all(
      forecastMonths(new Date(), FORECAST_MONTHS).map((month) =>
        dealsApi
          .board({ pipelineId, filters: monthFilters(month), limit: 1 })
          .then((board) => forecastRow(month, board)),
      ),
    ).then(
      (answer) => {
        if (id === request.current) setRows(answer);
      },
      (reason: unknown) => {
        if (id === request.current) setError(reason);
      },
    );
  }, [pipelineId]);

  useEffect(() => {
    load();
  }, [load, version]);

  return { rows, error, reload: load };
}

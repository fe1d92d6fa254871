import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterCondition } from '@beacon/contract';
import { dealsApi } from '../../../lib/deals-api.ts';
import { addSums, type MoneySum } from '../state/board-rules.ts';
import { addMonths, monthOf } from '../utils/forecast.ts';

export const FORECAST_MONTHS = 6;

export interface ForecastRow {
  month: string;
  count: number;
  sums: MoneySum[];
}

/** The first instant of a month (`2026-11` → `2026-11-01T00:00:00.000Z`). */
const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;

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
    const first = monthOf(new Date())!;
    const months = Array.from({ length: FORECAST_MONTHS }, (_, i) => addMonths(first, i));
    Promise.all(
      months.map((month) => {
        const filters: FilterCondition[] = [
          { field: 'status', op: 'equals', value: 'open' },
          {
            field: 'expectedCloseDate',
            op: 'between',
            value: { from: monthStart(month), to: monthStart(addMonths(month, 1)) },
          },
        ];
        return dealsApi.board({ pipelineId, filters, limit: 1 }).then((board) => ({
          month,
          count: board.columns.reduce((total, column) => total + column.count, 0),
          sums: addSums(board.columns.map((column) => column.sums)),
        }));
      }),
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

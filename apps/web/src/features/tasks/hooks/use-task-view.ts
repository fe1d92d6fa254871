import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterListSchema,
  type FilterCondition,
  type SavedView,
  type TaskQuery,
} from '@beacon/contract';

/**
 * What a saved view of tasks holds (docs/decisions/044): a search, conditions of the records
 * engine on any task field, a sort, and the view it started from. The tabs and "mine or
 * everyone's" stay the screen's navigation; the view narrows every tab.
 */
export type TaskView = {
  q: string;
  filters: FilterCondition[];
  sort: string | null;
  viewId: string | null;
};

const KEYS = { q: 'q', filters: 'filters', sort: 'sort', view: 'view' } as const;

function readFilters(text: string | null): FilterCondition[] {
  if (!text) return [];
  try {
    const parsed = filterListSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The view's part of a list, count or bulk query (the tab's sort unless the view has one). */
export function viewQuery(view: TaskView): Pick<TaskQuery, 'q' | 'filters' | 'sort'> {
  return {
    ...(view.q ? { q: view.q } : {}),
    ...(view.filters.length > 0 ? { filters: JSON.stringify(view.filters) } : {}),
    ...(view.sort ? { sort: view.sort } : {}),
  };
}

/** The value of a one-field `equals` condition of the view ('' without one). */
export const conditionValue = (view: TaskView, field: string): string => {
  const found = view.filters.find((c) => c.field === field && c.op === 'equals');
  return typeof found?.value === 'string' ? found.value : '';
};

/** The view's conditions with `field`'s replaced by `equals value` (none for ''). */
export function withCondition(view: TaskView, field: string, value: string): FilterCondition[] {
  const others = view.filters.filter((c) => c.field !== field);
  return value ? [...others, { field, op: 'equals', value }] : others;
}

/** The screen's view, kept in the address (a reload or a shared link shows the same). */
export function useTaskView() {
  const [params, setParams] = useSearchParams();
  const q = params.get(KEYS.q) ?? '';
  const filtersText = params.get(KEYS.filters);
  const sort = params.get(KEYS.sort);
  const viewId = params.get(KEYS.view);
  const view = useMemo<TaskView>(
    () => ({ q, filters: readFilters(filtersText), sort: sort || null, viewId }),
    [q, filtersText, sort, viewId],
  );

  const change = useCallback(
    (next: Partial<TaskView>) => {
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const set = (key: string, value: string | null) => {
            if (value) out.set(key, value);
            else out.delete(key);
          };
          if (next.q !== undefined) set(KEYS.q, next.q);
          if (next.filters !== undefined) {
            set(KEYS.filters, next.filters.length > 0 ? JSON.stringify(next.filters) : null);
          }
          if (next.sort !== undefined) set(KEYS.sort, next.sort);
          if (next.viewId !== undefined) set(KEYS.view, next.viewId);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const apply = useCallback(
    (saved: SavedView) =>
      change({ q: saved.q, filters: saved.filters, sort: saved.sort, viewId: saved.id }),
    [change],
  );
  const clear = useCallback(
    () => change({ q: '', filters: [], sort: null, viewId: null }),
    [change],
  );
  return { view, change, apply, clear };
}

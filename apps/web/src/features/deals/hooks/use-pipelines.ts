import { usePipelinesQuery } from '../api/deals-queries.ts';

/**
 * The workspace's pipelines, in order: one shared read (RTK Query) that follows other members'
 * changes (`pipelines.changed`) by itself.
 */
export function usePipelines() {
  const query = usePipelinesQuery();
  return {
    pipelines: query.data ?? null,
    error: query.error ?? null,
    reload: () => void query.refetch(),
  };
}

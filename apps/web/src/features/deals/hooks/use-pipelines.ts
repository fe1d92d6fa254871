import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pipeline } from '@beacon/contract';
import { pipelinesApi } from '../../../lib/deals-api.ts';

/** The workspace's pipelines, in order; read again when `version` changes. */
export function usePipelines(version = 0) {
  const [pipelines, setPipelines] = useState<Pipeline[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const request = useRef(0);
  const load = useCallback(() => {
    const id = (request.current += 1);
    setError(null);
    pipelinesApi.list().then(
      (answer) => {
        if (id === request.current) setPipelines(answer.items);
      },
      (reason: unknown) => {
        if (id === request.current) setError(reason);
      },
    );
  }, []);
  useEffect(() => {
    load();
  }, [load, version]);
  return { pipelines, error, reload: load };
}

import { useCallback, useState } from 'react';
import type { Task } from '@beacon/contract';

type Pending = { done: boolean; updatedAt: string };

/**
 * A task's done box answers the click at once: the new state shows until the list holds a newer
 * version of the task (read again after the change), or the change failed (`failed`).
 */
export function useOptimisticDone() {
  const [pending, setPending] = useState<Record<string, Pending>>({});
  const isDone = useCallback(
    (task: Task) => {
      const waiting = pending[task.id];
      return waiting && waiting.updatedAt === task.updatedAt
        ? waiting.done
        : task.status !== 'open';
    },
    [pending],
  );
  const mark = useCallback((task: Task) => {
    setPending((p) => ({
      ...p,
      [task.id]: { done: task.status === 'open', updatedAt: task.updatedAt },
    }));
  }, []);
  const failed = useCallback((task: Task) => {
    setPending((p) => {
      const { [task.id]: _gone, ...rest } = p;
      return rest;
    });
  }, []);
  return { isDone, mark, failed };
}

import { useCallback, useEffect, useState } from 'react';
import type { Member } from '@beacon/contract';
import { fetchMembers } from '../api/members-api.ts';

export interface MembersState {
  members: Member[] | null;
  loading: boolean;
  error: Error | null;
  /** Loads the list again (after an error). */
  reload(): void;
}

/**
 * The workspace's members, with the loading, error and data states of the spec (section 4):
 * loading is set when the call starts and cleared when it ends; an error is kept.
 * Pass `enabled: false` to wait (a popover that is still closed).
 */
export function useMembers({ enabled = true }: { enabled?: boolean } = {}): MembersState {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchMembers(controller.signal).then(
      (list) => {
        setMembers(list);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason instanceof Error ? reason : new Error(String(reason)));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { members, loading, error, reload };
}

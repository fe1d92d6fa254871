import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Member } from '@beacon/contract';
import { workspaceMembers } from '../lib/members-api.ts';
import { memberName } from '../utils/members.ts';

export interface WorkspaceMembers {
  /** Empty until they arrive, and when the call fails: pickers then offer nobody. */
  members: Member[];
  /** Null until the first answer. */
  loaded: Member[] | null;
  loading: boolean;
  error: Error | null;
  /** A member's name by id; null for an id that is no member. */
  nameOf: (id: string) => string | null;
  /** Reads them again (after an error). */
  reload: () => void;
}

const none: Member[] = [];

/**
 * The workspace's members, from the one shared read (lib/members-api.ts), with the loading, error
 * and data states of the spec (section 4). `enabled: false` waits (a popover that is still closed).
 */
export function useWorkspaceMembers({
  enabled = true,
}: { enabled?: boolean } = {}): WorkspaceMembers {
  const [loaded, setLoaded] = useState<Member[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    setError(null);
    workspaceMembers({ fresh: attempt > 0 }).then(
      (list) => {
        if (!live) return;
        setLoaded(list);
        setLoading(false);
      },
      (reason: unknown) => {
        if (!live) return;
        setError(reason instanceof Error ? reason : new Error(String(reason)));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const members = loaded ?? none;
  const nameOf = useMemo(() => {
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return (id: string) => names.get(id) ?? null;
  }, [members]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { members, loaded, loading, error, nameOf, reload };
}

import { useCallback, useMemo } from 'react';
import type { Member } from '@beacon/contract';
import { useMembersQuery } from '../lib/members-api.ts';
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
 * and data states every server read has. `enabled: false` waits (a popover that is still closed).
 */
export function useWorkspaceMembers({
  enabled = true,
}: { enabled?: boolean } = {}): WorkspaceMembers {
  const query = useMembersQuery(undefined, { skip: !enabled });
  const loaded = query.data ?? null;
  const members = loaded ?? none;
  const nameOf = useMemo(() => {
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return (id: string) => names.get(id) ?? null;
  }, [members]);
  const error = query.isError && query.error ? new Error(errorMessage(query.error)) : null;
  const { refetch } = query;
  const reload = useCallback(() => {
    if (enabled) void refetch();
  }, [enabled, refetch]);
  return {
    members,
    loaded,
    loading: query.isFetching,
    error,
    nameOf,
    reload,
  };
}

function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String((error as { message: unknown }).message)
    : String(error);
}

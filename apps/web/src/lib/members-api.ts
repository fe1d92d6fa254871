import type { Member } from '@beacon/contract';
import { getAccessToken, http } from './http.ts';

/**
 * GET /api/members: the active members of the caller's workspace. The schema loads with the first
 * call rather than with every signed-in page (docs/decisions/017-sign-in-bundle.md).
 */
export function fetchMembers(signal?: AbortSignal): Promise<Member[]> {
  return http.get('/api/members', {
    schema: () => import('@beacon/contract').then((contract) => contract.memberListSchema),
    signal,
  });
}

/** The members read for one token: another sign-in (another workspace) reads them again. */
let shared: { token: string | null; members: Promise<Member[]> } | null = null;

/**
 * The workspace's members, read once for every screen that shows owners, assignees or authors
 * (owner pickers, the kanban, the calendar, the contacts popover, the admin panel). A failed read
 * is forgotten, so the next one tries again; `fresh` reads them again in any case.
 */
export function workspaceMembers({ fresh = false }: { fresh?: boolean } = {}): Promise<Member[]> {
  const token = getAccessToken();
  if (!shared || fresh || shared.token !== token) {
    const members = fetchMembers();
    const entry = { token, members };
    shared = entry;
    members.catch(() => {
      if (shared === entry) shared = null;
    });
  }
  return shared.members;
}

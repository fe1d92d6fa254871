import type { Member } from '@beacon/contract';
import { http } from '../../../lib/http.ts';

/**
 * GET /api/members: the active members of the caller's workspace. The dashboard's header imports
 * this (the contacts popover), so the schema loads with the first call rather than with every
 * signed-in page (docs/decisions/017-sign-in-bundle.md).
 */
export function fetchMembers(signal?: AbortSignal): Promise<Member[]> {
  return http.get('/api/members', {
    schema: () => import('@beacon/contract').then((contract) => contract.memberListSchema),
    signal,
  });
}

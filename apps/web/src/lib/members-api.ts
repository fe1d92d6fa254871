import type { Member } from '@beacon/contract';
import { api, call, lazyEndpoint } from './api.ts';

/**
 * GET /api/members: the active members of the caller's workspace, read once for every screen that
 * shows owners, assignees or authors (owner pickers, the kanban, the calendar, the contacts
 * popover, the admin panel). The endpoint and its schema load with the first call rather than with
 * every signed-in page (docs/decisions/017-sign-in-bundle.md).
 */
export const membersApi = api.enhanceEndpoints({ addTagTypes: ['Members'] }).injectEndpoints({
  endpoints: (build) => ({
    members: build.query<Member[], void>({
      query: () =>
        call(
          lazyEndpoint('GET', '/api/members', () =>
            import('@beacon/contract').then((contract) => contract.membersEndpoints.list),
          ),
        ),
      providesTags: ['Members'],
    }),
  }),
});

export const { useMembersQuery } = membersApi;

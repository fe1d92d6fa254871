import type { Member, MemberImageKind, MemberProfile } from '@beacon/contract';
import { api, call, lazyEndpoint } from './api.ts';
import { apiBaseUrl, ApiError, applyCommonHeaders } from './http.ts';

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

/**
 * Sends an image as the member's avatar or cover: the file is the body (its type is checked by
 * the server from its bytes). Answers the profile as it is after.
 */
export async function uploadMyImage(kind: MemberImageKind, file: Blob): Promise<MemberProfile> {
  const headers = new Headers({ 'Content-Type': 'application/octet-stream' });
  applyCommonHeaders(headers, 'PUT');
  const response = await fetch(`${apiBaseUrl()}/api/members/me/${kind}`, {
    method: 'PUT',
    headers,
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as MemberProfile;
}

/** The image behind a member's avatar or cover address, as an object URL (it needs the token). */
const images = new Map<string, Promise<string>>();
export function memberImageUrl(address: string): Promise<string> {
  let found = images.get(address);
  if (!found) {
    const headers = new Headers();
    applyCommonHeaders(headers, 'GET');
    found = fetch(`${apiBaseUrl()}${address}`, { headers }).then(async (response) => {
      if (!response.ok) throw new ApiError(response.status, undefined);
      return URL.createObjectURL(await response.blob());
    });
    found.catch(() => images.delete(address));
    images.set(address, found);
  }
  return found;
}

import type { Member, MemberImageKind, MemberProfile } from '@beacon/contract';
import { api, call, lazyEndpoint } from './api.ts';
import { apiBaseUrl, ApiError, applyCommonHeaders } from './http.ts';

/**
 * GET /api/members: the active members of the caller's workspace, read once for every screen that
 * shows owners, assignees or authors (owner pickers, the kanban, the calendar, the contacts
 * popover, the admin panel). The endpoint and its schema load with the first call rather than with
 * every signed-in page (docs/decisions/017-sign-in-bundle.md).
 */
export const membersApi = api
  .enhanceEndpoints({ addTagTypes: ['Members', 'Team'] })
  .injectEndpoints({
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
      /** The signed-in member's own profile (their avatar and cover): the profile and account pages. */
      myProfile: build.query<MemberProfile, void>({
        query: () =>
          call(
            lazyEndpoint('GET', '/api/members/me', () =>
              import('@beacon/contract').then((contract) => contract.membersEndpoints.me),
            ),
          ),
        providesTags: ['Team'],
      }),
      removeMyImage: build.mutation<MemberProfile, MemberImageKind>({
        query: (kind) =>
          call(
            lazyEndpoint('DELETE', '/api/members/me/:kind', () =>
              import('@beacon/contract').then((contract) => contract.membersEndpoints.removeImage),
            ),
            { params: { kind } },
          ),
        invalidatesTags: ['Team'],
      }),
    }),
  });

export const { useMembersQuery, useMyProfileQuery, useRemoveMyImageMutation } = membersApi;

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

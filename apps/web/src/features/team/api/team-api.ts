import {
  invitationsEndpoints,
  membersEndpoints,
  type AcceptInvitation,
  type Invitation,
  type InvitationPreview,
  type MemberActivity,
  type MemberBulkRole,
  type MemberDirectoryQuery,
  type MemberPatch,
  type MemberProfile,
  type NewInvitation,
  type ProfilePatch,
  type RegisterResponse,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';

/**
 * The team's calls (issue 10): the members' directory and profiles, an admin's changes, the
 * invitations, and accepting one. Every change refreshes the directory and the pickers' members.
 */
export const teamApi = api
  .enhanceEndpoints({ addTagTypes: ['Team', 'Invitations', 'Members'] })
  .injectEndpoints({
    endpoints: (build) => ({
      directory: build.query<MemberProfile[], MemberDirectoryQuery | void>({
        query: (query) => call(membersEndpoints.directory, { query: { ...(query ?? {}) } }),
        providesTags: ['Team'],
      }),
      member: build.query<MemberProfile, string>({
        query: (id) => call(membersEndpoints.get, { params: { id } }),
        providesTags: (_m, _e, id) => [{ type: 'Team', id }, 'Team'],
      }),
      memberActivity: build.query<MemberActivity[], string>({
        query: (id) => call(membersEndpoints.activity, { params: { id } }),
        providesTags: ['Team'],
      }),
      updateMyProfile: build.mutation<MemberProfile, ProfilePatch>({
        query: (body) => call(membersEndpoints.updateMe, { body }),
        invalidatesTags: ['Team', 'Members'],
      }),
      updateMember: build.mutation<MemberProfile, { id: string; patch: MemberPatch }>({
        query: ({ id, patch }) => call(membersEndpoints.update, { params: { id }, body: patch }),
        invalidatesTags: ['Team', 'Members'],
      }),
      bulkRole: build.mutation<{ affected: number }, MemberBulkRole>({
        query: (body) => call(membersEndpoints.bulkRole, { body }),
        invalidatesTags: ['Team', 'Members'],
      }),
      removeMember: build.mutation<null, { id: string; takeoverId: string }>({
        query: ({ id, takeoverId }) =>
          call(membersEndpoints.remove, { params: { id }, body: { takeoverId } }),
        invalidatesTags: ['Team', 'Members'],
      }),
      invitations: build.query<Invitation[], void>({
        query: () => call(invitationsEndpoints.list),
        providesTags: ['Invitations'],
      }),
      invite: build.mutation<Invitation, NewInvitation>({
        query: (body) => call(invitationsEndpoints.create, { body }),
        invalidatesTags: ['Invitations'],
      }),
      resendInvitation: build.mutation<Invitation, string>({
        query: (id) => call(invitationsEndpoints.resend, { params: { id } }),
        invalidatesTags: ['Invitations'],
      }),
      revokeInvitation: build.mutation<null, string>({
        query: (id) => call(invitationsEndpoints.revoke, { params: { id } }),
        invalidatesTags: ['Invitations'],
      }),
      invitationPreview: build.query<InvitationPreview, string>({
        query: (token) => call(invitationsEndpoints.preview, { query: { token } }),
      }),
      acceptInvitation: build.mutation<RegisterResponse, AcceptInvitation>({
        query: (body) => call(invitationsEndpoints.accept, { body }),
      }),
    }),
  });

export const {
  useDirectoryQuery,
  useMemberQuery,
  useMemberActivityQuery,
  useUpdateMyProfileMutation,
  useUpdateMemberMutation,
  useBulkRoleMutation,
  useRemoveMemberMutation,
  useInvitationsQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useInvitationPreviewQuery,
  useAcceptInvitationMutation,
} = teamApi;

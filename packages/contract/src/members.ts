import { z } from './z.ts';
import { emailSchema, passwordSchema, registerResponseSchema, roleSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

/** Which records a member sees (issue 10): every record of the workspace, or only their own. */
export const RECORD_VISIBILITIES = ['all', 'own'] as const;
export const recordVisibilitySchema = z.enum(RECORD_VISIBILITIES);
export type RecordVisibility = z.infer<typeof recordVisibilitySchema>;

/** `active`, or `disabled`: a deactivated member, who cannot sign in. */
export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export const memberStatusSchema = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/** A member of the caller's workspace, as pickers (attendees, assignees) show them. */
export const memberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.array(memberSchema).meta({ id: 'MemberList' });

export const MEMBER_TITLE_MAX = 120;
export const MEMBER_ABOUT_MAX = 2000;
/** Avatar and cover images: PNG, JPEG, GIF or WebP (checked by their bytes), up to 5 MB. */
export const MEMBER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MEMBER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** A member as the team screens show them: profile, status, visibility and last activity. */
export const memberProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    status: memberStatusSchema,
    recordVisibility: recordVisibilitySchema,
    title: z.string().nullable(),
    about: z.string().nullable(),
    timeZone: z.string().nullable(),
    /** The image's address (with its version), or null when the member has none. */
    avatarUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    lastActiveAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const memberDirectoryQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: memberStatusSchema.optional(),
});
export type MemberDirectoryQuery = z.infer<typeof memberDirectoryQuerySchema>;

export const memberParamsSchema = z.object({ id: z.uuid({ message: 'Not a member id' }) });

/** What an admin changes on a member; each field left out stays as it is. */
export const memberPatchSchema = z
  .object({
    role: roleSchema.optional(),
    status: memberStatusSchema.optional(),
    recordVisibility: recordVisibilitySchema.optional(),
  })
  .strict()
  .meta({ id: 'MemberPatch' });
export type MemberPatch = z.infer<typeof memberPatchSchema>;

export const memberBulkRoleSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Not a member id' }))
      .min(1)
      .max(500),
    role: roleSchema,
  })
  .strict()
  .meta({ id: 'MemberBulkRole' });
export type MemberBulkRole = z.infer<typeof memberBulkRoleSchema>;

/** Removing a member: who takes over their people, companies, deals and tasks. */
export const memberRemovalSchema = z
  .object({ takeoverId: z.uuid({ message: 'Not a member id' }) })
  .strict()
  .meta({ id: 'MemberRemoval' });
export type MemberRemoval = z.infer<typeof memberRemovalSchema>;

/** What a member changes on their own profile. */
export const profilePatchSchema = z
  .object({
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    title: z.string().trim().max(MEMBER_TITLE_MAX).nullable().optional(),
    about: z.string().trim().max(MEMBER_ABOUT_MAX).nullable().optional(),
  })
  .strict()
  .meta({ id: 'ProfilePatch' });
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** The image types an avatar or a cover may be, by its bytes. */
export const memberImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const memberImageKindSchema = z.enum(['avatar', 'cover']);
export type MemberImageKind = z.infer<typeof memberImageKindSchema>;
export const memberImageParamsSchema = z.object({
  id: z.uuid({ message: 'Not a member id' }),
  kind: memberImageKindSchema,
});

/** One entry of a member's recent activity: what they did to which record. */
export const memberActivitySchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    field: z.string().nullable(),
    subjectType: z.enum(['person', 'company', 'deal']),
    subjectId: z.string(),
    subjectName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'MemberActivity' });
export type MemberActivity = z.infer<typeof memberActivitySchema>;

// Invitations.

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    status: z.enum(INVITATION_STATUSES),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
    lastSentAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const newInvitationSchema = z
  .object({ email: emailSchema, role: roleSchema })
  .strict()
  .meta({ id: 'NewInvitation' });
export type NewInvitation = z.infer<typeof newInvitationSchema>;

export const invitationParamsSchema = z.object({
  id: z.uuid({ message: 'Not an invitation id' }),
});

const tokenField = z.string().min(16).max(200);

/** What the accept page shows before the person signs up. */
export const invitationPreviewSchema = z
  .object({
    email: z.string(),
    role: roleSchema,
    workspaceName: z.string(),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationSchema = z
  .object({
    token: tokenField,
    first_name: z.string().trim().min(1, { message: 'Required' }).max(100),
    last_name: z.string().trim().min(1, { message: 'Required' }).max(100),
    password: passwordSchema,
  })
  .strict()
  .meta({ id: 'AcceptInvitation' });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** The members API (`apps/server/src/modules/members/members.routes.ts`). */
export const membersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/members',
    summary: 'The active members of your workspace',
    response: memberListSchema,
  }),
  directory: endpoint({
    method: 'GET',
    path: '/api/members/directory',
    summary: 'Every member of your workspace with profile, status and last activity',
    query: memberDirectoryQuerySchema,
    response: z.array(memberProfileSchema).meta({ id: 'MemberDirectory' }),
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/members/me',
    summary: 'Your own profile',
    response: memberProfileSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/api/members/me',
    summary: 'Change your own profile (names, title, about)',
    body: profilePatchSchema,
    response: memberProfileSchema,
  }),
  uploadImage: endpoint({
    method: 'PUT',
    path: '/api/members/me/:kind',
    summary: 'Set your avatar or cover image (body: the image bytes; PNG, JPEG, GIF or WebP)',
    params: z.object({ kind: memberImageKindSchema }),
    response: memberProfileSchema,
    errors: [413, 415],
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/api/members/me/:kind',
    summary: 'Remove your avatar or cover image',
    params: z.object({ kind: memberImageKindSchema }),
    response: memberProfileSchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/members/:id/:kind',
    summary: "A member's avatar or cover image",
    params: memberImageParamsSchema,
    response: null,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/members/:id',
    summary: 'One member of your workspace',
    params: memberParamsSchema,
    response: memberProfileSchema,
  }),
  activity: endpoint({
    method: 'GET',
    path: '/api/members/:id/activity',
    summary: "A member's recent activity on the records you can see",
    params: memberParamsSchema,
    response: z.array(memberActivitySchema).meta({ id: 'MemberActivityList' }),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/members/:id',
    summary: "Change a member's role, status or record visibility (admins)",
    params: memberParamsSchema,
    body: memberPatchSchema,
    response: memberProfileSchema,
    errors: [409],
  }),
  bulkRole: endpoint({
    method: 'POST',
    path: '/api/members/bulk/role',
    summary: 'Give several members one role (admins)',
    body: memberBulkRoleSchema,
    response: z.object({ affected: z.number().int() }).meta({ id: 'MemberBulkResult' }),
    errors: [409],
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/members/:id/remove',
    summary: 'Remove a member, handing their records to another (admins)',
    params: memberParamsSchema,
    body: memberRemovalSchema,
    status: 204,
    response: null,
    errors: [409],
  }),
};

/** The invitations API (`apps/server/src/modules/members/invitations.routes.ts`). */
export const invitationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/invitations',
    summary: 'The invitations of your workspace not accepted yet (admins)',
    response: z.array(invitationSchema).meta({ id: 'InvitationList' }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/invitations',
    summary: 'Invite someone by e-mail with a role (admins)',
    body: newInvitationSchema,
    status: 201,
    response: invitationSchema,
    errors: [409],
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/invitations/:id/resend',
    summary: 'Send an invitation again with a new link and expiry (admins)',
    params: invitationParamsSchema,
    response: invitationSchema,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/invitations/:id',
    summary: 'Revoke an invitation (admins)',
    params: invitationParamsSchema,
    status: 204,
    response: null,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/invitations/preview',
    summary: 'What an invitation link is for (no sign-in)',
    query: z.object({ token: tokenField }),
    response: invitationPreviewSchema,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    summary: 'Accept an invitation: create the account in that workspace and sign in (no sign-in)',
    body: acceptInvitationSchema,
    status: 201,
    response: registerResponseSchema,
    errors: [409],
  }),
};

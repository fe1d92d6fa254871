import { z } from './z.ts';
import { roleSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

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

/** The members API (`apps/server/src/modules/members/members.routes.ts`). */
export const membersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/members',
    summary: 'The active members of your workspace',
    response: memberListSchema,
  }),
};

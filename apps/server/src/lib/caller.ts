import type { RecordVisibility, Role } from '@beacon/contract';

/**
 * Who makes a call, as services take it: the signed-in member (`requireAuth` in plugins/auth.ts
 * gives one for each request).
 */
export type Caller = {
  userId: string;
  workspaceId: string;
  role: Role;
  /** Which records the member sees (issue 10): `own` scopes every records query to their own. */
  visibility: RecordVisibility;
};

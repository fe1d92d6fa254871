import type { Role } from '@beacon/contract';
import { useAuth } from './use-auth.ts';

/** Admins and contributors create and change records; viewers read. */
export const roleCanEdit = (role: Role | null | undefined): boolean =>
  role === 'admin' || role === 'contributor';

/** Whether the signed-in member may change records: what every screen hides its writes by. */
export function useCanEdit(): boolean {
  return roleCanEdit(useAuth().user?.role);
}

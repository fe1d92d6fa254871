import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { PeoplePage } from '../../features/crm/pages/people-page.tsx';

/** Composes the signed-in user and role (auth) with the people table (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <PeoplePage canEdit={canEdit} userId={user.id ?? null} />;
}

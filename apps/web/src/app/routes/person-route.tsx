import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { PersonPage } from '../../features/crm/pages/person-page.tsx';

/** Composes the signed-in user and role (auth) with a person's page (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <PersonPage canEdit={canEdit} currentUserId={user.id ?? null} />;
}

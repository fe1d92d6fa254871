import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CompaniesPage } from '../../features/crm/pages/companies-page.tsx';

/** Composes the signed-in user and role (auth) with the companies table (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <CompaniesPage canEdit={canEdit} userId={user.id ?? null} />;
}

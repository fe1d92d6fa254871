import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CompanyPage } from '../../features/crm/pages/company-page.tsx';

/** Composes the signed-in user and role (auth) with a company's page (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <CompanyPage canEdit={canEdit} currentUserId={user.id ?? null} />;
}

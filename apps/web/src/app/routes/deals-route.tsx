import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { DealsPage } from '../../features/deals/components/deals-page.tsx';

/** Composes the signed-in user and role (auth) with the deals board (deals) and table (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <DealsPage canEdit={canEdit} table={null} />;
}

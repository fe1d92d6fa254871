import { useAuth } from '../../features/auth/index.ts';
import { ListsPage } from '../../features/crm/pages/lists-page.tsx';

/** Composes the signed-in role (auth) with the lists screen (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <ListsPage canEdit={user.role === 'admin' || user.role === 'contributor'} />;
}

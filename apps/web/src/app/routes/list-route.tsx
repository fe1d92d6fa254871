import { useAuth } from '../../features/auth/index.ts';
import { ListPage } from '../../features/crm/pages/list-page.tsx';

/** Composes the signed-in role (auth) with one list's members (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <ListPage canEdit={user.role === 'admin' || user.role === 'contributor'} />;
}

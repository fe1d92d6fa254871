import { useAuth } from '../../features/auth/index.ts';
import { DuplicatesPage } from '../../features/crm/pages/duplicates-page.tsx';

/** Composes the signed-in user's role (auth) with the people's duplicates (crm). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const canEdit = user.role === 'admin' || user.role === 'contributor';
  return <DuplicatesPage canEdit={canEdit} />;
}

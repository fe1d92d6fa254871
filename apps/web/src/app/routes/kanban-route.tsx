import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { KanbanPage } from '../../features/kanban/components/kanban-page.tsx';
import { StoreProvider } from '../store-provider.tsx';

/** Composes the signed-in user and role (auth) with the board (kanban). */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return (
    <StoreProvider>
      <KanbanPage canEdit={canEdit} owner={user.email.toLowerCase()} />
    </StoreProvider>
  );
}

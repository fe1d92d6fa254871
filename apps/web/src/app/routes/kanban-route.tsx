import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { kanbanReducer } from '../../features/kanban/index.ts';
import { KanbanPage } from '../../features/kanban/components/kanban-page.tsx';
import { rootReducer } from '../../lib/store.ts';

// The kanban's slice joins the store with its screen.
rootReducer.inject({ reducerPath: 'kanban', reducer: kanbanReducer });

/** Composes the signed-in user and role (auth) with the board (kanban). */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <KanbanPage canEdit={canEdit} owner={user.email.toLowerCase()} />;
}

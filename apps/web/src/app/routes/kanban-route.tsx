import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { KanbanPage } from '../../features/kanban/components/kanban-page.tsx';

/**
 * Composes the signed-in user and role (auth) with the board (kanban). The board's data lives in
 * the RTK Query cache of the store the dashboard layout provides (record 042): no slice to inject.
 */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  return <KanbanPage canEdit={roleCanEdit(user.role)} />;
}

import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';

/** Composes the signed-in user and role (auth) with the tasks screen and its queue (tasks). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <TasksPage canEdit={roleCanEdit(user.role)} currentUserId={user.id ?? null} />;
}

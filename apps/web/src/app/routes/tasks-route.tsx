import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { ViewsMenu } from '../../features/crm/views/views-menu.tsx';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';

/**
 * Composes the signed-in user and role (auth) with the tasks screen and its queue (tasks), and
 * the saved views menu of the records tables (crm), over tasks' views.
 */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const userId = user.id ?? null;
  return (
    <TasksPage
      canEdit={roleCanEdit(user.role)}
      currentUserId={userId}
      viewsMenu={(props) => <ViewsMenu entity="tasks" userId={userId} {...props} />}
    />
  );
}

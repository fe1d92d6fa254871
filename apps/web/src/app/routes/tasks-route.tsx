import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { ViewsMenu } from '../../features/crm/views/views-menu.tsx';
import { TasksPage } from '../../features/tasks/components/tasks-page.tsx';
import { TaskActivityDialog } from './task-activity-dialog.tsx';

/**
 * Composes the signed-in user and role (auth) with the tasks screen and its queue (tasks), and
 * the saved views menu of the records tables (crm), over tasks' views, and a task's notes and
 * timeline with the records' component (crm).
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
      activity={(props) => (
        <TaskActivityDialog {...props} canEdit={roleCanEdit(user.role)} currentUserId={userId} />
      )}
    />
  );
}

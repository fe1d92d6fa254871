import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { ConversationsPage } from '../../features/emails/index.ts';
import { FollowUpTaskDialog } from '../../features/tasks/components/follow-up-task-dialog.tsx';

/**
 * Composes the signed-in member's role (auth) with the conversations inbox (emails) and the
 * follow-up task dialog of the tasks area (tasks), which the inbox's "Create task" opens.
 */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const userId = user.id ?? null;
  return (
    <ConversationsPage
      canEdit={roleCanEdit(user.role)}
      taskDialog={(props) => <FollowUpTaskDialog currentUserId={userId} {...props} />}
    />
  );
}

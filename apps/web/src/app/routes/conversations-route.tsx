import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { ConversationsPage } from '../../features/emails/index.ts';

/** Composes the signed-in member's role (auth) with the conversations inbox (emails). */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <ConversationsPage canEdit={roleCanEdit(user.role)} />;
}

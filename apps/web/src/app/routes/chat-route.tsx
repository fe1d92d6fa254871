import { useParams } from 'react-router';
import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { ChatPage } from '../../features/chat/components/chat-page.tsx';

/**
 * Composes the signed-in user and role (auth) with the chat (chat): `/dashboard/chat`,
 * `/dashboard/chat/new` and `/dashboard/chat/{id}`. The chat's slice joins the store as this
 * screen's code loads (features/chat/state/chat-actions.ts).
 */
export function Component() {
  const { user } = useAuth();
  const { id } = useParams();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  const view =
    id === undefined
      ? ({ kind: 'list' } as const)
      : id === 'new'
        ? ({ kind: 'new' } as const)
        : ({ kind: 'room', id } as const);
  return <ChatPage myId={user.id ?? ''} canEdit={roleCanEdit(user.role)} view={view} />;
}

import { useAuth } from '../../features/auth/index.ts';
import { AdminPanelPage } from '../../features/admin/components/admin-panel-page.tsx';

/** Composes the signed-in user (auth) with the admin panel (admin). */
export function Component() {
  const { user, refreshUser } = useAuth();
  return (
    <AdminPanelPage
      workspaceName={user?.workspace?.name}
      currentEmail={user?.email}
      onRenamed={() => void refreshUser()}
    />
  );
}

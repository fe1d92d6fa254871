import { PermissionDeniedPage } from '../../features/admin/components/permission-denied-page.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { paths } from '../../utils/paths.ts';

/** Composes the signed-in user's role (auth) with the permission-denied page (admin). */
export function Component() {
  const { user } = useAuth();
  return <PermissionDeniedPage role={user?.role} homePath={paths.dashboard.app} />;
}

import { Navigate, Outlet } from 'react-router';
import type { Role } from '@beacon/contract';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { paths } from '../../utils/paths.ts';

/**
 * Only for the roles given (of admin, contributor and viewer): any other role is sent to the
 * permission-denied page. Inside the auth guard, so there is a user; their role may still be
 * loading just after registration.
 */
export function RoleGuard({ roles }: { roles: readonly Role[] }) {
  const { user } = useAuth();
  if (!user?.role) return <LoadingScreen />;
  if (!roles.includes(user.role)) {
    return <Navigate to={paths.dashboard.permissionDenied} replace />;
  }
  return <Outlet />;
}

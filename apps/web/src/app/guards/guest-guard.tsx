import { Navigate, Outlet, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { safeReturnTo, useAuth } from '../../features/auth/index.ts';
import { paths } from '../../utils/paths.ts';

/** Guest-only: a signed-in user is sent on, to `?returnTo=` or the dashboard. */
export function GuestGuard() {
  const { isInitialized, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  if (!isInitialized) return <LoadingScreen fullScreen />;
  if (isAuthenticated) {
    return <Navigate to={safeReturnTo(params.get('returnTo')) ?? paths.dashboard.root} replace />;
  }
  return <Outlet />;
}

import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { loginPath, useAuth } from '../../features/auth/index.ts';

/** Signed-in only: a signed-out visitor goes to sign-in, and comes back here afterwards. */
export function AuthGuard() {
  const { isInitialized, isAuthenticated } = useAuth();
  const location = useLocation();
  const navigation = useNavigation();
  if (!isInitialized) return <LoadingScreen fullScreen />;
  if (!isAuthenticated) {
    // Signing out already navigates away; redirecting as well would race it.
    if (navigation.state !== 'idle') return <LoadingScreen fullScreen />;
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(here)} replace />;
  }
  return <Outlet />;
}

import { useAuth } from '../../features/auth/index.ts';
import { DashboardAppPage } from '../../features/dashboard/components/dashboard-app-page.tsx';
import { HomeCards } from '../../features/home/index.ts';

/** Composes the signed-in user (auth) with the home page (dashboard) and its cards (home). */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  return (
    <DashboardAppPage user={user}>
      <HomeCards />
    </DashboardAppPage>
  );
}

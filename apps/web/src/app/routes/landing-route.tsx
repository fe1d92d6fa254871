import { useAuth } from '../../features/auth/index.ts';
import { LandingPage } from '../../features/general/components/landing-page.tsx';

export function Component() {
  const { isAuthenticated } = useAuth();
  return <LandingPage signedIn={isAuthenticated} />;
}

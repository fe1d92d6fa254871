import { useAuth } from '../../features/auth/index.ts';
import { PublicLayout } from '../../features/general/components/public-layout.tsx';

/** The public pages' frame, told whether the visitor is signed in (for the header's button). */
export function Component() {
  const { isAuthenticated } = useAuth();
  return <PublicLayout signedIn={isAuthenticated} />;
}

import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { AcceptInvitationPage } from '../../features/team/pages/accept-invitation-page.tsx';
import { paths } from '../../utils/paths.ts';
import { StoreProvider } from '../store-provider.tsx';

/** `/auth/accept-invitation?token=`: accepting signs in (auth) and lands in the workspace. */
export function Component() {
  const [params] = useSearchParams();
  const { login } = useAuth();
  const navigate = useNavigate();
  // The page's calls go through RTK Query: this page, unlike sign-in, loads the store.
  return (
    <StoreProvider>
      <AcceptInvitationPage
        token={params.get('token') ?? ''}
        signIn={async (email, password) => {
          await login(email, password);
          void navigate(paths.dashboard.app, { replace: true });
        }}
      />
    </StoreProvider>
  );
}

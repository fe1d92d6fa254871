import { AccountPage } from '../../features/account/components/account-page.tsx';

/** `/dashboard/user/account`: the signed-in member's own account (account). */
export function Component() {
  return <AccountPage />;
}

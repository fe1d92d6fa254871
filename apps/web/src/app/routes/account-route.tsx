import { AccountPage } from '../../features/account/components/account-page.tsx';
import { useCanEdit } from '../../features/auth/index.ts';

/** `/dashboard/user/account`: the signed-in member's own account (account), with their role (auth). */
export function Component() {
  const canEdit = useCanEdit();
  return <AccountPage canEdit={canEdit} />;
}

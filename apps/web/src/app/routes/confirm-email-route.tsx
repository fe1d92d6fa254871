import { ConfirmEmailPage } from '../../features/account/components/confirm-email-page.tsx';

/** `/dashboard/user/account/confirm-email`: the link of an e-mail change (account). */
export function Component() {
  return <ConfirmEmailPage />;
}

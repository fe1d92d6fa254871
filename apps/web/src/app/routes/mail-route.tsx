import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { MailPage } from '../../features/mail/index.ts';

/** Composes the signed-in member's role (auth) with the mail app: one mailbox at a time. */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return <MailPage scope="mailbox" canEdit={roleCanEdit(user.role)} userId={user.id ?? ''} />;
}

/** Every mailbox the member reads, together (/dashboard/mail/all). */
export function AllMailRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <MailPage scope="all" canEdit={roleCanEdit(user.role)} userId={user.id ?? ''} />;
}

import { useAuth } from '../../features/auth/index.ts';
import { ViewsMenu } from '../../features/crm/views/views-menu.tsx';
import { EmailsPage } from '../../features/emails/index.ts';

/**
 * Composes the signed-in member (auth) with the e-mails page (emails) and the saved views menu of
 * the records tables (crm), over the e-mails page's views.
 */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  const userId = user.id ?? null;
  return (
    <EmailsPage viewsMenu={(props) => <ViewsMenu entity="emails" userId={userId} {...props} />} />
  );
}

import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CalendarPage } from '../../features/calendar/components/calendar-page.tsx';

/**
 * Composes the signed-in user and role (auth) with the calendar screen (calendar). The events live
 * in the RTK Query cache of the store the dashboard layout provides (record 042): no slice to
 * inject.
 */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  return <CalendarPage canEdit={roleCanEdit(user.role)} />;
}

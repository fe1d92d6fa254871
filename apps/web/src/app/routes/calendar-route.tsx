import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { CalendarPage } from '../../features/calendar/components/calendar-page.tsx';
import { StoreProvider } from '../store-provider.tsx';

/** Composes the signed-in user and role (auth) with the calendar screen (calendar). */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return (
    <StoreProvider>
      <CalendarPage canEdit={canEdit} owner={user.email.toLowerCase()} />
    </StoreProvider>
  );
}

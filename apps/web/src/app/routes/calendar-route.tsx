import { roleCanEdit, useAuth } from '../../features/auth/index.ts';
import { calendarReducer } from '../../features/calendar/index.ts';
import { CalendarPage } from '../../features/calendar/components/calendar-page.tsx';
import { rootReducer } from '../../lib/store.ts';

// The calendar's slice joins the store with its screen.
rootReducer.inject({ reducerPath: 'calendar', reducer: calendarReducer });

/** Composes the signed-in user and role (auth) with the calendar screen (calendar). */
export function Component() {
  const { user } = useAuth();
  // The auth guard above only renders this with a user.
  if (!user) return null;
  const canEdit = roleCanEdit(user.role);
  return <CalendarPage canEdit={canEdit} owner={user.email.toLowerCase()} />;
}

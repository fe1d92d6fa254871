import { defineModule } from '../../lib/module.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { CalendarService } from './calendar.service.ts';

export const calendarModule = defineModule({
  name: 'calendar',
  async register(app, { db, realtime }) {
    await app.register(calendarRoutes, { service: new CalendarService(db, realtime), db });
  },
});

import { defineModule } from '../../lib/module.ts';
import { CalendarService } from '../calendar/calendar.service.ts';
import { homeRoutes } from './home.routes.ts';
import { HomeService } from './home.service.ts';

export const homeModule = defineModule({
  name: 'home',
  async register(app, { db, realtime }) {
    const service = new HomeService(db, new CalendarService(db, realtime));
    await app.register(homeRoutes, { service });
  },
});

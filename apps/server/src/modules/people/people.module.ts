import { defineModule } from '../../lib/module.ts';
import { peopleRoutes } from './people.routes.ts';
import { PeopleService } from './people.service.ts';

export const peopleModule = defineModule({
  name: 'people',
  async register(app, { db }) {
    await app.register(peopleRoutes, { service: new PeopleService(db) });
  },
});

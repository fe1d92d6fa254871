import { defineModule } from '../../lib/module.ts';
import { tagsRoutes } from './tags.routes.ts';
import { TagsService } from './tags.service.ts';

export const tagsModule = defineModule({
  name: 'tags',
  async register(app, { db, realtime }) {
    await app.register(tagsRoutes, { service: new TagsService(db, realtime) });
  },
});

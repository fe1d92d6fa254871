import { defineModule } from '../../lib/module.ts';
import { dealsRoutes } from './deals.routes.ts';
import { DealsService } from './deals.service.ts';
import { pipelinesRoutes } from './pipelines.routes.ts';
import { PipelinesService } from './pipelines.service.ts';

/** Deals and their pipelines (issue 9). */
export const dealsModule = defineModule({
  name: 'deals',
  async register(app, { db, realtime }) {
    await app.register(pipelinesRoutes, { service: new PipelinesService(db, realtime) });
    const service = new DealsService(db, realtime);
    await app.register(dealsRoutes(service), { service });
  },
});

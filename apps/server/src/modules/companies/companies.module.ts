import { defineModule } from '../../lib/module.ts';
import { companiesRoutes } from './companies.routes.ts';
import { CompaniesService } from './companies.service.ts';

export const companiesModule = defineModule({
  name: 'companies',
  async register(app, { db }) {
    await app.register(companiesRoutes, { service: new CompaniesService(db) });
  },
});

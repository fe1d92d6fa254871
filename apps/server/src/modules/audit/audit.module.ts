import { defineModule } from '../../lib/module.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';

export const auditModule = defineModule({
  name: 'audit',
  async register(app, { db }) {
    await app.register(auditRoutes, { service: new AuditService(db) });
  },
});

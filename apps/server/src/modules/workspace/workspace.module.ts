import { defineModule } from '../../lib/module.ts';
import { workspaceRoutes } from './workspace.routes.ts';
import { WorkspaceService } from './workspace.service.ts';

export const workspaceModule = defineModule({
  name: 'workspace',
  async register(app, { db, storage }) {
    await app.register(workspaceRoutes, { service: new WorkspaceService(db, storage) });
  },
});

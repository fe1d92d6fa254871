import { defineModule } from '../../lib/module.ts';
import { notesRoutes } from './notes.routes.ts';
import { NotesService } from './notes.service.ts';

export const notesModule = defineModule({
  name: 'notes',
  async register(app, { db }) {
    await app.register(notesRoutes, { service: new NotesService(db) });
  },
});

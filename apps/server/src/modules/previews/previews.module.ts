import { defineModule } from '../../lib/module.ts';
import { THUMBNAIL_JOB } from '../../lib/previews/previews.ts';
import { previewsRoutes } from './previews.routes.ts';

/**
 * Previews of stored files: the thumbnail job and the routes that read thumbnails and the head
 * of text files (the `Previews` itself is built by app.ts, so every area can ask for them).
 */
export const previewsModule = defineModule({
  name: 'previews',
  async register(app, { jobs, previews, storage }) {
    jobs.register(THUMBNAIL_JOB, previews.handler());
    await app.register(previewsRoutes, { previews, storage });
  },
});

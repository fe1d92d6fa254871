import { defineModule } from '../../lib/module.ts';
import { emailsRoutes } from './emails.routes.ts';
import { EmailsService } from './emails.service.ts';
import { MailTracking } from './emails.tracking.ts';

/**
 * The CRM's e-mails (issue 12; docs/decisions/061-conversations.md): the e-mails page's list and
 * the open and click tracking of sent mail, which the mail sender applies as a message leaves.
 */
export const emailsModule = defineModule({
  name: 'emails',
  async register(app, { db, box, config }) {
    const tracking = new MailTracking(db, box, config.publicUrl);
    app.mail.sender.beforeSend = (row, message) => tracking.apply(row, message);
    await app.register(emailsRoutes, { service: new EmailsService(db), tracking });
  },
});

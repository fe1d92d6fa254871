import type { AppModule } from '../lib/module.ts';
import { auditModule } from './audit/audit.module.ts';
import { accountModule } from './account/account.module.ts';
import { authModule } from './auth/auth.module.ts';
import { chatModule } from './chat/chat.module.ts';
import { calendarModule } from './calendar/calendar.module.ts';
import { conversationsModule } from './conversations/conversations.module.ts';
import { emailsModule } from './emails/emails.module.ts';
import { companiesModule } from './companies/companies.module.ts';
import { dealsModule } from './deals/deals.module.ts';
import { homeModule } from './home/home.module.ts';
import { healthModule } from './health/health.module.ts';
import { importsModule } from './imports/imports.module.ts';
import { kanbanModule } from './kanban/kanban.module.ts';
import { listsModule } from './lists/lists.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { mailImapModule } from './mail-imap/mail-imap.module.ts';
import { membersModule } from './members/members.module.ts';
import { notesModule } from './notes/notes.module.ts';
import { notificationsModule } from './notifications/notifications.module.ts';
import { peopleModule } from './people/people.module.ts';
import { publicModule } from './public/public.module.ts';
import { tagsModule } from './tags/tags.module.ts';
import { tasksModule } from './tasks/tasks.module.ts';
import { templatesModule } from './templates/templates.module.ts';
import { uploadsModule } from './uploads/uploads.module.ts';
import { viewsModule } from './views/views.module.ts';
import { previewsModule } from './previews/previews.module.ts';
import { filesModule } from './files/files.module.ts';
import { workspaceModule } from './workspace/workspace.module.ts';

/**
 * Every module of the server, registered by app.ts in this order (the order of the paths in the
 * API document). A new area adds its `<area>.module.ts` here (scripts/new-area.mjs does).
 */
export const modules: AppModule[] = [
  healthModule,
  authModule,
  accountModule,
  publicModule,
  membersModule,
  calendarModule,
  kanbanModule,
  importsModule,
  peopleModule,
  companiesModule,
  dealsModule,
  listsModule,
  viewsModule,
  notesModule,
  tasksModule,
  notificationsModule,
  homeModule,
  chatModule,
  mailModule,
  // After mail: it works on app.mail.
  mailImapModule,
  // Conversations and the CRM's e-mails read what the mail area stores.
  conversationsModule,
  emailsModule,
  workspaceModule,
  auditModule,
  tagsModule,
  templatesModule,
  uploadsModule,
  previewsModule,
  filesModule,
];

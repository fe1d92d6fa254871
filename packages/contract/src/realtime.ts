import type { CalendarRealtime } from './calendar.ts';
import type { ChatRealtime } from './chat.ts';
import type { DealsRealtime } from './deals.ts';
import type { ImportRealtime } from './imports.ts';
import type { KanbanRealtime } from './kanban.ts';
import type { MailRealtime } from './mail.ts';
import type { ConversationsRealtime } from './conversations.ts';
import type { CrmRealtime } from './records.ts';
import type { NotificationsRealtime } from './notifications.ts';
import type { TasksRealtime } from './tasks.ts';

/**
 * Every realtime message the server publishes to a workspace: each area's discriminated union
 * (calendar.ts, kanban.ts, records.ts, imports.ts). A message too large for the database's
 * NOTIFY goes out as `{ type, data: null, refetch: true }` (apps/server/src/lib/realtime.ts).
 */
export type RealtimeEvent =
  | CalendarRealtime
  | KanbanRealtime
  | CrmRealtime
  | ImportRealtime
  | TasksRealtime
  | NotificationsRealtime
  | DealsRealtime
  | ChatRealtime
  | MailRealtime
  | ConversationsRealtime;

import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';

// Notifications (issue 9): what the header's drawer shows a member. The first kind is a task that
// became due; a member mentioned in a chat message is the second (issue 10).

export const notificationKinds = ['task_due', 'chat_mention'] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    /** What it is about, as it was when raised (the task's title). */
    title: z.string(),
    taskId: z.string().nullable(),
    /** The conversation a `chat_mention` is in. */
    conversationId: z.string().nullable(),
    /** When the task was due, for `task_due`. */
    at: z.string().nullable(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z
  .object({
    items: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    unread: z.number().int(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationQuerySchema = z.object({
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(500).optional(),
});

export const unreadCountSchema = z
  .object({ unread: z.number().int() })
  .meta({ id: 'UnreadNotifications' });
export const notificationParamsSchema = z.object({ id: id('notification') });

/**
 * Realtime: a notification was raised for, or read by, `userId` (the workspace hears it; the
 * member's screens read their notifications again, others ignore it).
 */
export const notificationsRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notification.created'),
    data: z.object({ userId: z.string(), id: z.string() }),
  }),
  z.object({ type: z.literal('notifications.read'), data: z.object({ userId: z.string() }) }),
]);
export type NotificationsRealtime = z.infer<typeof notificationsRealtimeSchema>;

/**
 * The caller's own notifications (`apps/server/src/modules/notifications/notifications.routes.ts`).
 * Marking read is allowed to every role (registered with `readAt`): it changes only the member's
 * own drawer.
 */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, with the unread count",
    query: notificationQuerySchema,
    response: notificationPageSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/notifications/unread',
    summary: "How many of the caller's notifications are unread",
    response: unreadCountSchema,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: "Mark all the caller's notifications read",
    status: 204,
    response: null,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of the caller’s notifications read',
    params: notificationParamsSchema,
    status: 204,
    response: null,
  }),
};

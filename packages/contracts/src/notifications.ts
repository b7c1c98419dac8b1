import { z } from 'zod';

/** What an in-app notification is about (docs/product.md §3 Notification). */
export const NOTIFICATION_KINDS = [
  'approval_requested',
  'approval_approved',
  'approval_changes_requested',
  /** docs/decisions/028-answer-library.md: to a library answer's owner, once per state. */
  'library_answer_expiring',
  'library_answer_expired',
  /** docs/operations.md, Rotating the encryption key: the member's unused recovery codes were removed. */
  'recovery_codes_cleared',
  /** docs/decisions/042-email-health-alerts.md: to the admins, when the e-mail health status got worse. */
  'email_health_alert',
  /** docs/decisions/056-single-sign-on.md: to the admins, when the break-glass admin signs in without SSO. */
  'sso_break_glass_used',
  /**
   * docs/decisions/058-inbound-email.md: to a thread's owner, when the investor's e-mail joins it (also
   * e-mailed unless their notify_investor_replies is off).
   */
  'investor_replied',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell's page size. */
export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The thread it links to (/inbox/<id>), if any. */
  message_id: z.string().nullable(),
  /** The library answer it is about (/compliance?library=<id>), if any. */
  library_answer_id: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationIdParamSchema = z.object({ id: z.uuid({ error: 'Not a notification id' }) });

/** GET /api/notifications: one's own, newest first. */
export const listNotificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(NOTIFICATION_PAGE_SIZE_MAX, { error: `Use at most ${NOTIFICATION_PAGE_SIZE_MAX}` })
    .default(NOTIFICATION_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200, { error: 'Not a cursor' }).optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

export const listNotificationsResponseSchema = z.object({
  items: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponseSchema>;

/** POST /api/notifications/:id/read and /read-all: the unread count afterwards. */
export const markNotificationsReadResponseSchema = z.object({ unread_count: z.number().int() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  loadFailed: 'Failed to load notifications',
} as const;

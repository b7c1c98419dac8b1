import { z } from 'zod';

/** The kinds of change the realtime stream announces (docs/architecture.md Realtime). */
export const REALTIME_EVENT_TYPES = [
  'message.created',
  'message.updated',
  'draft.saved',
  'notification.created',
  'report.updated',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/**
 * One event of GET /api/events (`data:` of an SSE message): ids only — never message text — so a
 * client refetches what it is allowed to read through the ordinary API.
 */
export const realtimeMessageEventSchema = z.object({
  type: z.enum(['message.created', 'message.updated', 'draft.saved']),
  messageId: z.uuid(),
  /** The message's thread, on message.created: an open thread shows a message joining it. */
  threadId: z.uuid().optional(),
  version: z.number().int().positive().optional(),
});

/** A new in-app notification, sent only to the streams of the user it is for. */
export const realtimeNotificationEventSchema = z.object({
  type: z.literal('notification.created'),
  notificationId: z.uuid(),
});

/** A report was queued, moved on, finished or failed (docs/decisions/044-reports.md): the list reloads. */
export const realtimeReportEventSchema = z.object({
  type: z.literal('report.updated'),
  reportId: z.uuid(),
});

export const realtimeEventSchema = z.union([
  realtimeMessageEventSchema,
  realtimeNotificationEventSchema,
  realtimeReportEventSchema,
]);
export type RealtimeEventDto = z.infer<typeof realtimeEventSchema>;

/** Seconds between the stream's heartbeat comments (below common 30–60 s proxy idle timeouts). */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** How often an open stream re-checks its session, and closes once it is revoked or expired. */
export const REALTIME_SESSION_CHECK_MS = 60_000;

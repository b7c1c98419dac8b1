import { z } from 'zod';

/** The kinds of change the realtime stream announces (issue 5 point 6). */
export const REALTIME_EVENT_TYPES = ['message.created', 'message.updated', 'draft.saved'] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/**
 * One event of GET /api/events (`data:` of an SSE message): ids only — never message text — so a
 * client refetches what it is allowed to read through the ordinary API.
 */
export const realtimeEventSchema = z.object({
  type: z.enum(REALTIME_EVENT_TYPES),
  messageId: z.uuid(),
  version: z.number().int().positive().optional(),
});
export type RealtimeEventDto = z.infer<typeof realtimeEventSchema>;

/** Seconds between the stream's heartbeat comments (below common 30–60 s proxy idle timeouts). */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** How often an open stream re-checks its session, and closes once it is revoked or expired. */
export const REALTIME_SESSION_CHECK_MS = 60_000;

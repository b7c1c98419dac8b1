import { type RealtimeEventDto, realtimeEventSchema } from '@parley/contracts';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from '../api/messages/message-keys';
import { notificationKeys } from '../api/notifications/notification-keys';
import { reportKeys } from '../api/reports/report-keys';
import { sessionQueryKey } from './session';

/** Reconnect delay after the stream drops: 1 s doubling up to 30 s, reset once it opens. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

/**
 * A thread query (messageKeys.thread) showing the thread `threadId`: keyed by it, or opened with a later
 * message of the thread and answered with it (docs/decisions/058-inbound-email.md: any message id opens
 * its thread).
 */
function isQueryOfThread(query: Query, threadId: string): boolean {
  if (query.queryKey.includes(threadId)) return true;
  const [root, kind] = query.queryKey;
  if (root !== messageKeys.threads[0] || kind !== messageKeys.threads[1]) return false;
  const data: unknown = query.state.data;
  return typeof data === 'object' && data !== null && 'thread_id' in data && data.thread_id === threadId;
}

/**
 * What one realtime event makes stale: the inbox lists and every query naming the message, the bell,
 * or the Reports list. A new message refreshes its thread too, so an open thread shows it at once.
 */
export function invalidateForEvent(queryClient: QueryClient, event: RealtimeEventDto) {
  if (event.type === 'notification.created') {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return;
  }
  if (event.type === 'report.updated') {
    void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
  if (event.type === 'message.created') {
    const { threadId } = event;
    if (threadId)
      void queryClient.invalidateQueries({ predicate: (query) => isQueryOfThread(query, threadId) });
    return;
  }
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey.includes(event.messageId),
  });
}

/** Parses one `data:` of the stream; anything else is ignored. */
export function parseRealtimeEvent(data: unknown): RealtimeEventDto | null {
  if (typeof data !== 'string') return null;
  try {
    const result = realtimeEventSchema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * One EventSource on /api/events while signed in (mounted once, behind the sign-in guard): events
 * invalidate the queries they concern; a dropped stream reconnects with backoff and then refreshes
 * the lists, since events may have been missed meanwhile.
 */
export function useRealtimeEvents(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined' || !userId) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        if (attempt > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
        attempt = 0;
      };
      source.onmessage = (message) => {
        const event = parseRealtimeEvent(message.data);
        if (event) invalidateForEvent(queryClient, event);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        // The session may have ended: let the guard find out rather than retrying blindly.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        retry = setTimeout(connect, reconnectDelayMs(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, userId]);
}

/** Mount point for the hook (renders nothing). */
export function RealtimeEvents({ userId }: { userId: string }) {
  useRealtimeEvents(userId);
  return null;
}

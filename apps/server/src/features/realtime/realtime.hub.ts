import {
  type RealtimeEventDto,
  realtimeMessageEventSchema,
  realtimeNotificationEventSchema,
  realtimeReportEventSchema,
} from '@parley/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { REALTIME_CHANNEL } from '../../lib/realtime';

/** What travels on the channel (lib/realtime.ts notifyOrg): the client's event plus its organisation. */
const notificationSchema = z.union([
  realtimeMessageEventSchema.extend({ orgId: z.uuid() }),
  /** A per-user event; its userId decides which streams get it and is not passed on. */
  realtimeNotificationEventSchema.extend({ orgId: z.uuid(), userId: z.uuid() }),
  realtimeReportEventSchema.extend({ orgId: z.uuid() }),
]);

export type RealtimeListener = (event: RealtimeEventDto) => void;

/**
 * The one LISTEN of a server process, fanned out to the open event streams of each organisation.
 * It starts on the first subscription (or start()), so an app that never streams holds no
 * connection; stop() ends it on shutdown.
 */
export class RealtimeHub {
  /** Each organisation's listeners, with the user each one streams for (per-user events). */
  private readonly byOrg = new Map<string, Map<RealtimeListener, string | null>>();
  private starting: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly deps: { database: Pick<Database, 'listen'>; logger: Logger }) {}

  /** Begins listening; resolves once notifications are being received. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('The realtime hub is stopped'));
    this.starting ??= this.deps.database
      .listen(REALTIME_CHANNEL, (payload) => this.dispatch(payload))
      .then((unlisten) => {
        this.unlisten = unlisten;
      })
      .catch((error: unknown) => {
        this.starting = null; // the next subscriber tries again
        throw error;
      });
    return this.starting;
  }

  /**
   * Calls back with every event of the organisation until the returned function is called; events
   * meant for one user (notification.created) only when `userId` is that user.
   */
  async subscribe(
    orgId: string,
    listener: RealtimeListener,
    userId: string | null = null,
  ): Promise<() => void> {
    await this.start();
    let listeners = this.byOrg.get(orgId);
    if (!listeners) {
      listeners = new Map();
      this.byOrg.set(orgId, listeners);
    }
    listeners.set(listener, userId);
    return () => {
      const current = this.byOrg.get(orgId);
      current?.delete(listener);
      if (current?.size === 0) this.byOrg.delete(orgId);
    };
  }

  /** The number of open subscriptions (for tests and health). */
  get subscriberCount(): number {
    let count = 0;
    for (const listeners of this.byOrg.values()) count += listeners.size;
    return count;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.byOrg.clear();
    await this.starting?.catch(() => {});
    await this.unlisten?.();
    this.unlisten = null;
  }

  private dispatch(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.deps.logger.warn('realtime: dropped a notification that is not JSON');
      return;
    }
    const result = notificationSchema.safeParse(parsed);
    if (!result.success) {
      this.deps.logger.warn('realtime: dropped a notification of unknown shape');
      return;
    }
    const { orgId, ...rest } = result.data;
    const forUser = 'userId' in rest ? rest.userId : null;
    const event: RealtimeEventDto =
      rest.type === 'notification.created' ? { type: rest.type, notificationId: rest.notificationId } : rest;
    for (const [listener, userId] of this.byOrg.get(orgId) ?? []) {
      if (forUser !== null && userId !== forUser) continue;
      try {
        listener(event);
      } catch (error) {
        this.deps.logger.warn('realtime: a listener failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}

import { REALTIME_HEARTBEAT_MS, REALTIME_SESSION_CHECK_MS } from '@parley/contracts';

/** Heartbeat and session re-check intervals of event streams (tests shorten them). */
export type RealtimeTiming = { heartbeatMs: number; sessionCheckMs: number };

export const DEFAULT_REALTIME_TIMING: RealtimeTiming = {
  heartbeatMs: REALTIME_HEARTBEAT_MS,
  sessionCheckMs: REALTIME_SESSION_CHECK_MS,
};

import { and, inArray, lt } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { authTokens, rateLimits, sessions, setupTokens, ssoFlows, webauthnChallenges } from '../db/schema';
import { withJobLock } from './runner';

export const SWEEP_LOCK_KEY = 7_250_102;
export const SWEEP_INTERVAL_MS = 60 * 60_000;
/** Expired tokens and sessions stay a day past expiry, so "this link has expired" stays explainable. */
export const SWEEP_GRACE_MS = 24 * 60 * 60_000;
/** Rows deleted per transaction, and transactions per table per run: no long lock on a backlog. */
const BATCH_SIZE = 1000;
const MAX_BATCHES = 20;

type SweepCounts = {
  authTokens: number;
  setupTokens: number;
  sessions: number;
  rateLimits: number;
  ssoFlows: number;
  webauthnChallenges: number;
};

/**
 * One run of the sweep job: deletes sign-in links, reset links and setup tokens, sessions, single
 * sign-on flows and passkey challenges, a day past their (absolute) expiry, and rate-limit windows
 * that have ended. Each batch is its own
 * short transaction under the job's advisory lock; another instance sweeping makes this run stop.
 * Audit rows are never touched (they are append-only anyway). MFA attempts are kept: the security
 * page shows each user's last failure from them.
 */
export async function sweepExpiredRows(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  options: { batchSize?: number; signal?: AbortSignal } = {},
) {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - SWEEP_GRACE_MS);
  const limit = options.batchSize ?? BATCH_SIZE;
  const counts: SweepCounts = {
    authTokens: 0,
    setupTokens: 0,
    sessions: 0,
    rateLimits: 0,
    ssoFlows: 0,
    webauthnChallenges: 0,
  };

  const tables: { [K in keyof SweepCounts]: (db: DbOrTx) => Promise<number> } = {
    authTokens: async (tx) => {
      const expired = lt(authTokens.expiresAt, cutoff);
      const ids = tx.select({ id: authTokens.id }).from(authTokens).where(expired).limit(limit);
      const rows = await tx
        .delete(authTokens)
        .where(and(expired, inArray(authTokens.id, ids)))
        .returning({ id: authTokens.id });
      return rows.length;
    },
    setupTokens: async (tx) => {
      const expired = lt(setupTokens.expiresAt, cutoff);
      const ids = tx.select({ id: setupTokens.id }).from(setupTokens).where(expired).limit(limit);
      const rows = await tx
        .delete(setupTokens)
        .where(and(expired, inArray(setupTokens.id, ids)))
        .returning({ id: setupTokens.id });
      return rows.length;
    },
    sessions: async (tx) => {
      const expired = lt(sessions.expiresAt, cutoff);
      const ids = tx.select({ id: sessions.id }).from(sessions).where(expired).limit(limit);
      const rows = await tx
        .delete(sessions)
        .where(and(expired, inArray(sessions.id, ids)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    ssoFlows: async (tx) => {
      const expired = lt(ssoFlows.expiresAt, cutoff);
      const states = tx.select({ state: ssoFlows.stateHash }).from(ssoFlows).where(expired).limit(limit);
      const rows = await tx
        .delete(ssoFlows)
        .where(and(expired, inArray(ssoFlows.stateHash, states)))
        .returning({ state: ssoFlows.stateHash });
      return rows.length;
    },
    webauthnChallenges: async (tx) => {
      const expired = lt(webauthnChallenges.expiresAt, cutoff);
      const ids = tx
        .select({ id: webauthnChallenges.id })
        .from(webauthnChallenges)
        .where(expired)
        .limit(limit);
      const rows = await tx
        .delete(webauthnChallenges)
        .where(and(expired, inArray(webauthnChallenges.id, ids)))
        .returning({ id: webauthnChallenges.id });
      return rows.length;
    },
    rateLimits: async (tx) => {
      // A window that has ended counts nothing: the next request starts a new one.
      const ended = lt(rateLimits.resetAt, now);
      const buckets = tx.select({ bucket: rateLimits.bucket }).from(rateLimits).where(ended).limit(limit);
      const rows = await tx
        .delete(rateLimits)
        .where(and(ended, inArray(rateLimits.bucket, buckets)))
        .returning({ bucket: rateLimits.bucket });
      return rows.length;
    },
  };

  for (const [name, sweep] of Object.entries(tables) as [
    keyof SweepCounts,
    (db: DbOrTx) => Promise<number>,
  ][]) {
    for (let batch = 0; batch < MAX_BATCHES && !options.signal?.aborted; batch += 1) {
      const result = await withJobLock(ctx.db, SWEEP_LOCK_KEY, (tx) => sweep(tx));
      if (!result.locked) return { locked: false, ...counts };
      counts[name] += result.value;
      if (result.value < limit) break;
    }
  }
  return { locked: true, ...counts };
}

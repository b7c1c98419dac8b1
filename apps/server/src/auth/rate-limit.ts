import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Sign-in failures per client address: 100 in 15 minutes. High, because a whole office signs in from
 * one address (NAT); the per-account backoff below is what slows a guesser of one password. A
 * successful sign-in gives its attempt back, so in effect this counts failures.
 */
export const SIGN_IN_PER_ADDRESS: RateLimitRule = { limit: 100, windowSeconds: 15 * 60 };

/**
 * A wait that grows with consecutive failures, per account: `freeFailures` cost nothing, each one
 * after that makes the next attempt wait `baseDelaySeconds`, doubling up to `maxDelaySeconds`.
 * Failures are forgotten after `forgetAfterSeconds` without one, and at any sign-in.
 */
export type BackoffRule = {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
};

/**
 * Password sign-in per e-mail: 5 free failures, then 30 s, 1, 2, 4, 8 minutes, at most 15. The right
 * password is never refused once the wait is over, and an e-mailed magic link or reset link signs the
 * owner in at any time (docs/api.md 'Limits').
 */
export const SIGN_IN_BACKOFF_PER_ACCOUNT: BackoffRule = {
  freeFailures: 5,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

/** How long the attempt after the `failures`-th consecutive failure waits. */
export function backoffDelaySeconds(rule: BackoffRule, failures: number): number {
  if (failures <= rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** (failures - rule.freeFailures - 1));
}

/** `firstRefusal`: this attempt is the one that went over the limit (the window's first refusal). */
export type RateLimitResult =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; firstRefusal: boolean };

/**
 * Counts one attempt in a fixed window and says whether it is within the limit. One atomic
 * upsert, so parallel attempts (and parallel server instances) cannot slip past the count.
 */
export async function consumeAttempt(
  db: DbOrTx,
  clock: Clock,
  bucket: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const now = clock.now();
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row || row.count <= rule.limit) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
    firstRefusal: row.count === rule.limit + 1,
  };
}

/** Gives one attempt back (after a success). */
export async function releaseAttempt(db: DbOrTx, bucket: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.bucket, bucket));
}

/** Counts one attempt and refuses it with 429 and Retry-After past the limit. */
export async function enforceLimit(db: DbOrTx, clock: Clock, bucket: string, rule: RateLimitRule) {
  const result = await consumeAttempt(db, clock, bucket, rule);
  if (!result.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
}

/**
 * Takes the account's turn under a backoff rule: refused while the wait after the last failure runs;
 * otherwise counted as a failure in advance (a success forgets it with `forgetFailures`), so parallel
 * guesses cannot share one turn. The row is locked for the decision. Its `reset_at` is when the
 * failures are forgotten (the wait's end plus `forgetAfterSeconds`), so the sweep job, which deletes
 * ended windows, deletes a backoff only once it is forgotten. `waitSeconds`: how long the next attempt
 * will wait should this one fail.
 */
export async function takeBackoffTurn(
  db: Db,
  clock: Clock,
  bucket: string,
  rule: BackoffRule,
): Promise<{ allowed: true; waitSeconds: number } | { allowed: false; retryAfterSeconds: number }> {
  const now = clock.now().getTime();
  const forgetMs = rule.forgetAfterSeconds * 1000;
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ bucket, count: 0, resetAt: new Date(now + forgetMs) })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, bucket))
      .for('update');
    const forgetAt = row?.resetAt.getTime() ?? 0;
    const failures = row && now < forgetAt ? row.count : 0;
    const waitEnd = forgetAt - forgetMs;
    if (failures > 0 && now < waitEnd) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((waitEnd - now) / 1000)) } as const;
    }
    const waitSeconds = backoffDelaySeconds(rule, failures + 1);
    await tx
      .update(rateLimits)
      .set({ count: failures + 1, resetAt: new Date(now + waitSeconds * 1000 + forgetMs) })
      .where(eq(rateLimits.bucket, bucket));
    return { allowed: true, waitSeconds } as const;
  });
}

/** Forgets an account's failures (a sign-in, a password reset). */
export async function forgetFailures(db: DbOrTx, bucket: string) {
  await db.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Sign-in attempts: 5 per e-mail and 20 per client address in 15 minutes. A successful
 * sign-in gives its attempt back, so in effect these count failures; an office behind one address
 * is not locked out by its own staff signing in.
 */
export const SIGN_IN_PER_EMAIL: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };
export const SIGN_IN_PER_ADDRESS: RateLimitRule = { limit: 20, windowSeconds: 15 * 60 };

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

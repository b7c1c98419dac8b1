import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import {
  auditLogs,
  authTokens,
  rateLimits,
  sessions,
  setupTokens,
  ssoFlows,
  webauthnChallenges,
} from '../db/schema';
import { generateToken, sha256Hex } from '../lib/crypto';
import { SWEEP_GRACE_MS, sweepExpiredRows } from './sweep';

// A database of its own on PostgreSQL too: the sweep deletes every expired row, other files' included.
const ctx = await createTestContext({}, { emptyDatabase: true });

const HOUR = 3_600_000;

/** A time relative to the test clock's now. */
function at(offsetMs: number) {
  return new Date(ctx.clock.now().getTime() + offsetMs);
}

async function remaining<T extends { id: string }>(rows: Promise<T[]>) {
  return (await rows).map((r) => r.id).sort();
}

describe('the sweep job', () => {
  it('deletes only tokens, sessions and rate-limit windows past their expiry, and no audit row', async () => {
    const { userId, orgId } = await ctx.createUser('ir_associate');
    // expired longer ago than the grace | expired within the grace | still valid
    const ages = { old: at(-SWEEP_GRACE_MS - HOUR), recent: at(-HOUR), valid: at(HOUR) };

    const tokenIds: Record<string, string> = {};
    const setupIds: Record<string, string> = {};
    const sessionIds: Record<string, string> = {};
    const flowIds: Record<string, string> = {};
    const challengeIds: Record<string, string> = {};
    // Challenges belong to a session that lives on, so their own expiry is what removes them.
    const [live] = await ctx.db
      .insert(sessions)
      .values({
        userId,
        orgId,
        tokenHash: sha256Hex(generateToken()),
        lastSeenAt: at(0),
        expiresAt: at(HOUR),
      })
      .returning({ id: sessions.id });
    for (const [name, expiresAt] of Object.entries(ages)) {
      const [token] = await ctx.db
        .insert(authTokens)
        .values({ userId, purpose: 'magic_link', tokenHash: sha256Hex(generateToken()), expiresAt })
        .returning({ id: authTokens.id });
      const [setup] = await ctx.db
        .insert(setupTokens)
        .values({ tokenHash: sha256Hex(generateToken()), expiresAt })
        .returning({ id: setupTokens.id });
      const [session] = await ctx.db
        .insert(sessions)
        .values({
          userId,
          orgId,
          tokenHash: sha256Hex(generateToken()),
          lastSeenAt: at(-2 * HOUR),
          expiresAt,
        })
        .returning({ id: sessions.id });
      const state = sha256Hex(generateToken());
      await ctx.db
        .insert(ssoFlows)
        .values({ stateHash: state, orgId, purpose: 'sign_in', nonce: 'n', codeVerifier: 'v', expiresAt });
      const [challenge] = await ctx.db
        .insert(webauthnChallenges)
        .values({ userId, sessionId: live?.id ?? '', purpose: 'authenticate', challenge: 'c', expiresAt })
        .returning({ id: webauthnChallenges.id });
      flowIds[name] = state;
      challengeIds[name] = challenge?.id ?? '';
      tokenIds[name] = token?.id ?? '';
      setupIds[name] = setup?.id ?? '';
      sessionIds[name] = session?.id ?? '';
    }
    const bucket = (name: string) => `test:${name}:${generateToken().slice(0, 8)}`;
    const buckets = { ended: bucket('ended'), open: bucket('open') };
    await ctx.db.insert(rateLimits).values([
      { bucket: buckets.ended, count: 9, resetAt: at(-1000) },
      { bucket: buckets.open, count: 9, resetAt: at(60_000) },
    ]);
    const auditBefore = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(auditLogs);

    const result = await sweepExpiredRows(ctx.deps);
    expect(result).toMatchObject({
      locked: true,
      authTokens: 1,
      setupTokens: 1,
      sessions: 1,
      rateLimits: 1,
      ssoFlows: 1,
      webauthnChallenges: 1,
    });

    const keep = (ids: Record<string, string>) => [ids.recent, ids.valid].sort();
    expect(
      await remaining(
        ctx.db
          .select({ id: authTokens.id })
          .from(authTokens)
          .where(inArray(authTokens.id, Object.values(tokenIds))),
      ),
    ).toEqual(keep(tokenIds));
    expect(
      await remaining(
        ctx.db
          .select({ id: setupTokens.id })
          .from(setupTokens)
          .where(inArray(setupTokens.id, Object.values(setupIds))),
      ),
    ).toEqual(keep(setupIds));
    expect(
      await remaining(
        ctx.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, Object.values(sessionIds))),
      ),
    ).toEqual(keep(sessionIds));
    const flows = await ctx.db
      .select({ id: ssoFlows.stateHash })
      .from(ssoFlows)
      .where(inArray(ssoFlows.stateHash, Object.values(flowIds)));
    expect(flows.map((f) => f.id).sort()).toEqual(keep(flowIds));
    expect(
      await remaining(
        ctx.db
          .select({ id: webauthnChallenges.id })
          .from(webauthnChallenges)
          .where(inArray(webauthnChallenges.id, Object.values(challengeIds))),
      ),
    ).toEqual(keep(challengeIds));
    const limits = await ctx.db
      .select({ bucket: rateLimits.bucket })
      .from(rateLimits)
      .where(inArray(rateLimits.bucket, Object.values(buckets)));
    expect(limits).toEqual([{ bucket: buckets.open }]);
    expect(await ctx.db.select({ count: sql<number>`count(*)::int` }).from(auditLogs)).toEqual(auditBefore);

    // Nothing left to do: a second run deletes nothing.
    expect(await sweepExpiredRows(ctx.deps)).toMatchObject({
      authTokens: 0,
      setupTokens: 0,
      sessions: 0,
      rateLimits: 0,
    });
  });

  it('works through a backlog in small batches', async () => {
    const { userId } = await ctx.createUser('ir_associate');
    const expiresAt = at(-SWEEP_GRACE_MS - HOUR);
    await ctx.db.insert(authTokens).values(
      Array.from({ length: 7 }, () => ({
        userId,
        purpose: 'password_reset' as const,
        tokenHash: sha256Hex(generateToken()),
        expiresAt,
      })),
    );
    expect(await sweepExpiredRows(ctx.deps, { batchSize: 3 })).toMatchObject({ authTokens: 7 });
    const [left] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(authTokens)
      .where(sql`${authTokens.expiresAt} < ${at(-SWEEP_GRACE_MS).toISOString()}::timestamptz`);
    expect(left?.count).toBe(0);
  });
});

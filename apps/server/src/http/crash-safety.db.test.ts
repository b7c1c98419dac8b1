import { describe, expect, it } from 'vitest';
import { halfDone } from '../../test/invariants';
import { callScene, ROUTE_SCENES } from '../../test/route-scenes';
import { createTestContext, TEST_AUDIT_SIGNER } from '../../test/test-app';
import { verifyAuditChain } from '../features/audit/audit.service';
import { createLogger } from '../lib/logger';

/**
 * Crash safety (docs/architecture.md, Crash safety): each multi-step write is stopped before each of
 * its statements in turn, as a crash or a lost connection would stop it. Whatever was done must be
 * whole or absent: the invariant queries find nothing half-done, the organisation's audit chain
 * verifies, and a write that failed succeeds when made again.
 */
const WRITES = [
  'POST /api/invitations',
  'POST /api/invitations/:id/resend',
  'POST /api/invitations/accept',
  'POST /api/messages/:id/drafts',
  'POST /api/messages/:id/submit',
  'POST /api/messages/:id/request-changes',
  'POST /api/messages/:id/approve',
  'POST /api/messages/bulk',
  'POST /api/projects/:id/documents',
] as const;

class InjectedFault extends Error {}

let countdown: number | null = null;
let seen = 0;
const ctx = await createTestContext(
  {},
  {
    // The error handler logs each injected fault: expected here, so not on console.error.
    logger: createLogger('silent'),
    onStatement: (statement) => {
      // Not a stop point: drizzle's node-postgres transaction takes its pool client before `begin` and
      // releases it only once `begin` went through, so a throw here would leak the connection (a real
      // crash closes it), and stopping before `begin` is stopping after the statement before it.
      if (/^\s*begin\b/i.test(statement)) return;
      seen++;
      if (countdown === null) return;
      countdown--;
      if (countdown === 0) {
        countdown = null;
        throw new InjectedFault('injected: the process stops before this statement');
      }
    },
  },
);

function routeOf(key: string) {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}

/**
 * Stops `key`'s write before each of its statements in turn and checks what it left; returns the
 * stops after which the write failed but could not be made again: it had in fact been committed,
 * and its answer misled the caller.
 */
async function stopBeforeEachStatement(key: string): Promise<string[]> {
  const misleading: string[] = [];
  const setup = ROUTE_SCENES[key];
  if (!setup) throw new Error(`no scene for ${key}`);
  const tools = { ctx, emptyCtx: () => createTestContext() };
  // How many statements the write sends when nothing stops it.
  const first = await setup(tools);
  seen = 0;
  const ok = await callScene(ctx, routeOf(key), first);
  const statements = seen;
  expect(ok.status, await ok.clone().text()).toBeLessThan(300);
  expect(statements).toBeGreaterThan(1);

  for (let k = 1; k <= statements; k++) {
    const scene = await setup(tools);
    countdown = k;
    const res = await callScene(ctx, routeOf(key), scene);
    countdown = null;
    // Stopped inside the transaction the write fails whole; stopped after it (delivering mail,
    // which the outbox retries) the write stands. Either way nothing is half-done, and a write
    // that failed can be made again.
    if (res.status >= 500) {
      const again = await callScene(ctx, routeOf(key), scene);
      if (again.status >= 300) misleading.push(`statement ${k}: 500, then ${again.status}`);
    } else {
      expect(res.status, `stopped before statement ${k}: ${await res.clone().text()}`).toBeLessThan(300);
    }
    const orgId = scene.orgId;
    if (!orgId) throw new Error(`${key}: the scene names no organisation`);
    expect(await halfDone(ctx.db, orgId), `stopped before statement ${k} of ${statements}`).toEqual([]);
    const chain = await verifyAuditChain(
      { db: ctx.db, clock: ctx.clock, auditSigner: TEST_AUDIT_SIGNER },
      orgId,
    );
    expect(chain.valid, `chain after a stop before statement ${k}`).toBe(true);
  }
  return misleading;
}

describe('a write stopped before any of its statements leaves nothing half-done', () => {
  for (const key of WRITES) {
    it(key, async () => expect(await stopBeforeEachStatement(key)).toEqual([]), 300_000);
  }
});

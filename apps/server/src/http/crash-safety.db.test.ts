import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
const WRITES = ['POST /api/invitations/accept', 'POST /api/projects/:id/documents'] as const;

/**
 * Known gap (docs/architecture.md, Crash safety): these commit their transaction, then read again to
 * answer or to hand mail to SMTP; stopped there, they answer 500 for a write that stands, and the
 * same click then meets a 409. Nothing is half-done (checked like the others), but the answer
 * misleads; the test fails once a fix lands, to move the route to WRITES.
 */
const ANSWER_AFTER_COMMIT = [
  'POST /api/invitations',
  'POST /api/messages/:id/drafts',
  'POST /api/messages/:id/submit',
  'POST /api/messages/:id/approve',
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

/**
 * Rows of the organisation that a half-done write would leave behind; each query must find none.
 * Scoped to the scene's organisation: other test files share the PostgreSQL database.
 */
function invariants(orgId: string): Record<string, ReturnType<typeof sql>> {
  return {
    'accepted invitations without their member': sql`select count(*)::int as n from user_invitations i
      where i.org_id = ${orgId} and i.accepted and not exists (select 1 from org_memberships m
        where m.user_id = i.accepted_user_id and m.org_id = i.org_id)`,
    'resolved messages without a final reply': sql`select count(*)::int as n from investor_messages m
      where m.org_id = ${orgId} and m.status = 'resolved' and not exists (select 1 from ai_responses r
        where r.message_id = m.id and r.final_response is not null)`,
    'approvals without their audit entry': sql`select count(*)::int as n from ai_responses r
      where r.org_id = ${orgId} and r.approved_at is not null and not exists (select 1 from audit_logs a
        where a.chain = r.org_id::text and a.action_type = 'response_approved' and a.entity_id = r.id::text)`,
    'approvals without their outgoing mail': sql`select count(*)::int as n from ai_responses r
      where r.org_id = ${orgId} and r.approved_at is not null and (r.sent_email_id is null
        or not exists (select 1 from email_outbox o where o.id = r.sent_email_id))`,
    'reply mails without their approval': sql`select count(*)::int as n from email_outbox o
      where o.org_id = ${orgId} and o.template = 'investor_reply'
        and not exists (select 1 from ai_responses r where r.sent_email_id = o.id)`,
    'documents of no fund': sql`select count(*)::int as n from project_documents d
      where d.org_id = ${orgId} and not exists (select 1 from projects p where p.id = d.project_id)`,
  };
}

async function halfDone(orgId: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, query] of Object.entries(invariants(orgId))) {
    const rows = (await ctx.db.execute(query)) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    if ((list[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

function routeOf(key: string) {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}

/**
 * Stops `key`'s write before each of its statements in turn and checks what it left; returns the
 * stops after which the write failed but could not be made again (it had in fact been committed).
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
    expect(await halfDone(orgId), `stopped before statement ${k} of ${statements}`).toEqual([]);
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
  for (const key of ANSWER_AFTER_COMMIT) {
    it(`${key} (answers 500 for a write that stands: the known gap)`, async () => {
      const misleading = await stopBeforeEachStatement(key);
      expect(misleading.length, 'fixed? Move it to WRITES').toBeGreaterThan(0);
    }, 300_000);
  }
});

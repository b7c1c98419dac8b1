import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, databaseErrorOf } from '../../test/test-app';
import { auditLogs } from '../db/schema';
import { verifyAuditChain } from '../features/audit/audit.service';
import { appendAudit } from './audit';

const ctx = await createTestContext();

function entry(orgId: string, n: number) {
  return {
    orgId,
    actorId: null,
    actionType: 'test_event',
    entityType: 'test',
    entityId: String(n),
    details: { n, nested: { b: 2, a: 1 } },
  };
}

describe('the hash-chained audit log', () => {
  it('stays one unbroken chain under concurrent appends', async () => {
    const orgId = await ctx.createOrg();
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        ctx.db.transaction((tx) => appendAudit(tx, ctx.clock, entry(orgId, n))),
      ),
    );
    const result = await verifyAuditChain(ctx.auditDeps, orgId);
    // 41: the organisation_created entry and the 40 appended ones
    expect(result).toMatchObject({ valid: true, entries: 41 });
    const seqs = await ctx.db
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, orgId));
    expect(seqs.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
  });

  it('keeps each organisation on its own chain', async () => {
    const [a, b] = [await ctx.createOrg(), await ctx.createOrg()];
    await ctx.db.transaction((tx) => appendAudit(tx, ctx.clock, entry(a, 1)));
    expect(await verifyAuditChain(ctx.auditDeps, a)).toMatchObject({ valid: true, entries: 2 });
    expect(await verifyAuditChain(ctx.auditDeps, b)).toMatchObject({ valid: true, entries: 1 });
  });

  it('rolls the entry back with the transaction it was written in', async () => {
    const orgId = await ctx.createOrg();
    await expect(
      ctx.db.transaction(async (tx) => {
        await appendAudit(tx, ctx.clock, entry(orgId, 1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await verifyAuditChain(ctx.auditDeps, orgId)).toMatchObject({ valid: true, entries: 1 });
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database', async () => {
    const orgId = await ctx.createOrg();
    const where = sql`org_id = ${orgId}`;
    expect(
      await databaseErrorOf(ctx.db.execute(sql`update audit_logs set action_type = 'x' where ${where}`)),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await databaseErrorOf(ctx.db.execute(sql`delete from audit_logs where ${where}`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await databaseErrorOf(ctx.db.execute(sql`truncate audit_logs`))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    expect(await verifyAuditChain(ctx.auditDeps, orgId)).toMatchObject({ valid: true, entries: 1 });
  });

  it('reports the first altered row when a row is changed behind the trigger', async () => {
    const orgId = await ctx.createOrg();
    const rows: string[] = [];
    for (let n = 0; n < 5; n++)
      rows.push((await ctx.db.transaction((tx) => appendAudit(tx, ctx.clock, entry(orgId, n)))).id);
    const victim = rows[2];
    // A superuser can switch triggers off for a session; the chain must still give it away.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_logs set details = '{"n": 99}'::jsonb where id = ${victim}`);
    });
    expect(await verifyAuditChain(ctx.auditDeps, orgId)).toMatchObject({
      valid: false,
      entries: 3,
      first_broken_id: victim,
    });
  });

  it('detects a removed entry', async () => {
    const orgId = await ctx.createOrg();
    const rows: string[] = [];
    for (let n = 0; n < 3; n++)
      rows.push((await ctx.db.transaction((tx) => appendAudit(tx, ctx.clock, entry(orgId, n)))).id);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_logs where id = ${rows[1]}`);
    });
    expect(await verifyAuditChain(ctx.auditDeps, orgId)).toMatchObject({
      valid: false,
      first_broken_id: rows[2],
    });
  });
});

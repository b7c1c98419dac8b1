import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkpointLine,
  type EntryLine,
  type ExportLine,
  exportLinesOf,
  hashOfLine,
  rehashFrom,
} from '../../../test/audit-export';
import { createTestContext, databaseErrorOf, json, TEST_AUDIT_SIGNER } from '../../../test/test-app';
import type { Tx } from '../../db/client';
import { auditChainHeads, auditCheckpoints, auditLogs } from '../../db/schema';
import { runAuditCheckpoints } from '../../jobs/audit-checkpoints';
import { appendAudit } from '../../lib/audit';
import { signCheckpointFields } from '../../lib/audit-checkpoint';
import { computeAuditHash } from '../../lib/audit-hash';
import { verifyAuditChain } from './audit.service';
import { signCheckpoint } from './audit-checkpoints.service';
import { type PublishedCheckpoint, verifyAuditExport } from './audit-export-verifier';

const ctx = await createTestContext();
const dir = mkdtempSync(path.join(tmpdir(), 'parley-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs SQL on the audit tables with their append-only triggers off, as a superuser could. */
async function behindTheTriggers(work: (tx: Tx) => Promise<unknown>) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_logs disable trigger user`);
    await tx.execute(sql`alter table audit_checkpoints disable trigger user`);
    await work(tx);
    await tx.execute(sql`alter table audit_logs enable trigger user`);
    await tx.execute(sql`alter table audit_checkpoints enable trigger user`);
  });
}

/**
 * An organisation whose chain has 7 entries (organization_created, then 6 more) and one checkpoint
 * signed at its head (seq 7); `row(seq)` is the entry at that seq.
 */
async function chainOf7() {
  const orgId = await ctx.createOrg();
  for (let n = 0; n < 6; n++) {
    ctx.clock.advance(1000);
    await ctx.db.transaction((tx) =>
      appendAudit(tx, ctx.clock, {
        orgId,
        actorId: null,
        actionType: 'test_event',
        entityType: 'test',
        entityId: String(n),
        details: { n, nested: { b: 2, a: 1 } },
      }),
    );
  }
  await ctx.db.transaction((tx) => signCheckpoint(tx, ctx.auditDeps, orgId, { trigger: 'scheduled' }));
  const lines = await exportLinesOf(ctx.db, orgId);
  // An admin to ask the API with, signed in before any tampering: it appends entries after seq 7.
  const admin = await ctx.signInAs('admin', orgId);
  const all = await ctx.db.select().from(auditLogs).where(eq(auditLogs.chain, orgId));
  const bySeq = new Map(all.map((entry) => [entry.seq, entry]));
  const row = (seq: number) => {
    const entry = bySeq.get(seq);
    if (!entry) throw new Error(`no entry at seq ${seq}`);
    return entry;
  };
  const last = Math.max(...bySeq.keys());
  return { orgId, row, last, admin, lines };
}

const verifyOffline = (lines: ExportLine[]) =>
  verifyAuditExport(
    () => Readable.from(lines.map((line) => `${JSON.stringify(line)}\n`)),
    TEST_AUDIT_SIGNER.publicKey,
  );

function entryAt(lines: ExportLine[], index: number): EntryLine {
  const line = lines[index];
  if (line?.type !== 'entry') throw new Error(`line ${index + 1} is not an entry`);
  return line;
}

const setHead = (tx: Tx, chain: string, seq: number, hash: string) =>
  tx.update(auditChainHeads).set({ seq, hash }).where(eq(auditChainHeads.chain, chain));

/** Moves every entry of the chain from `from` on by `by` places (negating first: (chain, seq) is unique). */
async function shiftSeqs(tx: Tx, chain: string, from: number, by: number) {
  const where = sql`chain = ${chain} and seq >= ${from}`;
  await tx.execute(sql`update audit_logs set seq = -seq where ${where}`);
  await tx.execute(sql`update audit_logs set seq = -seq + ${by} where chain = ${chain} and seq < 0`);
}

type Scene = Awaited<ReturnType<typeof chainOf7>>;
type TamperCase = {
  name: string;
  /** Tampers with the database; returns the expected problem. */
  inDatabase(scene: Scene): Promise<{ reason: string; seq: number; entryId?: string }>;
  /** Tampers with the export's lines; returns the expected problem and its 1-based line. */
  inExport(lines: ExportLine[]): { reason: string; line: number | null };
};

/** The nine ways to tamper with the chain that verification must catch, each by name (docs/audit-format.md). */
const TAMPER_CASES: TamperCase[] = [
  {
    name: 'a changed field',
    async inDatabase({ row }) {
      await behindTheTriggers((tx) =>
        tx
          .update(auditLogs)
          .set({ details: { n: 99 } })
          .where(eq(auditLogs.id, row(4).id)),
      );
      return { reason: 'hash_mismatch', seq: 4, entryId: row(4).id };
    },
    inExport(lines) {
      entryAt(lines, 3).action_type = 'something_else';
      return { reason: 'hash_mismatch', line: 4 };
    },
  },
  {
    name: 'a deleted middle entry',
    async inDatabase({ row }) {
      await behindTheTriggers((tx) => tx.delete(auditLogs).where(eq(auditLogs.id, row(4).id)));
      return { reason: 'seq_gap', seq: 5, entryId: row(5).id };
    },
    inExport(lines) {
      lines.splice(3, 1);
      return { reason: 'seq_gap', line: 4 };
    },
  },
  {
    name: 'an inserted entry',
    async inDatabase({ orgId, row, last }) {
      const forged = {
        chain: orgId,
        orgId,
        seq: 5,
        createdAt: row(4).createdAt,
        actorId: null,
        actionType: 'approve',
        entityType: 'reply',
        entityId: 'forged',
        details: {},
        prevHash: row(4).hash,
      };
      await behindTheTriggers(async (tx) => {
        await shiftSeqs(tx, orgId, 5, 1);
        await tx.insert(auditLogs).values({ ...forged, hash: computeAuditHash(forged) });
        await setHead(tx, orgId, last + 1, row(last).hash);
      });
      return { reason: 'prev_hash_mismatch', seq: 6, entryId: row(5).id };
    },
    inExport(lines) {
      const before = entryAt(lines, 3);
      const forged: EntryLine = {
        ...before,
        seq: 5,
        id: 'forged',
        action_type: 'approve',
        prev_hash: before.hash,
      };
      forged.hash = hashOfLine(forged);
      lines.splice(4, 0, forged);
      for (const line of lines.slice(5)) if (line.type === 'entry') line.seq += 1;
      return { reason: 'prev_hash_mismatch', line: 6 };
    },
  },
  {
    name: 'two entries swapped',
    async inDatabase({ orgId, row }) {
      await behindTheTriggers(async (tx) => {
        await tx
          .update(auditLogs)
          .set({ seq: -4 })
          .where(eq(auditLogs.id, row(4).id));
        await tx
          .update(auditLogs)
          .set({ seq: 4 })
          .where(eq(auditLogs.id, row(5).id));
        await tx
          .update(auditLogs)
          .set({ seq: 5 })
          .where(and(eq(auditLogs.chain, orgId), eq(auditLogs.seq, -4)));
      });
      return { reason: 'prev_hash_mismatch', seq: 4, entryId: row(5).id };
    },
    inExport(lines) {
      const [a, b] = [entryAt(lines, 3), entryAt(lines, 4)];
      lines[3] = { ...b, seq: a.seq };
      lines[4] = { ...a, seq: b.seq };
      return { reason: 'prev_hash_mismatch', line: 4 };
    },
  },
  {
    name: 'a truncated tail (caught by the last checkpoint)',
    async inDatabase({ orgId, row }) {
      await behindTheTriggers(async (tx) => {
        await tx.execute(sql`delete from audit_logs where chain = ${orgId} and seq > 5`);
        await setHead(tx, orgId, 5, row(5).hash);
      });
      return { reason: 'truncated', seq: 7 };
    },
    inExport(lines) {
      lines.splice(5, 2);
      return { reason: 'truncated', line: 6 };
    },
  },
  {
    name: 'the whole chain recomputed without the key (caught by the signature)',
    async inDatabase({ orgId, row, last }) {
      // Entry 4 changed, and every hash from it on recomputed and re-linked, head included.
      await behindTheTriggers(async (tx) => {
        let prevHash = row(3).hash;
        for (let seq = 4; seq <= last; seq++) {
          const entry = row(seq);
          const details = seq === 4 ? { n: 99 } : entry.details;
          const hash = computeAuditHash({ ...entry, details, prevHash });
          await tx.update(auditLogs).set({ details, prevHash, hash }).where(eq(auditLogs.id, entry.id));
          prevHash = hash;
        }
        await setHead(tx, orgId, last, prevHash);
      });
      return { reason: 'checkpoint_mismatch', seq: 7, entryId: row(7).id };
    },
    inExport(lines) {
      entryAt(lines, 3).details = { n: 99 };
      rehashFrom(lines, 3);
      return { reason: 'checkpoint_mismatch', line: 8 };
    },
  },
  {
    name: 'a gap in seq',
    async inDatabase({ orgId, row, last }) {
      await behindTheTriggers(async (tx) => {
        await shiftSeqs(tx, orgId, 5, 1);
        await setHead(tx, orgId, last + 1, row(last).hash);
      });
      return { reason: 'seq_gap', seq: 6, entryId: row(5).id };
    },
    inExport(lines) {
      for (const line of lines.slice(4)) if (line.type === 'entry') line.seq += 1;
      return { reason: 'seq_gap', line: 5 };
    },
  },
  {
    name: 'a forged checkpoint',
    async inDatabase({ orgId, row }) {
      // Signed with another key, under Parley's key id: the signature does not verify.
      const other = generateKeyPairSync('ed25519').privateKey;
      const forged = signCheckpointFields(
        {
          chain: orgId,
          seq: 7,
          head_hash: row(7).hash,
          signed_at: ctx.clock.now().toISOString(),
          key_id: TEST_AUDIT_SIGNER.keyId,
        },
        other,
      );
      await ctx.db.insert(auditCheckpoints).values({
        chain: orgId,
        seq: 7,
        headHash: forged.head_hash,
        signedAt: forged.signed_at,
        keyId: forged.key_id,
        signature: forged.signature,
        trigger: 'scheduled',
      });
      return { reason: 'checkpoint_signature_invalid', seq: 7 };
    },
    inExport(lines) {
      const last = lines.at(-1);
      if (last?.type !== 'checkpoint') throw new Error('no checkpoint line');
      last.head_hash = 'f'.repeat(64);
      return { reason: 'checkpoint_signature_invalid', line: 8 };
    },
  },
  {
    name: 'a rolled-back checkpoint',
    async inDatabase({ orgId, row }) {
      // Validly signed, but at seq 5 after a checkpoint at seq 7: the chain was taken back.
      const back = signCheckpointFields(
        {
          chain: orgId,
          seq: 5,
          head_hash: row(5).hash,
          signed_at: ctx.clock.now().toISOString(),
          key_id: TEST_AUDIT_SIGNER.keyId,
        },
        TEST_AUDIT_SIGNER.privateKey,
      );
      await ctx.db.insert(auditCheckpoints).values({
        chain: orgId,
        seq: back.seq,
        headHash: back.head_hash,
        signedAt: back.signed_at,
        keyId: back.key_id,
        signature: back.signature,
        trigger: 'scheduled',
      });
      return { reason: 'checkpoint_rollback', seq: 5 };
    },
    inExport(lines) {
      const at5 = entryAt(lines, 4);
      const signed = signCheckpointFields(
        {
          chain: at5.chain,
          seq: 5,
          head_hash: at5.hash,
          signed_at: ctx.clock.now().toISOString(),
          key_id: TEST_AUDIT_SIGNER.keyId,
        },
        TEST_AUDIT_SIGNER.privateKey,
      );
      lines.push(checkpointLine(signed));
      return { reason: 'checkpoint_rollback', line: 9 };
    },
  },
];

describe('GET /api/audit/verify', () => {
  it('is for admins and directors only', async () => {
    await ctx.expectGuarded('GET', '/api/audit/verify', 'audit.verify');
  });

  it("walks the caller's own organisation only, and records the result as its last verification", async () => {
    const director = await ctx.signInAs('ir_director');
    await ctx.signInAs('admin'); // another organisation, with entries of its own
    const before = await json(
      await ctx.request('GET', '/api/audit/verifications/latest', { cookie: director.cookie }),
    );
    expect(before).toEqual({ verification: null });

    const res = await ctx.request('GET', '/api/audit/verify', { cookie: director.cookie });
    expect(res.status).toBe(200);
    // organization_created, user_created, sign_in
    const body = await json(res);
    expect(body).toEqual({
      valid: true,
      entries: 3,
      checkpoints_checked: 0,
      verified_at: ctx.clock.now().toISOString(),
    });
    const after = await json(
      await ctx.request('GET', '/api/audit/verifications/latest', { cookie: director.cookie }),
    );
    expect(after).toEqual({ verification: body });
  });

  it('checks the stored checkpoints of an untouched chain, and an export of it verifies offline', async () => {
    const { orgId, lines, last } = await chainOf7();
    await ctx.db.transaction((tx) => signCheckpoint(tx, ctx.auditDeps, orgId, { trigger: 'on_demand' }));
    expect(await verifyAuditChain(ctx.auditDeps, orgId)).toMatchObject({
      valid: true,
      entries: last,
      checkpoints_checked: 2,
    });
    expect(await verifyOffline(lines)).toMatchObject({ valid: true, entries: 7, lastSeq: 7 });
  });

  describe.each(TAMPER_CASES)('catches $name', (tamper) => {
    it('in the database, naming the first bad entry and why', async () => {
      const scene = await chainOf7();
      const expected = await tamper.inDatabase(scene);
      const { admin } = scene;
      const body = await json(await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie }));
      expect(body.valid).toBe(false);
      expect(body.problem).toEqual({
        reason: expected.reason,
        seq: expected.seq,
        message: expect.stringContaining(String(expected.seq)),
        ...(expected.entryId ? { entry_id: expected.entryId } : {}),
      });
      const last = await json(
        await ctx.request('GET', '/api/audit/verifications/latest', { cookie: admin.cookie }),
      );
      expect(last.verification).toMatchObject({ valid: false, problem: { reason: expected.reason } });
    });

    it('in an export file, naming the line and why', async () => {
      const { lines } = await chainOf7();
      expect(await verifyOffline(lines)).toMatchObject({ valid: true });
      const expected = tamper.inExport(lines);
      const result = await verifyOffline(lines);
      expect(result).toMatchObject({
        valid: false,
        line: expected.line,
        problem: { reason: expected.reason },
      });
    });
  });
});

describe('a real export against a checkpoint published outside Parley', () => {
  const verifyText = (text: string, published: PublishedCheckpoint[]) =>
    verifyAuditExport(() => Readable.from([text]), TEST_AUDIT_SIGNER.publicKey, published);
  const exportText = async (cookie: string) => {
    ctx.clock.advance(1000);
    const res = await ctx.request('GET', '/api/audit/export?format=jsonl', { cookie });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('confirms it in a later export, and catches the chain taken back since', async () => {
    const { orgId, admin } = await chainOf7();
    await ctx.request('POST', '/api/audit/checkpoints', { cookie: admin.cookie });
    const latest = await json(
      await ctx.request('GET', '/api/audit/checkpoints/latest', { cookie: admin.cookie }),
    );
    const published = [{ checkpoint: latest.checkpoint, source: 'mailbox', line: 1 }];
    const seq = latest.checkpoint.seq;
    expect(await verifyText(await exportText(admin.cookie), published)).toMatchObject({
      valid: true,
      published: [{ checkpoint: { seq }, confirmed: true }],
    });

    // Entries from 6 on removed, with the stored checkpoints that would have stopped Parley signing
    // again: the next export is signed and verifies alone, but not against what was published.
    await behindTheTriggers(async (tx) => {
      await tx.execute(sql`delete from audit_logs where chain = ${orgId} and seq > 5`);
      await tx.execute(sql`delete from audit_checkpoints where chain = ${orgId}`);
      const [fifth] = await tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.chain, orgId), eq(auditLogs.seq, 5)));
      await setHead(tx, orgId, 5, fifth?.hash ?? '');
    });
    const takenBack = await exportText(admin.cookie);
    expect(await verifyText(takenBack, [])).toMatchObject({ valid: true, lastSeq: 6 });
    expect(await verifyText(takenBack, published)).toMatchObject({
      valid: false,
      problem: { reason: 'checkpoint_rollback', seq: 6 },
      detail: expect.stringContaining(`after the checkpoint at seq ${seq}`),
    });
  });
});

describe('signed checkpoints', () => {
  it('are append-only in the database', async () => {
    const { orgId } = await chainOf7();
    const where = sql`chain = ${orgId}`;
    expect(
      await databaseErrorOf(ctx.db.execute(sql`update audit_checkpoints set seq = 1 where ${where}`)),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await databaseErrorOf(ctx.db.execute(sql`delete from audit_checkpoints where ${where}`))).toMatch(
      /append-only: DELETE refused/,
    );
  });

  it('are made on demand by a director, audited, and covered by the checkpoint itself', async () => {
    const director = await ctx.signInAs('ir_director');
    const res = await ctx.request('POST', '/api/audit/checkpoints', { cookie: director.cookie });
    expect(res.status).toBe(200);
    const { checkpoint } = await json(res);
    const [head] = await ctx.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.chain, director.orgId));
    expect(checkpoint).toMatchObject({
      chain: director.orgId,
      seq: head?.seq,
      head_hash: head?.hash,
      key_id: TEST_AUDIT_SIGNER.keyId,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.chain, director.orgId), eq(auditLogs.seq, checkpoint.seq)));
    expect(entry).toMatchObject({ actionType: 'audit_checkpoint_signed', actorId: director.userId });

    const latest = await json(
      await ctx.request('GET', '/api/audit/checkpoints/latest', { cookie: director.cookie }),
    );
    expect(latest).toEqual({ checkpoint, key_id: TEST_AUDIT_SIGNER.keyId });
  });

  it('POST /api/audit/checkpoints, the latest checkpoint and the public key are for admins and directors only', async () => {
    await ctx.expectGuarded('POST', '/api/audit/checkpoints', 'audit.verify');
    await ctx.expectGuarded('GET', '/api/audit/checkpoints/latest', 'audit.verify');
    await ctx.expectGuarded('GET', '/api/audit/public-key', 'audit.verify');
    await ctx.expectGuarded('GET', '/api/audit/verifications/latest', 'audit.verify');
  });

  it('downloads the public key as a PEM attachment', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('GET', '/api/audit/public-key', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="parley-audit-public-key.pem"');
    expect(await res.text()).toBe(TEST_AUDIT_SIGNER.publicKeyPem);
  });

  it('are made hourly only for chains whose head moved since their last checkpoint', async () => {
    const { orgId } = await chainOf7();
    const count = async () =>
      (await ctx.db.select().from(auditCheckpoints).where(eq(auditCheckpoints.chain, orgId))).length;
    // Other tests' chains are due too, and the tampered ones refused (logged): run until nothing is left.
    const refusals: unknown[] = [];
    const deps = {
      ...ctx.auditDeps,
      logger: { ...ctx.auditDeps.logger, error: (...a: unknown[]) => refusals.push(a) },
    };
    const settle = async () => {
      while ((await runAuditCheckpoints(deps)).signed > 0);
    };
    await settle();
    const settled = await count();
    await runAuditCheckpoints(deps);
    expect(await count()).toBe(settled);
    await ctx.db.transaction((tx) =>
      appendAudit(tx, ctx.clock, {
        orgId,
        actorId: null,
        actionType: 'x',
        entityType: 'x',
        entityId: null,
        details: {},
      }),
    );
    await settle();
    expect(await count()).toBe(settled + 1);
  });

  it('are refused over a chain re-written to an earlier head, which verification reports as truncated', async () => {
    const { orgId, row } = await chainOf7();
    await behindTheTriggers(async (tx) => {
      await tx.execute(sql`delete from audit_logs where chain = ${orgId} and seq > 5`);
      await setHead(tx, orgId, 5, row(5).hash);
    });
    await expect(ctx.db.transaction((tx) => signCheckpoint(tx, ctx.auditDeps, orgId))).rejects.toMatchObject({
      code: 'AUDIT_CHECKPOINT_REFUSED',
    });
    const admin = await ctx.signInAs('admin', orgId);
    // Signing in appended an entry (seq 6 again, with another hash): still not what was signed at 7.
    const res = await ctx.request('POST', '/api/audit/checkpoints', { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('AUDIT_CHECKPOINT_REFUSED');
    const body = await json(await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie }));
    expect(body).toMatchObject({ valid: false });
    expect(['truncated', 'checkpoint_mismatch']).toContain(body.problem.reason);
  });
});

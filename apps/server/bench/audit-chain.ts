/**
 * The audit chain benchmark (docs/benchmarks.md, Audit chain): a chain of 1,000,000 entries verified
 * from the database (GET /api/audit/verify's walk, checkpoints included) beside SHA-256 chained in
 * memory over the same rows; the export of the chain as JSON Lines through Export Logs' own stream, with
 * the RSS it adds; and the offline verifier over that file, in its own process, with its peak RSS.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { auditLogs } from '../src/db/schema';
import { verifyAuditChain } from '../src/features/audit/audit.service';
import { signCheckpoint } from '../src/features/audit/audit-checkpoints.service';
import { startAuditExport, streamAuditExport } from '../src/features/audit/audit-log.service';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { computeAuditHash } from '../src/lib/audit-hash';
import type { AuditSigner } from '../src/lib/audit-signer';
import { systemClock } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { appendBenchEntries } from './bench-chain';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** Entry `seq` of the bench chain (2 onwards; 1 is organization_created): the same rows every time. */
function benchEntry(seq: number, base: number) {
  return {
    createdAt: new Date(base + seq),
    actorId: null,
    actionType: seq % 3 === 0 ? 'reply_approved' : 'message_read',
    entityType: 'investor_message',
    entityId: `m-${seq}`,
    details: { seq, fund: `fund-${seq % 7}`, note: 'bench' },
  };
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

/** The member the bench's export is recorded for (the chain does not check members). */
const BENCH_EXPORTER = '00000000-0000-4000-8000-00000000be0c';

export async function runAuditChainBench(deps: { database: Database; auditSigner: AuditSigner }) {
  const { db } = deps.database;
  const orgId = await db.transaction((tx) =>
    createOrganization(tx, systemClock, { name: 'Audit bench', actorId: null }),
  );
  const [first] = await db
    .select()
    .from(auditLogs)
    .where(sql`${auditLogs.chain} = ${orgId} and ${auditLogs.seq} = 1`);
  if (!first) throw new Error('no first entry');
  const base = first.createdAt.getTime() + 1;

  const setupStarted = performance.now();
  // Entries 2 to ENTRIES after organization_created: the same rows benchEntry gives the in-memory side.
  const { hash: prevHash } = await appendBenchEntries(db, {
    orgId,
    count: ENTRIES - 1,
    entryAt: (i) => benchEntry(i + 1, base),
  });
  // A stored checkpoint, as the hourly job leaves one, for the database walk to check.
  await db.transaction((tx) =>
    signCheckpoint(tx, { clock: systemClock, auditSigner: deps.auditSigner }, orgId, {
      trigger: 'scheduled',
    }),
  );
  console.log(
    `\naudit chain: ${ENTRIES.toLocaleString('en')} entries set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // In memory: the same rows, canonical JSON + SHA-256 chained, nothing else.
  let memoryHash = first.hash;
  const memoryStarted = performance.now();
  for (let seq = 2; seq <= ENTRIES; seq++)
    memoryHash = computeAuditHash({ ...benchEntry(seq, base), prevHash: memoryHash });
  const memoryMs = performance.now() - memoryStarted;
  if (memoryHash !== prevHash) throw new Error('in-memory chain differs');

  const dbStarted = performance.now();
  const result = await verifyAuditChain({ db, clock: systemClock, auditSigner: deps.auditSigner }, orgId);
  const dbMs = performance.now() - dbStarted;
  if (!result.valid || result.entries !== ENTRIES)
    throw new Error(`verify failed: ${JSON.stringify(result)}`);

  // The export as Export Logs streams it (GET /api/audit/export?format=jsonl: keyset batches, then its
  // signed checkpoint) to a file, with the RSS it takes on top of this process's; then the offline
  // verifier over that file in a process of its own (its peak RSS is its own).
  const dir = await mkdtemp(path.join(os.tmpdir(), 'parley-audit-bench-'));
  try {
    const file = path.join(dir, 'export.jsonl');
    const out = createWriteStream(file);
    const write = (chunk: string) =>
      out.write(chunk)
        ? Promise.resolve()
        : new Promise<void>((resolve) => out.once('drain', () => resolve()));
    const exportDeps = {
      db,
      clock: systemClock,
      auditSigner: deps.auditSigner,
      logger: createLogger('silent'),
    };
    const exported = await startAuditExport(
      exportDeps,
      { orgId, userId: BENCH_EXPORTER },
      {
        format: 'jsonl',
        filter: {},
      },
    );
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const exportStarted = performance.now();
    for await (const chunk of streamAuditExport(exportDeps, { orgId }, exported)) {
      await write(chunk);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const exportMs = performance.now() - exportStarted;
    const exportedEntries = exported.head.seq;
    const keyFile = path.join(dir, 'key.pem');
    await writeFile(keyFile, deps.auditSigner.publicKeyPem);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, 'audit-offline-child.ts'), file, keyFile],
      { cwd: path.join(benchDir, '..') },
    );
    const offline = JSON.parse(stdout) as { ms: number; maxRssMb: number; entries: number; valid: boolean };
    if (!offline.valid || offline.entries !== exportedEntries)
      throw new Error(`offline verify failed: ${stdout}`);

    const memoryRate = rate(ENTRIES, memoryMs);
    const dbRate = rate(ENTRIES, dbMs);
    console.log('| case | entries | time (s) | entries/s | note |');
    console.log('|---|---:|---:|---:|---|');
    console.log(
      `| SHA-256 chained in memory | ${ENTRIES.toLocaleString('en')} | ${(memoryMs / 1000).toFixed(1)} | ${memoryRate.toLocaleString('en')} | canonical JSON + SHA-256 only |`,
    );
    console.log(
      `| verify from the database | ${ENTRIES.toLocaleString('en')} | ${(dbMs / 1000).toFixed(1)} | ${dbRate.toLocaleString('en')} | ${((dbRate / memoryRate) * 100).toFixed(0)}% of in memory (goal ≥ 25%: ${dbRate >= memoryRate / 4 ? 'met' : 'NOT MET'}) |`,
    );
    console.log(
      `| export (JSON Lines, streamed to a file) | ${exportedEntries.toLocaleString('en')} | ${(exportMs / 1000).toFixed(1)} | ${rate(exportedEntries, exportMs).toLocaleString('en')} | RSS grew ${Math.round((rssPeak - rssBefore) / 1048576)} MB while exporting |`,
    );
    console.log(
      `| offline verifier (JSONL file) | ${exportedEntries.toLocaleString('en')} | ${(offline.ms / 1000).toFixed(1)} | ${rate(exportedEntries, offline.ms).toLocaleString('en')} | peak RSS ${offline.maxRssMb} MB |`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

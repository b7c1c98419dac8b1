import type { AuditLastVerificationResponse, AuditProblem, AuditVerifyResponse } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  auditProblem,
  ChainWalk,
  CheckpointSequence,
  checkpointAgainstEntry,
} from '../../lib/audit-chain-walk';
import {
  findAuditChainHead,
  findEntriesAt,
  findLatestCheckpoint,
  findVerification,
  listAuditChainPage,
  listCheckpointsPage,
  upsertVerification,
} from './audit.queries';

/** Rows read per query while re-walking: the chain is never loaded whole. */
const VERIFY_BATCH = 1000;
/** Checkpoints read per query. */
const CHECKPOINT_BATCH = 500;

type VerifyContext = Pick<ServiceContext, 'db' | 'clock' | 'auditSigner'>;

type WalkResult = { entries: number; problem: AuditProblem | null; checkpoints: number };

/**
 * Re-walks a chain from its first entry (docs/audit-format.md, Verifying): each row must follow its
 * predecessor (contiguous seq, prev_hash = predecessor's hash) and hash to what it stores; the last row
 * must match the chain head; then every stored checkpoint, in the order signed, must carry this
 * server's key and a valid signature, never go back along the chain, and match the entry at its seq
 * (so a removed tail, or a chain recomputed without the key, is caught).
 */
async function walkChain(
  db: DbOrTx,
  signer: VerifyContext['auditSigner'],
  chain: string,
): Promise<WalkResult> {
  // Checkpoints signed while this walk runs may be past the rows it read: only earlier ones are checked.
  const lastCheckpointId = (await findLatestCheckpoint(db, chain))?.id ?? 0;
  const walk = new ChainWalk();
  const walkOn = async (): Promise<AuditProblem | null> => {
    for (;;) {
      const rows = await listAuditChainPage(db, chain, walk.lastSeq, VERIFY_BATCH);
      for (const row of rows) {
        const problem = walk.step(row);
        if (problem) return problem;
      }
      if (rows.length < VERIFY_BATCH) return null;
    }
  };
  for (;;) {
    const problem = await walkOn();
    if (problem) return { entries: walk.entries, problem, checkpoints: 0 };
    // An append commits its row and the new head together: a head past the walk is an append made
    // meanwhile, whose rows are there to read.
    const head = await findAuditChainHead(db, chain);
    if (head && head.seq > walk.lastSeq && (await listAuditChainPage(db, chain, walk.lastSeq, 1)).length > 0)
      continue;
    const headMatches = head ? head.seq === walk.lastSeq && head.hash === walk.lastHash : walk.lastSeq === 0;
    if (headMatches) break;
    return {
      entries: walk.entries,
      problem: auditProblem('head_mismatch', walk.lastSeq, walk.lastId),
      checkpoints: 0,
    };
  }

  const sequence = new CheckpointSequence(signer);
  let afterId = 0;
  while (afterId < lastCheckpointId) {
    const checkpoints = (await listCheckpointsPage(db, chain, afterId, CHECKPOINT_BATCH)).filter(
      (c) => c.id <= lastCheckpointId,
    );
    if (checkpoints.length === 0) break;
    const covered = checkpoints.filter((c) => c.seq > 0 && c.seq <= walk.lastSeq).map((c) => c.seq);
    const entries = new Map((await findEntriesAt(db, chain, [...new Set(covered)])).map((e) => [e.seq, e]));
    for (const checkpoint of checkpoints) {
      const problem =
        sequence.check(checkpoint) ??
        checkpointAgainstEntry(checkpoint, walk.lastSeq, entries.get(checkpoint.seq) ?? null);
      if (problem) return { entries: walk.entries, problem, checkpoints: sequence.checked };
      afterId = checkpoint.id;
    }
  }
  return { entries: walk.entries, problem: null, checkpoints: sequence.checked };
}

function responseOf(result: WalkResult, verifiedAt: Date): AuditVerifyResponse {
  const { problem } = result;
  return {
    valid: problem === null,
    entries: result.entries,
    ...(problem?.entry_id ? { first_broken_id: problem.entry_id } : {}),
    ...(problem ? { problem } : {}),
    checkpoints_checked: result.checkpoints,
    verified_at: verifiedAt.toISOString(),
  };
}

/** Verifies the organisation's chain without recording the result. */
export async function verifyAuditChain(ctx: VerifyContext, orgId: string): Promise<AuditVerifyResponse> {
  return responseOf(await walkChain(ctx.db, ctx.auditSigner, orgId), ctx.clock.now());
}

/**
 * Verifies the chain and records the result as the organisation's last verification (the Compliance
 * center and System Health show it).
 */
export async function runAuditVerification(ctx: VerifyContext, orgId: string): Promise<AuditVerifyResponse> {
  const result = await verifyAuditChain(ctx, orgId);
  await upsertVerification(ctx.db, {
    chain: orgId,
    verifiedAt: new Date(result.verified_at),
    valid: result.valid,
    entries: result.entries,
    checkpointsChecked: result.checkpoints_checked,
    problem: result.problem ?? null,
  });
  return result;
}

export async function getLastVerification(
  ctx: Pick<ServiceContext, 'db'>,
  orgId: string,
): Promise<AuditLastVerificationResponse> {
  const row = await findVerification(ctx.db, orgId);
  if (!row) return { verification: null };
  const problem = row.problem as AuditProblem | null;
  return {
    verification: {
      valid: row.valid,
      entries: row.entries,
      ...(problem?.entry_id ? { first_broken_id: problem.entry_id } : {}),
      ...(problem ? { problem } : {}),
      checkpoints_checked: row.checkpointsChecked,
      verified_at: row.verifiedAt.toISOString(),
    },
  };
}

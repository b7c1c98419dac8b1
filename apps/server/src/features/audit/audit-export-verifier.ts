import type { KeyObject } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { AuditProblem } from '@parley/contracts';
import { z } from 'zod';
import {
  auditProblem,
  ChainWalk,
  CheckpointSequence,
  checkpointAgainstEntry,
} from '../../lib/audit-chain-walk';
import { keyIdOf, type SignedCheckpoint } from '../../lib/audit-checkpoint';

/**
 * The offline verifier of a JSON Lines export (docs/audit-format.md): nothing but the file and the public
 * key, no database, no configuration. It reads the file as a stream, so a million entries take constant
 * memory; a second read happens only when a checkpoint covers an entry before the last one.
 */

const HEX64 = /^[0-9a-f]{64}$/;

const entryLineSchema = z.object({
  type: z.literal('entry'),
  chain: z.string(),
  seq: z.number().int().positive(),
  id: z.string(),
  created_at: z.string().refine((value) => {
    const date = new Date(value);
    return !Number.isNaN(date.getTime()) && date.toISOString() === value;
  }, 'must be ISO-8601 with milliseconds in UTC, as Date.toISOString() writes it'),
  actor_id: z.string().nullable(),
  action_type: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  prev_hash: z.string().regex(HEX64),
  hash: z.string().regex(HEX64),
});

const checkpointLineSchema = z.object({
  type: z.literal('checkpoint'),
  chain: z.string(),
  seq: z.number().int().nonnegative(),
  head_hash: z.string().regex(HEX64),
  signed_at: z.string(),
  key_id: z.string(),
  signature: z.string(),
});

/** First line of a filtered export: the entries that follow are some of the chain, not all of it. */
const exportHeaderLineSchema = z.object({
  type: z.literal('export'),
  filtered: z.literal(true),
  filters: z.record(z.string(), z.unknown()),
});

const lineSchema = z.discriminatedUnion('type', [
  entryLineSchema,
  checkpointLineSchema,
  exportHeaderLineSchema,
]);

export type ExportVerifyResult =
  | {
      valid: true;
      chain: string;
      entries: number;
      firstSeq: number;
      lastSeq: number;
      /** The last checkpoint line: what to compare with a copy published outside Parley. */
      lastCheckpoint: SignedCheckpoint;
      /**
       * A filtered export: each entry hashes to what it stores and the checkpoint is authentic, but
       * the file cannot show that nothing between its entries is missing.
       */
      filtered: boolean;
    }
  | {
      valid: false;
      entries: number;
      /** 1-based line of the file the problem is on; null when it is about the file as a whole. */
      line: number | null;
      problem: AuditProblem;
      /** For a malformed line: what is wrong with it. */
      detail?: string;
    };

type Line = { number: number; value: z.infer<typeof lineSchema> } | { number: number; error: string };

async function* readLines(stream: Readable): AsyncGenerator<Line> {
  let number = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    number += 1;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      yield { number, error: 'not JSON' };
      continue;
    }
    const parsed = lineSchema.safeParse(json);
    if (parsed.success) yield { number, value: parsed.data };
    else {
      const issue = parsed.error.issues[0];
      yield { number, error: `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}` };
    }
  }
}

function signedCheckpointOf(line: z.infer<typeof checkpointLineSchema>): SignedCheckpoint {
  const { chain, seq, head_hash, signed_at, key_id, signature } = line;
  return { chain, seq, head_hash, signed_at, key_id, signature };
}

/**
 * Verifies an export: every entry's hash recomputed, prev_hash linkage, contiguous seq from the first
 * entry (an export of a later range starts mid-chain), every checkpoint line's key and signature, that
 * no checkpoint goes back along the chain from the one before, and that each matches the entry at its
 * seq; at least one checkpoint must cover the last entry. Returns the first problem.
 */
export async function verifyAuditExport(
  open: () => Readable,
  publicKey: KeyObject,
): Promise<ExportVerifyResult> {
  const keyId = keyIdOf(publicKey);
  let walk = new ChainWalk('first-entry');
  let filtered = false;
  const sequence = new CheckpointSequence({ publicKey, keyId });
  const checkpoints: { checkpoint: SignedCheckpoint; line: number }[] = [];
  let chain: string | null = null;
  let lastLine = 0;
  const fail = (line: number | null, problem: AuditProblem, detail?: string): ExportVerifyResult => ({
    valid: false,
    entries: walk.entries,
    line,
    problem,
    ...(detail ? { detail } : {}),
  });

  for await (const line of readLines(open())) {
    lastLine = line.number;
    if ('error' in line)
      return fail(line.number, auditProblem('malformed_line', walk.lastSeq + 1), line.error);
    const value = line.value;
    if (value.type === 'export') {
      if (walk.entries > 0 || chain !== null || filtered)
        return fail(
          line.number,
          auditProblem('malformed_line', walk.lastSeq + 1),
          'the export line must come first',
        );
      filtered = true;
      walk = new ChainWalk('first-entry', { allowsGaps: true });
      continue;
    }
    chain ??= value.chain;
    if (value.chain !== chain) {
      return fail(
        line.number,
        auditProblem('malformed_line', value.seq),
        `chain: ${value.chain} is not ${chain}`,
      );
    }
    if (value.type === 'checkpoint') {
      const checkpoint = signedCheckpointOf(value);
      const problem = sequence.check(checkpoint);
      if (problem) return fail(line.number, problem);
      checkpoints.push({ checkpoint, line: line.number });
      continue;
    }
    const problem = walk.step({
      id: value.id,
      seq: value.seq,
      prevHash: value.prev_hash,
      createdAt: new Date(value.created_at),
      actorId: value.actor_id,
      actionType: value.action_type,
      entityType: value.entity_type,
      entityId: value.entity_id,
      details: value.details,
      hash: value.hash,
    });
    if (problem) return fail(line.number, problem);
  }

  const last = checkpoints.at(-1);
  if (!last) return fail(null, auditProblem('checkpoint_missing', walk.lastSeq));
  // Checkpoints behind the file's first entry cover nothing in it: they were checked for key and order only.
  const firstSeq = walk.firstSeq ?? 0;
  const inRange = checkpoints.filter(({ checkpoint }) => checkpoint.seq >= firstSeq);
  const earlier = new Map<number, { checkpoint: SignedCheckpoint; line: number }[]>();
  for (const item of inRange) {
    const { checkpoint } = item;
    if (checkpoint.seq < walk.lastSeq)
      earlier.set(checkpoint.seq, [...(earlier.get(checkpoint.seq) ?? []), item]);
    else if (filtered && checkpoint.seq > walk.lastSeq) {
      // The head it signs was left out by the filters: its signature, checked above, is what counts.
    } else {
      const problem = checkpointAgainstEntry(checkpoint, walk.lastSeq, { hash: walk.lastHash });
      if (problem) return fail(item.line, problem);
    }
  }
  if (earlier.size > 0) {
    for await (const line of readLines(open())) {
      if ('value' in line && line.value.type === 'entry') {
        for (const item of earlier.get(line.value.seq) ?? []) {
          const problem = checkpointAgainstEntry(item.checkpoint, walk.lastSeq, {
            hash: line.value.hash,
            id: line.value.id,
          });
          if (problem) return fail(item.line, problem);
        }
      }
    }
  }
  if (last.checkpoint.seq < walk.lastSeq) {
    return fail(lastLine, auditProblem('unsigned_tail', last.checkpoint.seq));
  }
  return {
    valid: true,
    chain: chain ?? '',
    entries: walk.entries,
    firstSeq,
    lastSeq: walk.lastSeq,
    lastCheckpoint: last.checkpoint,
    filtered,
  };
}

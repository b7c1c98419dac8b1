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
 * memory; a second read happens only when a checkpoint covers an entry before the last one. Checkpoints
 * published outside Parley, when given, go through the same checks as the export's own.
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

/**
 * A checkpoint line published outside Parley (docs/audit-format.md, Publishing checkpoints outside
 * Parley), and where it was read: `source` names the file to the person reading the result.
 */
export type PublishedCheckpoint = { checkpoint: SignedCheckpoint; source: string; line: number };

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
      /**
       * Each published checkpoint given, in the order given. All held (key, signature, order, and against
       * the export); `confirmed` when the entry at its seq is in the file with its head_hash. A filtered
       * export, or one starting after that seq, does not hold the entry: only the rest was checked.
       */
      published: (PublishedCheckpoint & { confirmed: boolean })[];
    }
  | {
      valid: false;
      entries: number;
      /** 1-based line of the file the problem is on; null when it is about the file as a whole. */
      line: number | null;
      /** The published checkpoint file the line is in; absent when it is the export. */
      source?: string;
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
 * A file of published checkpoint lines, each exactly as an export ends with; blank lines are skipped.
 * Anything else (another line type, a line that is not JSON, no checkpoint at all) is the caller's
 * usage error: it says nothing about the log.
 */
export async function readPublishedCheckpoints(
  stream: Readable,
  source: string,
): Promise<{ checkpoints: PublishedCheckpoint[] } | { line: number | null; error: string }> {
  const checkpoints: PublishedCheckpoint[] = [];
  for await (const line of readLines(stream)) {
    if ('error' in line) return { line: line.number, error: line.error };
    if (line.value.type !== 'checkpoint')
      return { line: line.number, error: `type: "${line.value.type}" is not "checkpoint"` };
    checkpoints.push({ checkpoint: signedCheckpointOf(line.value), source, line: line.number });
  }
  if (checkpoints.length === 0) return { line: null, error: 'holds no checkpoint line' };
  return { checkpoints };
}

/** A checkpoint and the line it came from: the export's (no source) or a published file's. */
type LocatedCheckpoint = { checkpoint: SignedCheckpoint; line: number; source?: string };

const placeOf = ({ line, source }: LocatedCheckpoint) => (source ? `${source} line ${line}` : `line ${line}`);

/**
 * signed_at is signed as Date.toISOString() writes it, so the text orders as the time does; one written
 * otherwise fails its signature anyway.
 */
const bySignedAt = (a: LocatedCheckpoint, b: LocatedCheckpoint) =>
  a.checkpoint.signed_at < b.checkpoint.signed_at
    ? -1
    : a.checkpoint.signed_at > b.checkpoint.signed_at
      ? 1
      : 0;

/**
 * Verifies an export: every entry's hash recomputed, prev_hash linkage, contiguous seq from the first
 * entry (an export of a later range starts mid-chain), every checkpoint line's key and signature, that
 * no checkpoint goes back along the chain from the one signed before it, and that each matches the entry
 * at its seq; at least one checkpoint must cover the last entry. Returns the first problem.
 *
 * `published` checkpoints (docs/audit-format.md, Publishing checkpoints outside Parley) take the very
 * same checks: each joins the export's own checkpoints in the order signed, so the export's going back
 * from one is a rollback, and each is held against the entry at its seq, so one past the export's last
 * entry is a truncation and one whose entry hashes otherwise a rewrite. They never stand in for the
 * export's own last checkpoint. They are held in memory (a line each); the export is still streamed.
 */
export async function verifyAuditExport(
  open: () => Readable,
  publicKey: KeyObject,
  published: PublishedCheckpoint[] = [],
): Promise<ExportVerifyResult> {
  const keyId = keyIdOf(publicKey);
  let walk = new ChainWalk('first-entry');
  let filtered = false;
  const sequence = new CheckpointSequence({ publicKey, keyId });
  /** The checkpoints that passed the sequence, the export's and the published, in the order checked. */
  const checkpoints: LocatedCheckpoint[] = [];
  let last: LocatedCheckpoint | undefined;
  const waiting = [...published].sort(bySignedAt);
  let nextWaiting = 0;
  let chain: string | null = null;
  let lastLine = 0;
  const fail = (
    at: { line: number | null; source?: string },
    problem: AuditProblem,
    detail?: string,
  ): ExportVerifyResult => ({
    valid: false,
    entries: walk.entries,
    line: at.line,
    ...(at.source ? { source: at.source } : {}),
    problem,
    ...(detail ? { detail } : {}),
  });

  /** One checkpoint through the sequence; a rollback names the checkpoint it goes back from. */
  const sequenceCheck = (item: LocatedCheckpoint): ExportVerifyResult | null => {
    const before = checkpoints.at(-1);
    const problem = sequence.check(item.checkpoint);
    if (!problem) {
      checkpoints.push(item);
      return null;
    }
    return fail(
      item,
      problem,
      problem.reason === 'checkpoint_rollback' && before
        ? `signed ${item.checkpoint.signed_at}, after the checkpoint at seq ${before.checkpoint.seq} signed ${before.checkpoint.signed_at} (${placeOf(before)})`
        : undefined,
    );
  };

  /** The published checkpoints signed before `signedAt` (all those left, when null) join the sequence. */
  const checkPublishedUntil = (signedAt: string | null): ExportVerifyResult | null => {
    for (; nextWaiting < waiting.length; nextWaiting++) {
      const item = waiting[nextWaiting] as PublishedCheckpoint;
      if (signedAt !== null && item.checkpoint.signed_at >= signedAt) return null;
      if (chain !== null && item.checkpoint.chain !== chain) {
        return fail(
          item,
          auditProblem('malformed_line', item.checkpoint.seq),
          `chain: ${item.checkpoint.chain} is not the export's ${chain}`,
        );
      }
      const failed = sequenceCheck(item);
      if (failed) return failed;
    }
    return null;
  };

  for await (const line of readLines(open())) {
    lastLine = line.number;
    const at = { line: line.number };
    if ('error' in line) return fail(at, auditProblem('malformed_line', walk.lastSeq + 1), line.error);
    const value = line.value;
    if (value.type === 'export') {
      if (walk.entries > 0 || chain !== null || filtered)
        return fail(at, auditProblem('malformed_line', walk.lastSeq + 1), 'the export line must come first');
      filtered = true;
      walk = new ChainWalk('first-entry', { allowsGaps: true });
      continue;
    }
    chain ??= value.chain;
    if (value.chain !== chain) {
      return fail(at, auditProblem('malformed_line', value.seq), `chain: ${value.chain} is not ${chain}`);
    }
    if (value.type === 'checkpoint') {
      const item = { checkpoint: signedCheckpointOf(value), line: line.number };
      const failed = checkPublishedUntil(item.checkpoint.signed_at) ?? sequenceCheck(item);
      if (failed) return failed;
      last = item;
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
    if (problem) return fail(at, problem);
  }
  const failed = checkPublishedUntil(null);
  if (failed) return failed;

  if (!last) return fail({ line: null }, auditProblem('checkpoint_missing', walk.lastSeq));
  const exportLast = last;
  /** A published checkpoint past the end: if the export is older than it, it was not cut, just early. */
  const pastEndDetail = (item: LocatedCheckpoint) =>
    item.source && exportLast.checkpoint.signed_at < item.checkpoint.signed_at
      ? `the export's last checkpoint was signed ${exportLast.checkpoint.signed_at}, before this one: an export made before a checkpoint was published cannot confirm it, so export again and verify that`
      : undefined;
  const firstSeq = walk.firstSeq ?? 0;
  const confirmed = new Set<LocatedCheckpoint>();
  const earlier = new Map<number, LocatedCheckpoint[]>();
  for (const item of checkpoints) {
    const { checkpoint } = item;
    // Checkpoints behind the file's first entry cover nothing in it: they were checked for key and order only.
    if (checkpoint.seq < firstSeq) continue;
    if (checkpoint.seq < walk.lastSeq)
      earlier.set(checkpoint.seq, [...(earlier.get(checkpoint.seq) ?? []), item]);
    else if (filtered && checkpoint.seq > walk.lastSeq) {
      // The head it signs was left out by the filters: its signature, checked above, is what counts.
    } else {
      const problem = checkpointAgainstEntry(checkpoint, walk.lastSeq, {
        hash: walk.lastHash,
        id: walk.lastId,
      });
      if (problem) return fail(item, problem, pastEndDetail(item));
      confirmed.add(item);
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
          if (problem) return fail(item, problem);
          confirmed.add(item);
        }
      }
    }
  }
  if (last.checkpoint.seq < walk.lastSeq) {
    return fail({ line: lastLine }, auditProblem('unsigned_tail', last.checkpoint.seq));
  }
  return {
    valid: true,
    chain: chain ?? '',
    entries: walk.entries,
    firstSeq,
    lastSeq: walk.lastSeq,
    lastCheckpoint: last.checkpoint,
    filtered,
    published: published.map((item) => ({ ...item, confirmed: confirmed.has(item) })),
  };
}

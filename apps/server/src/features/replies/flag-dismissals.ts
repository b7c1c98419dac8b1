import {
  type ComplianceFlag,
  canClearFlag,
  type DismissFlagInput,
  type DraftVersion,
  type FlagDismissalExample,
  flagRationale,
  type ListFlagDismissalsResponse,
  type listFlagDismissalsQuerySchema,
  type RestoreFlagInput,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAccess } from '../../lib/access-audit';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor, type TimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { citationsOfVersion } from './cited-passages';
import {
  exportBatch,
  findLiveDismissals,
  insertDismissal,
  type LiveDismissal,
  listLiveDismissals,
  markRestored,
} from './flag-dismissals.queries';
import { type FlaggedSentence, sentenceAround } from './flagged-sentence';
import {
  type DraftVersionRow,
  findDraftVersion,
  findPendingRequest,
  lockReplyMessage,
  setPendingFlagRank,
} from './replies.queries';
import { flagRankOf } from './reply-state';
import { draftComplianceOf, toDraftDto } from './reply-versions';

/**
 * 'Not a problem here' (docs/product.md §2 Message detail): marking a flag of a checked version harmless
 * with a reason, undoing it, and reading it back — on the draft's flags, in the Compliance center's
 * Cleared flags and as labelled examples for the checker.
 */

type FlagSpan = { start: number; end: number; rule: string };
type Dismissal = NonNullable<ComplianceFlag['dismissal']>;

/**
 * The flags of a version's text with `dismissal` set where a live 'not a problem here' of the same
 * message covers the same rule in the same (normalised) sentence — made on this version or an earlier
 * one. The one place dismissals are joined to flags: the draft, version and check endpoints call it, and
 * so can the approval rules.
 */
export async function withDismissals<T extends FlagSpan>(
  db: DbOrTx,
  orgId: string,
  messageId: string,
  versionText: string,
  flags: readonly T[],
): Promise<(T & { dismissal?: Dismissal })[]> {
  if (flags.length === 0) return [];
  const sentences = flags.map((flag) => sentenceAround(versionText, flag.start, flag.end));
  const live = await findLiveDismissals(db, {
    orgId,
    messageId,
    sentenceSha256s: sentences.map((s) => s.sha256),
  });
  const byKey = new Map(live.map((row) => [keyOf(row.rule, row.sentenceSha256), row]));
  return flags.map((flag, i) => {
    const { dismissal: _stale, ...plain } = flag as T & { dismissal?: unknown };
    const row = byKey.get(keyOf(flag.rule, sentences[i]?.sha256 ?? ''));
    return row ? { ...(plain as T), dismissal: dismissalOf(row) } : (plain as T);
  });
}

function keyOf(rule: string, sentenceSha256: string) {
  return `${rule}\u0000${sentenceSha256}`;
}

function dismissalOf(row: LiveDismissal): Dismissal {
  return { reason: row.reason, by_name: row.byName, at: row.dismissedAt.toISOString() };
}

/**
 * A version as the API shows it: its citations with their passages and supporting words
 * (cited-passages.ts), and its stored check's flags with their dismissals.
 */
export async function resolveDraftVersionDto(
  db: DbOrTx,
  orgId: string,
  row: DraftVersionRow,
): Promise<DraftVersion> {
  const dto = toDraftDto(row, await citationsOfVersion(db, orgId, row));
  if (!dto.compliance) return dto;
  const flags = await withDismissals(db, orgId, row.messageId, row.aiDraft, dto.compliance.flags);
  return { ...dto, compliance: { ...dto.compliance, flags } };
}

type DismissContext = Pick<ServiceContext, 'db' | 'clock'>;
type Clearer = Pick<Actor, 'userId' | 'orgId' | 'role'>;
type VersionInput = { messageId: string; version: number };

/**
 * Locks the message and finds the flag of the version's stored check at [start, end), the sentence
 * around it and its live dismissal; refuses a role that may not clear a flag of its severity.
 */
async function locateFlag(tx: Tx, actor: Clearer, input: VersionInput & { start: number; end: number }) {
  const message = await lockReplyMessage(tx, actor.orgId, input.messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const row = await findDraftVersion(tx, {
    orgId: actor.orgId,
    messageId: input.messageId,
    version: input.version,
  });
  if (!row) {
    throw new AppError('NOT_FOUND', {
      message: 'There is no such version of this draft.',
      fields: { version: 'There is no such version of this draft' },
    });
  }
  const compliance = draftComplianceOf(row);
  if (!compliance) {
    throw new AppError('NO_SUCH_FLAG', {
      message: 'This version has not been checked yet.',
      fields: { version: 'This version has not been checked yet' },
    });
  }
  const flag = compliance.flags.find((f) => f.start === input.start && f.end === input.end);
  if (!flag) {
    throw new AppError('NO_SUCH_FLAG', {
      fields: { start: 'No compliance flag of this version’s last check covers this span' },
    });
  }
  if (!canClearFlag(actor.role, flag.severity)) throw new AppError('FLAG_CLEARANCE_NEEDS_DIRECTOR');
  const sentence = sentenceAround(row.aiDraft, flag.start, flag.end);
  const [live] = await findLiveDismissals(tx, {
    orgId: actor.orgId,
    messageId: input.messageId,
    sentenceSha256s: [sentence.sha256],
  }).then((rows) => rows.filter((r) => r.rule === flag.rule));
  return { row, flag, sentence, live };
}

function auditDetails(
  input: VersionInput,
  flag: ComplianceFlag,
  sentence: FlaggedSentence,
  reason: string,
): Record<string, unknown> {
  return {
    message_id: input.messageId,
    version: input.version,
    rule: flag.rule,
    term: flag.term,
    severity: flag.severity,
    reason,
    sentence_sha256: sentence.sha256,
  };
}

/**
 * A clearing changes which flags count, so the pending submission's place in the approval queue
 * (flagged first) is worked out again from its version's flags with their dismissals.
 */
async function refreshPendingRank(tx: Tx, orgId: string, messageId: string) {
  const pending = await findPendingRequest(tx, messageId);
  if (!pending) return;
  const version = await findDraftVersion(tx, { orgId, messageId, version: pending.versionNumber });
  if (!version) return;
  const compliance = draftComplianceOf(version);
  const flags = await withDismissals(tx, orgId, messageId, version.aiDraft, compliance?.flags ?? []);
  await setPendingFlagRank(tx, pending.responseId, flagRankOf(flags));
}

/**
 * Marks a flag 'not a problem here' with the caller's reason: the row, its audit entry and the
 * realtime notice in one transaction under the message lock. Returns the version with its flags.
 */
export async function dismissFlag(
  ctx: DismissContext,
  actor: Clearer,
  input: VersionInput & DismissFlagInput,
): Promise<DraftVersion> {
  return ctx.db.transaction(async (tx) => {
    const { row, flag, sentence, live } = await locateFlag(tx, actor, input);
    if (live) throw new AppError('FLAG_ALREADY_CLEARED');
    const now = ctx.clock.now();
    const id = await insertDismissal(tx, {
      orgId: actor.orgId,
      messageId: input.messageId,
      responseId: row.id,
      versionNumber: row.versionNumber,
      rule: flag.rule,
      term: flag.term,
      severity: flag.severity,
      sentence: sentence.text,
      sentenceSha256: sentence.sha256,
      spanStart: sentence.spanStart,
      spanEnd: sentence.spanEnd,
      rationale: flagRationale(flag),
      reason: input.reason,
      dismissedBy: actor.userId,
      dismissedAt: now,
    });
    await refreshPendingRank(tx, actor.orgId, input.messageId);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'compliance_flag_dismissed',
      entityType: 'flag_dismissal',
      entityId: id,
      details: auditDetails(input, flag, sentence, input.reason),
    });
    await notifyOrg(tx, {
      type: 'draft.saved',
      orgId: actor.orgId,
      messageId: input.messageId,
      version: row.versionNumber,
    });
    return resolveDraftVersionDto(tx, actor.orgId, row);
  });
}

/** Undo: the flag counts again on every version that has its sentence; audited like the dismissal. */
export async function restoreFlag(
  ctx: DismissContext,
  actor: Clearer,
  input: VersionInput & RestoreFlagInput,
): Promise<DraftVersion> {
  return ctx.db.transaction(async (tx) => {
    const { row, flag, sentence, live } = await locateFlag(tx, actor, input);
    if (!live) throw new AppError('FLAG_NOT_CLEARED');
    await markRestored(tx, live.id, { restoredBy: actor.userId, restoredAt: ctx.clock.now() });
    await refreshPendingRank(tx, actor.orgId, input.messageId);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'compliance_flag_restored',
      entityType: 'flag_dismissal',
      entityId: live.id,
      details: auditDetails(input, flag, sentence, live.reason),
    });
    await notifyOrg(tx, {
      type: 'draft.saved',
      orgId: actor.orgId,
      messageId: input.messageId,
      version: row.versionNumber,
    });
    return resolveDraftVersionDto(tx, actor.orgId, row);
  });
}

/** The Compliance center's Cleared flags: live dismissals, newest first, a keyset page at a time. */
export async function listFlagDismissals(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: z.output<typeof listFlagDismissalsQuerySchema>,
): Promise<ListFlagDismissalsResponse> {
  const rows = await listLiveDismissals(ctx.db, {
    orgId: actor.orgId,
    q: query.q || undefined,
    limit: query.limit,
    before: query.cursor ? parseTimeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      message_id: r.messageId,
      version: r.versionNumber,
      rule: r.rule,
      term: r.term,
      severity: r.severity,
      sentence: r.sentence,
      span_start: r.spanStart,
      span_end: r.spanEnd,
      rationale: r.rationale,
      reason: r.reason,
      dismissed_by_name: r.byName,
      dismissed_at: r.dismissedAt.toISOString(),
      investor_name: r.investorName,
      subject: r.subject,
    })),
    next_cursor:
      rows.length > query.limit && last ? encodeTimeCursor({ at: last.dismissedAt, id: last.id }) : null,
  };
}

/**
 * The export is a download of the organisation's cleared sentences: recorded before its first line
 * goes out (flag_dismissals_exported), in the exporter's chain.
 */
export async function recordFlagDismissalsExport(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  fileName: string,
) {
  await recordAccess(ctx, {
    orgId: actor.orgId,
    actorId: actor.userId,
    actionType: 'flag_dismissals_exported',
    entityType: 'flag_dismissal',
    entityId: null,
    details: { format: 'jsonl', file_name: fileName },
  });
}

/** Rows read per statement by the export. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * The live dismissals as labelled examples (one JSON object per line), read in keyset batches so the
 * export never holds the whole table.
 */
export async function* exportFlagDismissals(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  let after: TimeCursor | undefined;
  for (;;) {
    const rows = await exportBatch(ctx.db, { orgId: actor.orgId, limit: batchSize, after });
    for (const r of rows) {
      const example: FlagDismissalExample = {
        text: r.sentence,
        label: 'clean',
        rule: r.rule,
        severity: r.severity,
        reason: r.reason,
        origin: 'dismissal',
        dismissed_at: r.dismissedAt.toISOString(),
      };
      yield `${JSON.stringify(example)}\n`;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.dismissedAt, id: last.id };
  }
}

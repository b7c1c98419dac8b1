import {
  type ApplyFixInput,
  complianceTagOf,
  type DraftCheckResponse,
  type DraftVersion,
  saveDraftInputSchema,
} from '@parley/contracts';
import { applySuggestion } from '@parley/guardrails/rules';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { askSecondOpinion, type OrgCheckResult } from '../compliance/compliance.service';
import { OPINION_OFF, type Opinion } from '../compliance/second-opinion';
import { findPassagesByIds } from '../projects/passage-lookup';
import { resolveDraftVersionDto, withDismissals } from './flag-dismissals';
import {
  type DraftVersionRow,
  findDraftVersion,
  findReplyMessage,
  findUserName,
  latestVersionNumber,
  lockReplyMessage,
  type ReplyMessageRow,
} from './replies.queries';
import { storeVersionCheck } from './reply-state';
import { draftComplianceOf, provenanceOfEdit, writeVersion } from './reply-versions';
import { checkVersionText } from './version-check';

type CheckContext = Pick<ServiceContext, 'db' | 'clock' | 'secondOpinion' | 'logger'>;
type Caller = Pick<Actor, 'userId' | 'orgId'>;

/**
 * Checks a version's text with the organisation's policy and the claim check of its cited passages
 * (docs/decisions/026-claim-check.md), and stores the result on it, in the caller's transaction
 * (which holds the message row lock), with its audit entry; emits draft.saved so open workspaces
 * reload the version. The second opinion was asked before the lock
 * (docs/decisions/022-second-opinion.md); its flags count only if it is about this very text.
 */
async function checkVersion(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock'>,
  actor: Caller,
  input: {
    message: Pick<ReplyMessageRow, 'id' | 'status' | 'projectId' | 'subject' | 'bodyText'>;
    version: { id: string; number: number; text: string; citations: DraftVersionRow['citations'] };
    opinion: Opinion | undefined;
    audit?: Record<string, unknown>;
  },
): Promise<{ result: OrgCheckResult; now: Date }> {
  const messageId = input.message.id;
  const { text, citations } = input.version;
  const result = await checkVersionText(
    tx,
    actor.orgId,
    { message: input.message, text, citations },
    { opinion: input.opinion },
  );
  const now = ctx.clock.now();
  await storeVersionCheck(tx, {
    orgId: actor.orgId,
    messageId,
    status: input.message.status,
    draftId: input.version.id,
    result,
    now,
  });
  await appendAudit(tx, ctx.clock, {
    orgId: actor.orgId,
    actorId: actor.userId,
    actionType: 'compliance_checked',
    entityType: 'ai_response',
    entityId: input.version.id,
    details: {
      message_id: messageId,
      project_id: input.message.projectId,
      version: input.version.number,
      flags: result.flags.length,
      highest_severity: result.level,
      requires_approval: result.requires_approval,
      compliance_tag: complianceTagOf(result.flags),
      ...(result.second_opinion ? { second_opinion: result.second_opinion } : {}),
      ...input.audit,
    },
  });
  await notifyOrg(tx, { type: 'draft.saved', orgId: actor.orgId, messageId, version: input.version.number });
  return { result, now };
}

/** The locked message; checks run only on a message with a fund (docs/product.md §7, else 409). */
async function lockFundedMessage(tx: Tx, orgId: string, messageId: string): Promise<ReplyMessageRow> {
  const message = await lockReplyMessage(tx, orgId, messageId);
  if (!message) throw new AppError('NOT_FOUND');
  if (!message.projectId) throw new AppError('MESSAGE_HAS_NO_FUND');
  return message;
}

/**
 * Decision 022: the model's opinion on a stored version, asked before any lock is taken; undefined
 * when there is nothing to check (the locked transaction then answers why).
 */
async function opinionOnVersion(
  ctx: CheckContext,
  actor: Caller,
  input: { messageId: string; version: number },
  textOf: (row: DraftVersionRow) => string = (row) => row.aiDraft,
): Promise<Opinion | undefined> {
  if (!ctx.secondOpinion) return OPINION_OFF;
  const message = await findReplyMessage(ctx.db, actor.orgId, input.messageId);
  if (!message?.projectId) return undefined;
  const row = await findDraftVersion(ctx.db, {
    orgId: actor.orgId,
    messageId: input.messageId,
    version: input.version,
  });
  if (!row) return undefined;
  let text: string;
  try {
    text = textOf(row);
  } catch {
    return undefined;
  }
  return askSecondOpinion(ctx, actor.orgId, text);
}

/** docs/product.md §7 ai-guardrail-check on a stored version: only when the message has a fund (else 409). */
export async function checkDraftVersion(
  ctx: CheckContext,
  actor: Caller,
  input: { messageId: string; version: number },
): Promise<DraftCheckResponse> {
  return storeDraftCheck(ctx, actor, { ...input, opinion: await opinionOnVersion(ctx, actor, input) });
}

/** The locked half of checkDraftVersion: checks the version again and stores it with the opinion. */
export async function storeDraftCheck(
  ctx: CheckContext,
  actor: Caller,
  input: { messageId: string; version: number; opinion: Opinion | undefined },
): Promise<DraftCheckResponse> {
  const { opinion, ...version } = input;
  return ctx.db.transaction(async (tx) => {
    const { messageId } = input;
    const message = await lockFundedMessage(tx, actor.orgId, messageId);
    const row = await findDraftVersion(tx, { orgId: actor.orgId, ...version });
    if (!row) throw new AppError('NOT_FOUND');
    const { result, now } = await checkVersion(tx, ctx, actor, {
      message,
      version: { id: row.id, number: row.versionNumber, text: row.aiDraft, citations: row.citations },
      opinion,
    });
    return {
      flags: await withDismissals(tx, actor.orgId, messageId, row.aiDraft, result.flags),
      requires_approval: result.requires_approval,
      checked_at: now.toISOString(),
      ...(result.second_opinion ? { second_opinion: result.second_opinion } : {}),
    };
  });
}

/**
 * After generation (docs/product.md §7): checks the new version when the message has a fund, in a transaction
 * of its own. A failing check is logged by the caller and never loses the version.
 */
export async function checkGeneratedVersion(
  ctx: CheckContext,
  actor: Caller,
  input: { messageId: string; version: number },
): Promise<boolean> {
  const opinion = await opinionOnVersion(ctx, actor, input);
  return ctx.db.transaction(async (tx) => {
    const message = await lockReplyMessage(tx, actor.orgId, input.messageId);
    if (!message?.projectId) return false;
    const row = await findDraftVersion(tx, { orgId: actor.orgId, ...input });
    if (!row) throw new AppError('NOT_FOUND');
    await checkVersion(tx, ctx, actor, {
      message,
      version: { id: row.id, number: row.versionNumber, text: row.aiDraft, citations: row.citations },
      opinion,
      audit: { automatic: true },
    });
    return true;
  });
}

/** Apply Fix's new text: the stored flag at [start, end) replaced by its suggestion; 400 when it cannot be. */
function fixedTextOf(row: DraftVersionRow, input: ApplyFixInput) {
  const flag = draftComplianceOf(row)?.flags.find((f) => f.start === input.start && f.end === input.end);
  if (!flag) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { start: 'No compliance flag of this version’s last check covers this span' },
    });
  }
  if (!flag.suggestion.trim()) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { start: 'This flag has no suggested replacement' },
    });
  }
  // The fixed text obeys the rules of any saved draft (trimmed, not empty, under the limit).
  const fixed = saveDraftInputSchema.shape.text.safeParse(applySuggestion(row.aiDraft, flag));
  if (!fixed.success) {
    throw new AppError('VALIDATION_FAILED', { fields: { text: fixed.error.issues[0]?.message ?? '' } });
  }
  return { text: fixed.data, flag };
}

/**
 * The fixed version's sources: a fix that quotes a passage (an unsupported figure's,
 * docs/decisions/026-claim-check.md) cites it, appended when the version does not cite it yet — the
 * marker in the suggestion was numbered for that place.
 */
async function citationsAfterFix(
  tx: Tx,
  orgId: string,
  citations: DraftVersionRow['citations'],
  flag: { citation?: { id: string; doc_path: string } | undefined },
): Promise<DraftVersionRow['citations']> {
  const cited = flag.citation;
  if (!cited || citations.some((c) => c.id === cited.id)) return citations;
  // Kept with the passage's text as the fix quoted it, like every citation (docs/api.md, citations).
  const [passage] = await findPassagesByIds(tx, { orgId, ids: [cited.id] });
  // Quoted word for word by the fix: as relevant as a passage gets.
  return [
    ...citations,
    {
      id: cited.id,
      doc_path: cited.doc_path,
      relevance: 1,
      ...(passage ? { text: passage.text, document_id: passage.documentId } : {}),
    },
  ];
}

/**
 * Apply Fix: the latest version's stored flag at [start, end) is replaced by its suggestion and
 * written as a new version (voiding a pending approval), which is then checked — all in one
 * transaction that reads the message once, with its row lock. The second opinion on the fixed text
 * is asked before it.
 */
export async function applyFix(
  ctx: CheckContext,
  actor: Caller,
  input: { messageId: string; version: number } & ApplyFixInput,
): Promise<DraftVersion> {
  const { messageId, version } = input;
  const opinion = await opinionOnVersion(ctx, actor, input, (row) => fixedTextOf(row, input).text);
  return ctx.db.transaction(async (tx) => {
    const message = await lockFundedMessage(tx, actor.orgId, messageId);
    const row = await findDraftVersion(tx, { orgId: actor.orgId, messageId, version });
    if (!row) throw new AppError('NOT_FOUND');
    const latest = await latestVersionNumber(tx, messageId);
    if (version !== latest || input.based_on_version !== latest) throw new AppError('DRAFT_STALE');
    const { text, flag } = fixedTextOf(row, input);
    const citations = await citationsAfterFix(tx, actor.orgId, row.citations, flag);
    const next = latest + 1;
    const written = await writeVersion(tx, ctx, actor, {
      message,
      versionNumber: next,
      source: 'edited',
      text,
      citations,
      provenance: provenanceOfEdit(row, {
        editorId: actor.userId,
        editorName: await findUserName(tx, actor.userId),
        basedOn: latest,
        restoredFrom: null,
      }),
      audit: { actionType: 'draft_saved', details: { based_on: latest, restored_from: null } },
    });
    await checkVersion(tx, ctx, actor, {
      message: { ...message, status: written.status },
      version: { id: written.draftId, number: next, text, citations },
      opinion,
      audit: {
        fix_applied: {
          from_version: version,
          rule: flag.rule,
          term: flag.term,
          ...(flag.citation ? { cited: flag.citation.id } : {}),
        },
      },
    });
    const saved = await findDraftVersion(tx, { orgId: actor.orgId, messageId, version: next });
    if (!saved) throw new AppError('NOT_FOUND');
    return resolveDraftVersionDto(tx, actor.orgId, saved);
  });
}

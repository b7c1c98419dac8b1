import {
  type Citation,
  type ComplianceFlag,
  DRAFT_TEMPLATES_MAX,
  type DraftCompliance,
  type DraftProvenance,
  type DraftVersion,
  type MessageStatus,
  type SecondOpinionStatus,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { notifyOrg } from '../../lib/realtime';
import { type DraftVersionRow, insertDraftVersion } from './replies.queries';
import { voidApprovalOnEdit } from './reply-state';

export type NewVersion = {
  /** The locked message (lockReplyMessage) with the status read with the lock. */
  message: { id: string; status: MessageStatus; projectId: string | null };
  versionNumber: number;
  source: 'generated' | 'edited';
  text: string;
  citations: DraftVersionRow['citations'];
  provenance: DraftProvenance;
  audit: { actionType: 'draft_generated' | 'draft_saved'; details: Record<string, unknown> };
};

/**
 * docs/product.md §4: every text is a new version. In the caller's transaction, which holds the message row
 * lock: the version, its audit entry, a pending approval voided (an approval is bound to the exact
 * text, so a generated version voids one too), and draft.saved for open workspaces. Returns the
 * version's id and the message's status after.
 */
export async function writeVersion(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: NewVersion,
): Promise<{ draftId: string; status: MessageStatus }> {
  const messageId = input.message.id;
  const draftId = await insertDraftVersion(tx, {
    orgId: actor.orgId,
    messageId,
    projectId: input.message.projectId,
    versionNumber: input.versionNumber,
    source: input.source,
    aiDraft: input.text,
    citations: input.citations,
    provenance: input.provenance,
    createdBy: actor.userId,
    createdAt: ctx.clock.now(),
  });
  await appendAudit(tx, ctx.clock, {
    orgId: actor.orgId,
    actorId: actor.userId,
    actionType: input.audit.actionType,
    entityType: 'ai_response',
    entityId: draftId,
    // The fund travels in the hashed details: the Audit Logs screen shows and filters by it
    // (docs/decisions/033-audit-entry-fund.md).
    details: {
      message_id: messageId,
      project_id: input.message.projectId,
      version: input.versionNumber,
      ...input.audit.details,
    },
  });
  const status = await voidApprovalOnEdit(tx, {
    orgId: actor.orgId,
    messageId,
    status: input.message.status,
    actorId: actor.userId,
    now: ctx.clock.now(),
  });
  await notifyOrg(tx, { type: 'draft.saved', orgId: actor.orgId, messageId, version: input.versionNumber });
  return { draftId, status };
}

/**
 * An edit's provenance: the drafter of its base, who edited it and from which version. A restored
 * version names the version it restores.
 */
export function provenanceOfEdit(
  base: Pick<DraftVersionRow, 'provenance'> | null,
  edit: {
    editorId: string;
    editorName: string | null;
    basedOn: number;
    restoredFrom: number | null;
    templates?: readonly string[] | undefined;
  },
): DraftProvenance {
  const baseProvenance = (base?.provenance ?? {}) as Partial<DraftProvenance>;
  // Template use and a library answer follow the text through its edits (docs/decisions/043-analytics.md).
  const templates = [...new Set([...(baseProvenance.templates ?? []), ...(edit.templates ?? [])])].slice(
    0,
    DRAFT_TEMPLATES_MAX,
  );
  return {
    drafter: baseProvenance.drafter ?? 'none',
    model: baseProvenance.model ?? null,
    prompt_hash: baseProvenance.prompt_hash ?? null,
    passages: baseProvenance.passages ?? [],
    edited_by: edit.editorId,
    edited_by_name: edit.editorName,
    based_on: edit.basedOn > 0 ? edit.basedOn : null,
    ...(edit.restoredFrom === null ? {} : { restored_from: edit.restoredFrom }),
    ...(templates.length > 0 ? { templates } : {}),
    ...(baseProvenance.library ? { library: baseProvenance.library } : {}),
    // An edit of a fallback draft still says the built-in drafter wrote its base, and why (decision 025).
    ...(baseProvenance.fallback_from
      ? { fallback_from: baseProvenance.fallback_from, fallback_error: baseProvenance.fallback_error }
      : {}),
  };
}

/** The check stored on a version, as the draft DTO carries it (null until it is checked). */
export function draftComplianceOf(row: {
  complianceFlags: Record<string, unknown>[] | null;
  requiresApproval: boolean | null;
  complianceCheckedAt: Date | null;
  complianceSecondOpinion: SecondOpinionStatus | null;
}): DraftCompliance | null {
  if (!row.complianceCheckedAt) return null;
  return {
    flags: (row.complianceFlags ?? []) as ComplianceFlag[],
    requires_approval: row.requiresApproval ?? false,
    checked_at: row.complianceCheckedAt.toISOString(),
    ...(row.complianceSecondOpinion ? { second_opinion: row.complianceSecondOpinion } : {}),
  };
}

/** A version as the API shows it, with its citations resolved (cited-passages.ts, citationsOfVersion). */
export function toDraftDto(row: DraftVersionRow, citations: Citation[]): DraftVersion {
  return {
    draftId: row.id,
    messageId: row.messageId,
    version: row.versionNumber,
    source: row.source,
    draftText: row.aiDraft,
    citations,
    provenance: row.provenance as DraftProvenance,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    compliance: draftComplianceOf(row),
  };
}

import {
  DRAFT_READING_LEVEL,
  DRAFT_TONE,
  type DraftVersion,
  type ListDraftVersionsResponse,
  type SaveDraftInput,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findLibraryAnswerForMessage } from '../answer-library/library-match';
import { disclaimerText, loadCompliancePolicy } from '../compliance/compliance.service';
import { assertTemplateIds } from '../compliance/compliance-templates.service';
import { draftWithFallback } from '../drafts/draft-with-fallback';
import type { DraftRequest, DraftResult } from '../drafts/drafter';
import { draftFromLibraryAnswer } from '../drafts/library-draft';
import { isSystemConfigOn, readSystemConfig } from '../organizations/organizations.service';
import { checkGeneratedVersion } from './checking';
import { citationsToStore } from './cited-passages';
import { retrievePassages } from './draft-passages';
import { resolveDraftVersionDto } from './flag-dismissals';
import {
  findDraftVersion,
  findReplyMessage,
  findSignature,
  findUserName,
  latestVersionNumber,
  listDraftVersions,
  lockReplyMessage,
} from './replies.queries';
import { provenanceOfEdit, writeVersion } from './reply-versions';

type MessageInput = { messageId: string };

async function readVersion(
  db: DbOrTx,
  orgId: string,
  messageId: string,
  version?: number,
): Promise<DraftVersion> {
  const row = await findDraftVersion(db, { orgId, messageId, ...(version === undefined ? {} : { version }) });
  if (!row) throw new AppError(version === undefined ? 'NO_DRAFT' : 'NOT_FOUND');
  return resolveDraftVersionDto(db, orgId, row);
}

/**
 * The hook of the answer library (docs/decisions/028-answer-library.md): when a live approved answer
 * asks the message's question, the draft is written from it; else null and the drafter writes it.
 */
async function draftFromLibrary(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  orgId: string,
  message: { projectId: string | null; subject: string; bodyText: string },
  request: DraftRequest,
): Promise<DraftResult | null> {
  const answer = await findLibraryAnswerForMessage(ctx.db, { orgId, message, now: ctx.clock.now() });
  return answer ? draftFromLibraryAnswer(request, answer) : null;
}

/**
 * docs/product.md §7 ai-generate: retrieves the message's fund passages, writes the draft from a live
 * library answer when one asks the message's question, else asks the drafter (outside the transaction:
 * it may be a network call) — or, when it fails and the organisation allows it, the built-in drafter
 * (docs/decisions/025-honest-remote-drafter.md) — then writes the next version in one transaction that
 * holds the message row lock.
 */
export async function generateDraft(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'drafter' | 'logger' | 'secondOpinion'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: MessageInput,
): Promise<DraftVersion> {
  const { messageId } = input;
  const message = await findReplyMessage(ctx.db, actor.orgId, messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const [{ passages, fundTerms }, signature, compliance] = await Promise.all([
    retrievePassages(ctx.db, actor.orgId, message),
    findSignature(ctx.db, actor.userId),
    loadCompliancePolicy(ctx.db, actor.orgId),
  ]);
  const request = {
    message: { investorName: message.investorName, subject: message.subject, body: message.bodyText },
    passages,
    ...(fundTerms ? { fundTerms } : {}),
    signature,
    disclaimer: disclaimerText(compliance.settings),
    tone: DRAFT_TONE,
    readingLevel: DRAFT_READING_LEVEL,
  };
  const result =
    (await draftFromLibrary(ctx, actor.orgId, message, request)) ??
    (await draftWithFallback(ctx, request, {
      isFallbackEnabled: async () =>
        isSystemConfigOn(await readSystemConfig(ctx.db, actor.orgId), 'drafter_fallback_enabled'),
      logFields: { messageId },
    }));
  const { fallback_from, fallback_error, library } = result.provenance;
  const citations = await citationsToStore(ctx.db, actor.orgId, result.citations);

  const version = await ctx.db.transaction(async (tx) => {
    const locked = await lockReplyMessage(tx, actor.orgId, messageId);
    if (!locked) throw new AppError('NOT_FOUND');
    const next = (await latestVersionNumber(tx, messageId)) + 1;
    await writeVersion(tx, ctx, actor, {
      message: locked,
      versionNumber: next,
      source: 'generated',
      text: result.text,
      citations,
      provenance: result.provenance,
      audit: {
        actionType: 'draft_generated',
        details: {
          drafter: result.provenance.drafter,
          model: result.provenance.model,
          prompt_hash: result.provenance.prompt_hash,
          citations: result.citations.map((c) => c.id),
          ...(fallback_from ? { fallback_from, fallback_error } : {}),
          ...(library ? { library_answer_id: library.id } : {}),
        },
      },
    });
    return next;
  });
  // docs/product.md §7: the compliance check runs automatically after generation (when the message has a
  // fund). It commits on its own, so a failing check never loses the generated version.
  try {
    await checkGeneratedVersion(ctx, actor, { messageId, version });
  } catch (error) {
    ctx.logger.warn('automatic compliance check failed', {
      messageId,
      version,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return readVersion(ctx.db, actor.orgId, messageId, version);
}

/**
 * docs/product.md §4: every saved edit is a new version. Optimistic concurrency: the edit names the version
 * it
 * was based on (0 when there was none), and is refused with 409 if that is no longer the latest.
 * It keeps the citations of its base; its provenance says who edited and from which version.
 */
export async function saveDraft(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: MessageInput & SaveDraftInput,
): Promise<DraftVersion> {
  const { messageId } = input;
  const editorName = await findUserName(ctx.db, actor.userId);
  return ctx.db.transaction(async (tx) => {
    const message = await lockReplyMessage(tx, actor.orgId, messageId);
    if (!message) throw new AppError('NOT_FOUND');
    const latest = await latestVersionNumber(tx, messageId);
    if (input.based_on_version !== latest) throw new AppError('DRAFT_STALE');
    const restoredFrom = input.citations_from_version ?? null;
    if (restoredFrom !== null && restoredFrom > latest) {
      throw new AppError('VALIDATION_FAILED', {
        fields: { citations_from_version: 'There is no such version of this draft' },
      });
    }
    // The sources follow the text: a restored version keeps its own, an edit those of its base.
    const sourceVersion = restoredFrom ?? latest;
    const base =
      sourceVersion > 0
        ? await findDraftVersion(tx, { orgId: actor.orgId, messageId, version: sourceVersion })
        : null;
    const templates = input.templates ?? [];
    await assertTemplateIds(tx, actor.orgId, templates);
    const next = latest + 1;
    await writeVersion(tx, ctx, actor, {
      message,
      versionNumber: next,
      source: 'edited',
      text: input.text,
      citations: base?.citations ?? [],
      provenance: provenanceOfEdit(base, {
        editorId: actor.userId,
        editorName,
        basedOn: latest,
        restoredFrom,
        templates,
      }),
      audit: {
        actionType: 'draft_saved',
        details: {
          based_on: latest > 0 ? latest : null,
          restored_from: restoredFrom,
          ...(templates.length > 0 ? { templates } : {}),
        },
      },
    });
    // Read inside the transaction: the answer stands or falls with the write.
    return readVersion(tx, actor.orgId, messageId, next);
  });
}

async function assertMessage(db: DbOrTx, orgId: string, messageId: string) {
  if (!(await findReplyMessage(db, orgId, messageId))) throw new AppError('NOT_FOUND');
}

/** docs/product.md §4: the latest version (highest version_number) is loaded. */
export async function getLatestDraft(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: MessageInput,
): Promise<DraftVersion> {
  await assertMessage(ctx.db, actor.orgId, input.messageId);
  return readVersion(ctx.db, actor.orgId, input.messageId);
}

export async function getDraftVersion(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: MessageInput & { version: number },
): Promise<DraftVersion> {
  await assertMessage(ctx.db, actor.orgId, input.messageId);
  return readVersion(ctx.db, actor.orgId, input.messageId, input.version);
}

export async function getDraftVersions(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: MessageInput,
): Promise<ListDraftVersionsResponse> {
  await assertMessage(ctx.db, actor.orgId, input.messageId);
  const rows = await listDraftVersions(ctx.db, { orgId: actor.orgId, messageId: input.messageId });
  return {
    items: rows.map((r) => ({
      version: r.versionNumber,
      source: r.source,
      created_by_name: r.createdByName,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

import {
  DRAFT_READING_LEVEL,
  DRAFT_TONE,
  type DraftProvenance,
  type DraftVersion,
  type ListDraftVersionsResponse,
  type SaveDraftInput,
  saveDraftInputSchema,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { notifyOrg } from '../../lib/realtime';
import { voidApprovalOnEdit } from '../approvals/approvals.service';
import {
  checkGeneratedVersion,
  disclaimerText,
  draftComplianceOf,
  loadCompliancePolicy,
} from '../compliance/compliance.service';
import { searchPassages } from '../projects/projects.queries';
import type { Drafter, DraftPassage } from './drafter';
import {
  type DraftVersionRow,
  findDraftMessage,
  findDraftVersion,
  findSignature,
  findUserName,
  insertDraftVersion,
  latestVersionNumber,
  listDraftVersions,
  lockDraftMessage,
} from './drafts.queries';
import { STOP_WORDS } from './stop-words';

export type DraftDeps = {
  db: Db;
  clock: Clock;
  drafter: Drafter;
  /** Where a failed automatic compliance check after generation is reported (issue 6). */
  logger?: Pick<Logger, 'warn'>;
};
export type DraftActor = { userId: string; orgId: string };

/** How many passages a draft is given. */
export const DRAFT_PASSAGE_LIMIT = 5;

/** The retrieval query: the subject and body's content words, OR-ed for websearch_to_tsquery. */
export function retrievalQuery(subject: string, body: string): string {
  const words = `${subject} ${body}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const kept: string[] = [];
  for (const word of words) {
    if (word.length < 2 || STOP_WORDS.has(word) || kept.includes(word)) continue;
    kept.push(word);
    if (kept.length >= 40) break;
  }
  return kept.join(' or ');
}

/** doc_path names the document and page: `<file name>#page=<n>`, or the file name alone. */
export function docPathOf(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}#page=${page}`;
}

/**
 * How many of the query's words a passage contains (by their first five letters, a crude stem).
 * A passage sharing a single word with a longer question (say 'portfolio') is not an answer, so
 * it is dropped rather than quoted: the drafter then says the documents do not answer.
 */
function sharedTerms(query: string, text: string): number {
  const words = new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => w.slice(0, 5)));
  return query.split(' or ').filter((term) => words.has(term.slice(0, 5))).length;
}

async function retrieve(
  db: Db,
  orgId: string,
  message: { projectId: string | null; subject: string; bodyText: string },
) {
  if (!message.projectId) return [];
  const query = retrievalQuery(message.subject, message.bodyText);
  if (!query) return [];
  const hits = await searchPassages(db, {
    orgId,
    projectId: message.projectId,
    query,
    limit: DRAFT_PASSAGE_LIMIT,
  });
  const needed = Math.min(2, query.split(' or ').length);
  const relevant = hits.filter((hit) => sharedTerms(query, hit.text) >= needed);
  const top = Math.max(0, ...relevant.map((h) => h.rank));
  return relevant.map(
    (hit): DraftPassage => ({
      id: hit.passageId,
      docPath: docPathOf(hit.fileName, hit.page),
      text: hit.text,
      relevance: top > 0 ? Math.round((hit.rank / top) * 100) / 100 : 0,
    }),
  );
}

export function toDraftDto(row: DraftVersionRow): DraftVersion {
  return {
    draftId: row.id,
    messageId: row.messageId,
    version: row.versionNumber,
    source: row.source,
    draftText: row.aiDraft,
    citations: row.citations,
    provenance: row.provenance as DraftProvenance,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    compliance: draftComplianceOf(row),
  };
}

async function readVersion(
  db: Db,
  orgId: string,
  messageId: string,
  version?: number,
): Promise<DraftVersion> {
  const row = await findDraftVersion(db, { orgId, messageId, ...(version === undefined ? {} : { version }) });
  if (!row) throw new AppError(version === undefined ? 'NO_DRAFT' : 'NOT_FOUND');
  return toDraftDto(row);
}

/**
 * SPEC §7 ai-generate: retrieves the message's fund passages, asks the drafter (outside the
 * transaction: it may be a network call), then stores the next version with its audit entry and
 * realtime event in one transaction that holds the message row lock.
 */
export async function generateDraft(
  deps: DraftDeps,
  actor: DraftActor,
  messageId: string,
): Promise<DraftVersion> {
  const message = await findDraftMessage(deps.db, actor.orgId, messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const [passages, signature, compliance] = await Promise.all([
    retrieve(deps.db, actor.orgId, message),
    findSignature(deps.db, actor.userId),
    loadCompliancePolicy(deps.db, actor.orgId),
  ]);
  const result = await deps.drafter.draft({
    message: { investorName: message.investorName, subject: message.subject, body: message.bodyText },
    passages,
    signature,
    disclaimer: disclaimerText(compliance.settings),
    tone: DRAFT_TONE,
    readingLevel: DRAFT_READING_LEVEL,
  });

  const version = await deps.db.transaction(async (tx) => {
    if (!(await lockDraftMessage(tx, actor.orgId, messageId))) throw new AppError('NOT_FOUND');
    const next = (await latestVersionNumber(tx, messageId)) + 1;
    const draftId = await insertDraftVersion(tx, {
      orgId: actor.orgId,
      messageId,
      versionNumber: next,
      source: 'generated',
      aiDraft: result.text,
      citations: result.citations,
      provenance: result.provenance,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    await appendAudit(tx, deps.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'draft_generated',
      entityType: 'ai_response',
      entityId: draftId,
      details: {
        message_id: messageId,
        version: next,
        drafter: result.provenance.drafter,
        model: result.provenance.model,
        prompt_hash: result.provenance.prompt_hash,
        citations: result.citations.map((c) => c.id),
      },
    });
    // Issue 6: a generated version is new text too, so it voids a pending approval or reopens.
    await voidApprovalOnEdit(tx, {
      orgId: actor.orgId,
      messageId,
      actorId: actor.userId,
      now: deps.clock.now(),
    });
    await notifyOrg(tx, { type: 'draft.saved', orgId: actor.orgId, messageId, version: next });
    return next;
  });
  // SPEC §7: the compliance check runs automatically after generation (when the message has a
  // fund). It commits on its own, so a failing check never loses the generated version.
  try {
    await checkGeneratedVersion(deps, actor, messageId, version);
  } catch (error) {
    deps.logger?.warn('automatic compliance check failed', {
      messageId,
      version,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return readVersion(deps.db, actor.orgId, messageId, version);
}

/**
 * SPEC §4: every saved edit is a new version. Optimistic concurrency: the edit names the version it
 * was based on (0 when there was none), and is refused with 409 if that is no longer the latest.
 * It keeps the citations of its base; its provenance says who edited and from which version.
 */
export async function saveDraft(
  deps: Pick<DraftDeps, 'db' | 'clock'>,
  actor: DraftActor,
  messageId: string,
  input: SaveDraftInput,
): Promise<DraftVersion> {
  const data = saveDraftInputSchema.parse(input);
  const editorName = await findUserName(deps.db, actor.userId);
  const version = await deps.db.transaction(async (tx) => {
    if (!(await lockDraftMessage(tx, actor.orgId, messageId))) throw new AppError('NOT_FOUND');
    const latest = await latestVersionNumber(tx, messageId);
    if (data.based_on_version !== latest) throw new AppError('DRAFT_STALE');
    const restoredFrom = data.citations_from_version ?? null;
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
    const baseProvenance = (base?.provenance ?? {}) as Partial<DraftProvenance>;
    const provenance: DraftProvenance = {
      drafter: baseProvenance.drafter ?? 'none',
      model: baseProvenance.model ?? null,
      prompt_hash: baseProvenance.prompt_hash ?? null,
      passages: baseProvenance.passages ?? [],
      edited_by: actor.userId,
      edited_by_name: editorName,
      based_on: latest > 0 ? latest : null,
      ...(restoredFrom === null ? {} : { restored_from: restoredFrom }),
    };
    const next = latest + 1;
    const draftId = await insertDraftVersion(tx, {
      orgId: actor.orgId,
      messageId,
      versionNumber: next,
      source: 'edited',
      aiDraft: data.text,
      citations: base?.citations ?? [],
      provenance,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    await appendAudit(tx, deps.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'draft_saved',
      entityType: 'ai_response',
      entityId: draftId,
      details: {
        message_id: messageId,
        version: next,
        based_on: latest > 0 ? latest : null,
        restored_from: restoredFrom,
      },
    });
    // Issue 6: an approval is bound to the exact text, so an edit voids a pending one or reopens.
    await voidApprovalOnEdit(tx, {
      orgId: actor.orgId,
      messageId,
      actorId: actor.userId,
      now: deps.clock.now(),
    });
    await notifyOrg(tx, { type: 'draft.saved', orgId: actor.orgId, messageId, version: next });
    return next;
  });
  return readVersion(deps.db, actor.orgId, messageId, version);
}

async function assertMessage(db: Db, orgId: string, messageId: string) {
  if (!(await findDraftMessage(db, orgId, messageId))) throw new AppError('NOT_FOUND');
}

/** SPEC §4: the latest version (highest version_number) is loaded. */
export async function getLatestDraft(deps: Pick<DraftDeps, 'db'>, orgId: string, messageId: string) {
  await assertMessage(deps.db, orgId, messageId);
  return readVersion(deps.db, orgId, messageId);
}

export async function getDraftVersion(
  deps: Pick<DraftDeps, 'db'>,
  orgId: string,
  messageId: string,
  version: number,
) {
  await assertMessage(deps.db, orgId, messageId);
  return readVersion(deps.db, orgId, messageId, version);
}

export async function getDraftVersions(
  deps: Pick<DraftDeps, 'db'>,
  orgId: string,
  messageId: string,
): Promise<ListDraftVersionsResponse> {
  await assertMessage(deps.db, orgId, messageId);
  const rows = await listDraftVersions(deps.db, { orgId, messageId });
  return {
    items: rows.map((r) => ({
      version: r.versionNumber,
      source: r.source,
      created_by_name: r.createdByName,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

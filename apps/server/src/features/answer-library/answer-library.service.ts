/**
 * The approved answer library (docs/product.md §2 Compliance center, docs/decisions/028-answer-library.md):
 * answers kept, edited, renewed and archived by admins and directors, each change audited in its
 * transaction. Saving an answer's wording, question, fund, sources or expiry approves it anew in the
 * saver's name: only those who may approve (compliance.manage) can save one.
 */
import {
  type createLibraryAnswerInputSchema,
  LIBRARY_LIMITS,
  type LibraryAnswer,
  type LibraryOwnersResponse,
  type LibraryPassagesResponse,
  type ListLibraryResponse,
  libraryStatusOf,
  type listLibraryQuerySchema,
  type updateLibraryAnswerInputSchema,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { encodeCursor, invalidCursor, isUuid, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { listOrgRecipients } from '../notifications/recipients';
import { docPathOf, findPassagesByIds } from '../projects/passage-lookup';
import { searchPassages } from '../projects/passage-search';
import { findProject } from '../projects/projects.service';
import {
  countLibraryAnswers,
  findLibraryAnswer,
  findSentReplyCitations,
  insertLibraryAnswer,
  type LibraryAnswerRow,
  type LibraryCitationRow,
  listLibraryAnswers,
  updateLibraryAnswer,
} from './answer-library.queries';

type LibraryContext = Pick<ServiceContext, 'db' | 'clock'>;
/** Who changes the library: the member named in its audit entries and as the approver. */
type LibraryEditor = Pick<Actor, 'userId' | 'orgId'>;

const DAY_MS = 24 * 60 * 60 * 1000;

function libraryAnswerDto(row: LibraryAnswerRow, now: Date): LibraryAnswer {
  return {
    id: row.id,
    title: row.title,
    question: row.question,
    answer: row.answer,
    project_id: row.projectId,
    project_name: row.projectName,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    approved_by_name: row.approvedByName,
    approved_at: row.approvedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status: libraryStatusOf(row.expiresAt, now),
    citations: row.citations.map(({ id, doc_path, text }) => ({ id, doc_path, text })),
    source_message_id: row.sourceMessageId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list is ordered by (title, id): a cursor is the last row's pair. */
function parseLibraryCursor(value: string): { title: string; id: string } {
  const [title = '', id = ''] = parseCursor(value, 2);
  if (!isUuid(id)) throw invalidCursor();
  return { title, id };
}

export async function getLibraryAnswers(
  ctx: LibraryContext,
  actor: Pick<Actor, 'orgId'>,
  query: z.output<typeof listLibraryQuerySchema>,
): Promise<ListLibraryResponse> {
  const now = ctx.clock.now();
  const search = query.q ? { q: query.q } : {};
  const [rows, counts] = await Promise.all([
    listLibraryAnswers(ctx.db, {
      orgId: actor.orgId,
      ...search,
      status: query.status,
      now,
      limit: query.limit,
      ...(query.cursor ? { after: parseLibraryCursor(query.cursor) } : {}),
    }),
    countLibraryAnswers(ctx.db, { orgId: actor.orgId, ...search, now }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => libraryAnswerDto(row, now)),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.title, last.id]) : null,
    counts,
  };
}

async function requireLibraryAnswer(ctx: LibraryContext, orgId: string, id: string): Promise<LibraryAnswer> {
  const row = await findLibraryAnswer(ctx.db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return libraryAnswerDto(row, ctx.clock.now());
}

export function getLibraryAnswer(
  ctx: LibraryContext,
  actor: Pick<Actor, 'orgId'>,
  input: { id: string },
): Promise<LibraryAnswer> {
  return requireLibraryAnswer(ctx, actor.orgId, input.id);
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: message } });
}

/** A fund of the organisation, or null for all funds; anything else is a 400 naming project_id. */
async function checkFund(db: DbOrTx, orgId: string, projectId: string | null): Promise<void> {
  if (projectId !== null && !(await findProject(db, orgId, projectId))) {
    throw invalid('project_id', 'Choose a fund of your organisation, or all funds');
  }
}

async function checkOwner(db: DbOrTx, orgId: string, ownerId: string): Promise<void> {
  const members = await listOrgRecipients(db, orgId);
  if (!members.some((member) => member.userId === ownerId)) {
    throw invalid('owner_id', 'Choose an active member of your organisation');
  }
}

/** docs/decisions/028-answer-library.md: an approval runs out in the future, at most two years ahead. */
function checkExpiry(expiresAt: Date, now: Date): void {
  if (expiresAt.getTime() <= now.getTime()) throw invalid('expires_at', 'Choose a date in the future');
  if (expiresAt.getTime() > now.getTime() + LIBRARY_LIMITS.maxApprovalDays * DAY_MS) {
    throw invalid('expires_at', 'Choose a date within two years');
  }
}

/**
 * The citations of passages the author picked (or the sent reply cited): passages of the organisation,
 * of the answer's fund when it has one, with their text as it reads now. A picked passage that is not
 * one is a 400 naming `field`; a sent reply's citation whose passage is gone (re-indexed since) is left
 * out.
 */
async function citationsOf(
  db: DbOrTx,
  input: { orgId: string; projectId: string | null; passageIds: readonly string[]; field: string | null },
): Promise<LibraryCitationRow[]> {
  const order = new Map(input.passageIds.map((id, i) => [id, i]));
  const found = (await findPassagesByIds(db, { orgId: input.orgId, ids: input.passageIds })).sort(
    (a, b) => (order.get(a.passageId) ?? 0) - (order.get(b.passageId) ?? 0),
  );
  const usable = found.filter((p) => input.projectId === null || p.projectId === input.projectId);
  if (input.field !== null && usable.length !== input.passageIds.length) {
    throw invalid(
      input.field,
      input.projectId === null
        ? 'Cite passages of your organisation’s fund documents'
        : 'Cite passages of the chosen fund’s documents',
    );
  }
  return usable.map((p) => ({
    id: p.passageId,
    doc_path: docPathOf(p.fileName, p.page),
    text: p.text,
    document_id: p.documentId,
  }));
}

/**
 * The citations a library answer takes from the message's reply that was approved and sent: those whose
 * passages still exist (of the answer's fund, when it has one), with their text as it reads now. A
 * message with no such reply is a 400 naming from_message_id.
 */
export async function citationsOfSentReply(
  db: DbOrTx,
  input: { orgId: string; projectId: string | null; messageId: string },
): Promise<LibraryCitationRow[]> {
  const cited = await findSentReplyCitations(db, { orgId: input.orgId, messageId: input.messageId });
  if (cited === null)
    throw invalid('from_message_id', 'This message has no reply that was approved and sent');
  return citationsOf(db, {
    orgId: input.orgId,
    projectId: input.projectId,
    passageIds: cited.map((c) => c.id),
    field: null,
  });
}

function auditLibrary(
  tx: Tx,
  ctx: LibraryContext,
  actor: LibraryEditor,
  entry: { actionType: string; entityId: string; details: Record<string, unknown> },
) {
  return appendAudit(tx, ctx.clock, {
    orgId: actor.orgId,
    actorId: actor.userId,
    entityType: 'library_answer',
    ...entry,
  });
}

export async function createLibraryAnswer(
  ctx: LibraryContext,
  actor: LibraryEditor,
  data: z.output<typeof createLibraryAnswerInputSchema>,
): Promise<LibraryAnswer> {
  const now = ctx.clock.now();
  const expiresAt = new Date(data.expires_at);
  checkExpiry(expiresAt, now);
  const id = await ctx.db.transaction(async (tx) => {
    await checkFund(tx, actor.orgId, data.project_id);
    await checkOwner(tx, actor.orgId, data.owner_id);
    const scope = { orgId: actor.orgId, projectId: data.project_id };
    // Made from a sent reply: its citations, or the passages the author kept and added to them.
    const fromReply = data.from_message_id
      ? await citationsOfSentReply(tx, { ...scope, messageId: data.from_message_id })
      : null;
    const citations =
      fromReply !== null && data.passage_ids === undefined
        ? fromReply
        : await citationsOf(tx, { ...scope, passageIds: data.passage_ids ?? [], field: 'passage_ids' });
    const answerId = await insertLibraryAnswer(tx, {
      orgId: actor.orgId,
      projectId: data.project_id,
      title: data.title,
      question: data.question,
      answer: data.answer,
      citations,
      ownerId: data.owner_id,
      approvedBy: actor.userId,
      approvedAt: now,
      expiresAt,
      sourceMessageId: data.from_message_id ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await auditLibrary(tx, ctx, actor, {
      actionType: 'library_answer_created',
      entityId: answerId,
      details: {
        title: data.title,
        project_id: data.project_id,
        owner_id: data.owner_id,
        expires_at: expiresAt.toISOString(),
        citations: citations.map((c) => c.id),
        from_message_id: data.from_message_id ?? null,
      },
    });
    return answerId;
  });
  return requireLibraryAnswer(ctx, actor.orgId, id);
}

/** Fields whose change is a new approval of the answer (the owner and title are bookkeeping). */
const APPROVED_FIELDS = ['question', 'answer', 'project_id', 'passage_ids', 'expires_at'] as const;

export async function editLibraryAnswer(
  ctx: LibraryContext,
  actor: LibraryEditor,
  input: { id: string } & z.output<typeof updateLibraryAnswerInputSchema>,
): Promise<LibraryAnswer> {
  const { id, ...data } = input;
  const now = ctx.clock.now();
  const expiresAt = data.expires_at !== undefined ? new Date(data.expires_at) : undefined;
  if (expiresAt) checkExpiry(expiresAt, now);
  await ctx.db.transaction(async (tx) => {
    const before = await findLibraryAnswer(tx, actor.orgId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const projectId = data.project_id !== undefined ? data.project_id : before.projectId;
    if (data.project_id !== undefined) await checkFund(tx, actor.orgId, data.project_id);
    if (data.owner_id !== undefined) await checkOwner(tx, actor.orgId, data.owner_id);
    const citations =
      data.passage_ids !== undefined
        ? await citationsOf(tx, {
            orgId: actor.orgId,
            projectId,
            passageIds: data.passage_ids,
            field: 'passage_ids',
          })
        : undefined;
    if (citations === undefined && data.project_id !== undefined && projectId !== null) {
      // Moved to one fund with its sources kept: they must be that fund's.
      const kept = await findPassagesByIds(tx, {
        orgId: actor.orgId,
        ids: before.citations.map((c) => c.id),
      });
      if (kept.some((p) => p.projectId !== projectId)) {
        throw invalid('passage_ids', 'Its sources belong to another fund: cite passages of the chosen fund');
      }
    }
    const changed = {
      title: data.title !== undefined && data.title !== before.title,
      question: data.question !== undefined && data.question !== before.question,
      answer: data.answer !== undefined && data.answer !== before.answer,
      project_id: data.project_id !== undefined && data.project_id !== before.projectId,
      owner_id: data.owner_id !== undefined && data.owner_id !== before.ownerId,
      expires_at: expiresAt !== undefined && expiresAt.getTime() !== before.expiresAt.getTime(),
      passage_ids:
        citations !== undefined &&
        citations.map((c) => c.id).join() !== before.citations.map((c) => c.id).join(),
    };
    const isReapproved = APPROVED_FIELDS.some((field) => changed[field]);
    const values = {
      ...(data.title !== undefined ? { title: data.title } : {}),
      ...(data.question !== undefined ? { question: data.question } : {}),
      ...(data.answer !== undefined ? { answer: data.answer } : {}),
      ...(data.project_id !== undefined ? { projectId: data.project_id } : {}),
      ...(data.owner_id !== undefined ? { ownerId: data.owner_id } : {}),
      ...(citations !== undefined ? { citations } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      // A new expiry starts the reminders again: its owner hears of this approval's end in turn.
      ...(changed.expires_at ? { remindedState: null, remindedAt: null } : {}),
      ...(isReapproved ? { approvedBy: actor.userId, approvedAt: now } : {}),
      updatedBy: actor.userId,
      updatedAt: now,
    };
    if (!(await updateLibraryAnswer(tx, { orgId: actor.orgId, id, values }))) throw new AppError('NOT_FOUND');
    await auditLibrary(tx, ctx, actor, {
      actionType: 'library_answer_updated',
      entityId: id,
      details: {
        title: data.title ?? before.title,
        changed: Object.entries(changed)
          .filter(([, isChanged]) => isChanged)
          .map(([field]) => field),
        reapproved: isReapproved,
        expires_at: (expiresAt ?? before.expiresAt).toISOString(),
      },
    });
  });
  return requireLibraryAnswer(ctx, actor.orgId, id);
}

export async function archiveLibraryAnswer(
  ctx: LibraryContext,
  actor: LibraryEditor,
  input: { id: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findLibraryAnswer(tx, actor.orgId, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const now = ctx.clock.now();
    await updateLibraryAnswer(tx, {
      orgId: actor.orgId,
      id: input.id,
      values: { archivedAt: now, updatedBy: actor.userId, updatedAt: now },
    });
    await auditLibrary(tx, ctx, actor, {
      actionType: 'library_answer_archived',
      entityId: input.id,
      details: { title: before.title },
    });
  });
}

/** The members an answer may be given to: the organisation's active members, by name. */
export async function getLibraryOwners(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<LibraryOwnersResponse> {
  const members = await listOrgRecipients(ctx.db, actor.orgId);
  members.sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  return {
    items: members.map((m) => ({ id: m.userId, name: m.name, email: m.email, role: m.role })),
  };
}

/** How many passages the source picker offers for one search. */
const PASSAGE_PICKER_LIMIT = 20;

/** A fund's passages matching the author's words (full text, as drafting retrieves), to cite. */
export async function searchLibraryPassages(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { project_id: string; q: string },
): Promise<LibraryPassagesResponse> {
  await checkFund(ctx.db, actor.orgId, input.project_id);
  const hits = await searchPassages(ctx.db, {
    orgId: actor.orgId,
    projectId: input.project_id,
    query: input.q,
    limit: PASSAGE_PICKER_LIMIT,
  });
  return {
    items: hits.map((hit) => ({
      id: hit.passageId,
      doc_path: docPathOf(hit.fileName, hit.page),
      text: hit.text,
    })),
  };
}

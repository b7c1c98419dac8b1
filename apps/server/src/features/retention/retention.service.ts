import {
  type CreateErasureInput,
  type CreateLegalHoldInput,
  type ErasureOutcome,
  type ErasurePreview,
  type ErasurePreviewInput,
  type ErasureResult,
  type LegalHold,
  type ListLegalHoldsQuery,
  type ListLegalHoldsResponse,
  RETENTION_DEFAULT_YEARS,
  RETENTION_FLOOR_YEARS,
  type ReleaseLegalHoldInput,
  type RetentionSummary,
  type UpdateRetentionInput,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { deleteComposeDraftsOfInvestor } from '../compose-drafts/compose-drafts.service';
import { deleteInvestorType } from '../messages/investor-type-lookup';
import { removeAttachmentFiles } from '../messages/message-attachments';
import {
  countActiveHolds,
  deleteMessageAttachments,
  findCoveringHolds,
  findHold,
  findLastErasure,
  findProjectName,
  type HoldRow,
  insertErasureRequest,
  insertHold,
  listHolds,
  listInvestorMessages,
  listInvestorReplyMails,
  listInvestorUnthreadedMail,
  lockRetention,
  markHoldReleased,
  pseudonymiseMessages,
  pseudonymiseReceivedMail,
  pseudonymiseReplyMails,
  readRetentionYears,
  setRetentionYears,
} from './retention.queries';
import { derivePseudonymKey, identityPatterns, isoDay, pseudonymFor, retainedUntil } from './retention-rules';

/**
 * Data retention (docs/decisions/030-data-retention.md): the organisation's retention period, legal
 * holds and erasure requests. Every change is one transaction with its audit entry; the retention row
 * is locked (lockRetention) so holds, the period and the deletions that read them never interleave.
 */

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

function toLegalHold(row: HoldRow): LegalHold {
  return {
    id: row.id,
    scope: row.scope,
    investor_email: row.investorEmail,
    project: row.projectId ? { id: row.projectId, name: row.projectName ?? '' } : null,
    reason: row.reason,
    placed_at: row.createdAt.toISOString(),
    placed_by_name: row.placedByName,
    released_at: row.releasedAt?.toISOString() ?? null,
    released_by_name: row.releasedByName,
    release_reason: row.releaseReason,
  };
}

export async function getRetentionSummary(
  ctx: Pick<Ctx, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<RetentionSummary> {
  const [years, activeHolds, lastErasure] = await Promise.all([
    readRetentionYears(ctx.db, actor.orgId),
    countActiveHolds(ctx.db, actor.orgId),
    findLastErasure(ctx.db, actor.orgId),
  ]);
  if (years === null) throw new AppError('NOT_FOUND');
  return {
    retention_years: years,
    floor_years: RETENTION_FLOOR_YEARS,
    default_years: RETENTION_DEFAULT_YEARS,
    active_holds: activeHolds,
    last_erasure: lastErasure
      ? { at: lastErasure.at.toISOString(), pseudonym: lastErasure.pseudonym, by_name: lastErasure.byName }
      : null,
  };
}

/**
 * Sets the period (the schema already refused anything below the floor, with a 400 naming
 * `retention_years`). Audited with before and after; a request that changes nothing writes nothing.
 */
export async function updateRetentionPeriod(
  ctx: Ctx,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: UpdateRetentionInput,
): Promise<RetentionSummary> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockRetention(tx, actor.orgId, 'update');
    if (!current) throw new AppError('NOT_FOUND');
    if (current.retentionYears === input.retention_years) return;
    await setRetentionYears(tx, actor.orgId, input.retention_years);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'retention_period_updated',
      entityType: 'organization',
      entityId: actor.orgId,
      details: {
        before: { retention_years: current.retentionYears },
        after: { retention_years: input.retention_years },
      },
    });
  });
  return getRetentionSummary(ctx, actor);
}

export async function listLegalHolds(
  ctx: Pick<Ctx, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: ListLegalHoldsQuery,
): Promise<ListLegalHoldsResponse> {
  const after = query.cursor ? parseTimeCursor(query.cursor) : null;
  const rows = await listHolds(ctx.db, {
    orgId: actor.orgId,
    status: query.status,
    after,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    holds: page.map(toLegalHold),
    next_cursor:
      rows.length > query.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** Places a hold (a fund of another organisation is a 404 naming `project_id`); audited with its target and reason. */
export async function placeLegalHold(
  ctx: Ctx,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: CreateLegalHoldInput,
): Promise<LegalHold> {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await lockRetention(tx, actor.orgId, 'update'))) throw new AppError('NOT_FOUND');
    const projectId = input.scope === 'project' ? input.project_id : null;
    const projectName = projectId ? await findProjectName(tx, actor.orgId, projectId) : null;
    if (projectId && projectName === null) {
      throw new AppError('VALIDATION_FAILED', {
        fields: { project_id: 'Choose a fund of your organisation' },
      });
    }
    const investorEmail = input.scope === 'investor' ? input.investor_email : null;
    const now = ctx.clock.now();
    const holdId = await insertHold(tx, {
      orgId: actor.orgId,
      scope: input.scope,
      investorEmail,
      projectId,
      reason: input.reason,
      createdBy: actor.userId,
      createdAt: now,
    });
    // The investor's address is what the hold covers, so the entry names it: a hold is itself a record
    // the firm must be able to show (docs/decisions/030-data-retention.md).
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'legal_hold_placed',
      entityType: 'legal_hold',
      entityId: holdId,
      details: {
        scope: input.scope,
        ...(investorEmail ? { investor_email: investorEmail } : {}),
        ...(projectId ? { project_id: projectId, project_name: projectName } : {}),
        reason: input.reason,
      },
    });
    return holdId;
  });
  return getHold(ctx, actor, id);
}

async function getHold(ctx: Pick<Ctx, 'db'>, actor: Pick<Actor, 'orgId'>, id: string): Promise<LegalHold> {
  const row = await findHold(ctx.db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toLegalHold(row);
}

/** Releases an active hold with a reason (409 HOLD_ALREADY_RELEASED for a released one); audited. */
export async function releaseLegalHold(
  ctx: Ctx,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { id: string } & ReleaseLegalHoldInput,
): Promise<LegalHold> {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockRetention(tx, actor.orgId, 'update'))) throw new AppError('NOT_FOUND');
    const hold = await findHold(tx, actor.orgId, input.id);
    if (!hold) throw new AppError('NOT_FOUND');
    const released = await markHoldReleased(tx, {
      orgId: actor.orgId,
      id: input.id,
      releasedBy: actor.userId,
      releasedAt: ctx.clock.now(),
      reason: input.reason,
    });
    if (!released) throw new AppError('HOLD_ALREADY_RELEASED');
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'legal_hold_released',
      entityType: 'legal_hold',
      entityId: input.id,
      details: {
        scope: hold.scope,
        ...(hold.investorEmail ? { investor_email: hold.investorEmail } : {}),
        ...(hold.projectId ? { project_id: hold.projectId } : {}),
        reason: input.reason,
        before: { released_at: null },
        after: { released_at: ctx.clock.now().toISOString() },
      },
    });
  });
  return getHold(ctx, actor, input.id);
}

type ErasurePlan = ErasureOutcome & {
  blockingHolds: HoldRow[];
  messageIdsToPseudonymise: string[];
  outboxIdsToPseudonymise: string[];
  /** Received mail that became no message (decision 058); mail that did goes with its message. */
  unthreadedMailIdsToErase: string[];
  patterns: string[];
  pseudonymEmail: string;
  retainedUntilAt: Date | null;
};

/**
 * What an erasure of the investor would do now: records whose retention has ended are pseudonymised,
 * records still inside it are kept as made (SEC rule 204-2 needs the original), and any active hold
 * on the investor, on a fund they wrote about, or on everything blocks the whole request.
 */
async function planErasure(
  db: DbOrTx,
  ctx: Pick<ServiceContext, 'encryptionKey'> & { now: Date },
  orgId: string,
  email: string,
  retentionYears: number,
): Promise<ErasurePlan> {
  const [messages, mails, unthreaded] = await Promise.all([
    listInvestorMessages(db, orgId, email),
    listInvestorReplyMails(db, orgId, email),
    listInvestorUnthreadedMail(db, orgId, email),
  ]);
  const projectIds = [...new Set(messages.map((m) => m.projectId).filter((id): id is string => id !== null))];
  const blockingHolds = await findCoveringHolds(db, { orgId, investorEmail: email, projectIds });
  const pseudonym = pseudonymFor(derivePseudonymKey(ctx.encryptionKey), orgId, email);

  let latestRetained: Date | null = null;
  const keep = (dated: Date) => {
    const until = retainedUntil(dated, retentionYears);
    if (until.getTime() <= ctx.now.getTime()) return false;
    if (!latestRetained || until > latestRetained) latestRetained = until;
    return true;
  };
  const messageIdsToPseudonymise = messages.filter((m) => !keep(m.lastChangedAt)).map((m) => m.id);
  const outboxIdsToPseudonymise = mails.filter((m) => !keep(m.createdAt)).map((m) => m.id);
  const unthreadedMailIdsToErase = unthreaded.filter((m) => !keep(m.receivedAt)).map((m) => m.id);
  const retained = latestRetained as Date | null;
  return {
    pseudonym: pseudonym.name,
    pseudonymEmail: pseudonym.email,
    messages_pseudonymised: messageIdsToPseudonymise.length,
    messages_retained: messages.length - messageIdsToPseudonymise.length,
    emails_pseudonymised: outboxIdsToPseudonymise.length,
    emails_retained: mails.length - outboxIdsToPseudonymise.length,
    retained_until: retained ? isoDay(retained) : null,
    retainedUntilAt: retained,
    blockingHolds,
    messageIdsToPseudonymise,
    outboxIdsToPseudonymise,
    unthreadedMailIdsToErase,
    patterns: identityPatterns(
      email,
      messages.map((m) => m.investorName),
    ),
  };
}

function outcomeOf(plan: ErasurePlan): ErasureOutcome {
  return {
    pseudonym: plan.pseudonym,
    messages_pseudonymised: plan.messages_pseudonymised,
    messages_retained: plan.messages_retained,
    emails_pseudonymised: plan.emails_pseudonymised,
    emails_retained: plan.emails_retained,
    retained_until: plan.retained_until,
  };
}

/** What the confirmation names before an erasure: counts, the pseudonym, the date, the blocking holds. */
export async function previewErasure(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey'>,
  actor: Pick<Actor, 'orgId'>,
  input: ErasurePreviewInput,
): Promise<ErasurePreview> {
  const years = await readRetentionYears(ctx.db, actor.orgId);
  if (years === null) throw new AppError('NOT_FOUND');
  const plan = await planErasure(
    ctx.db,
    { ...ctx, now: ctx.clock.now() },
    actor.orgId,
    input.investor_email,
    years,
  );
  return { ...outcomeOf(plan), blocking_holds: plan.blockingHolds.map(toLegalHold) };
}

/** Statements stay well under the bind-parameter limit for an investor with many records. */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(items.slice(i, i + ID_CHUNK));
  return out;
}

/**
 * An erasure request (docs/decisions/030-data-retention.md): refused with 409 RECORD_UNDER_LEGAL_HOLD
 * while a hold covers any of the investor's records; otherwise pseudonymises the records outside
 * retention and records the request — the pseudonym and counts, never the address or names — in
 * erasure_requests and the audit chain, all in one transaction. With those messages go the raw mail
 * they came as and their attachments (docs/decisions/058-inbound-email.md): the attachments' rows in
 * the transaction, their files once it committed.
 */
export async function requestErasure(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey' | 'attachmentsRoot' | 'logger'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: CreateErasureInput,
): Promise<ErasureResult> {
  const { result, attachmentFiles } = await eraseInTransaction(ctx, actor, input);
  await removeAttachmentFiles(ctx, attachmentFiles);
  return result;
}

async function eraseInTransaction(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: CreateErasureInput,
): Promise<{ result: ErasureResult; attachmentFiles: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const policy = await lockRetention(tx, actor.orgId, 'share');
    if (!policy) throw new AppError('NOT_FOUND');
    const now = ctx.clock.now();
    const plan = await planErasure(
      tx,
      { ...ctx, now },
      actor.orgId,
      input.investor_email,
      policy.retentionYears,
    );
    if (plan.blockingHolds.length > 0) throw new AppError('RECORD_UNDER_LEGAL_HOLD');
    // An unfinished form about the investor is no record to retain: it goes at once.
    await deleteComposeDraftsOfInvestor(tx, { orgId: actor.orgId, investorEmail: input.investor_email });
    // Their type (decision 054) is personal data too; a retained message's later reply reads as retail.
    await deleteInvestorType(tx, actor.orgId, input.investor_email);
    const pseudonym = { name: plan.pseudonym, email: plan.pseudonymEmail };
    for (const messageIds of chunks(plan.messageIdsToPseudonymise)) {
      await pseudonymiseMessages(tx, { orgId: actor.orgId, messageIds, patterns: plan.patterns, pseudonym });
    }
    for (const outboxIds of chunks(plan.outboxIdsToPseudonymise)) {
      await pseudonymiseReplyMails(tx, { orgId: actor.orgId, outboxIds, patterns: plan.patterns, pseudonym });
    }
    let receivedMailErased = 0;
    const attachmentFiles: string[] = [];
    for (const messageIds of chunks(plan.messageIdsToPseudonymise)) {
      const scope = { orgId: actor.orgId, patterns: plan.patterns, pseudonym };
      receivedMailErased += await pseudonymiseReceivedMail(tx, { ...scope, by: { messageIds } });
      attachmentFiles.push(...(await deleteMessageAttachments(tx, { orgId: actor.orgId, messageIds })));
    }
    for (const ids of chunks(plan.unthreadedMailIdsToErase)) {
      const scope = { orgId: actor.orgId, patterns: plan.patterns, pseudonym };
      receivedMailErased += await pseudonymiseReceivedMail(tx, { ...scope, by: { ids } });
    }
    const outcome = outcomeOf(plan);
    const id = await insertErasureRequest(tx, {
      orgId: actor.orgId,
      pseudonym: plan.pseudonym,
      reason: input.reason,
      requestedBy: actor.userId,
      createdAt: now,
      messagesPseudonymised: outcome.messages_pseudonymised,
      messagesRetained: outcome.messages_retained,
      emailsPseudonymised: outcome.emails_pseudonymised,
      emailsRetained: outcome.emails_retained,
      retainedUntil: plan.retainedUntilAt,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'investor_data_erased',
      entityType: 'erasure_request',
      entityId: id,
      details: {
        ...outcome,
        message_ids: plan.messageIdsToPseudonymise,
        received_mail_erased: receivedMailErased,
        attachments_deleted: attachmentFiles.length,
        reason: input.reason,
        retention_years: policy.retentionYears,
      },
    });
    return { result: { id, at: now.toISOString(), ...outcome }, attachmentFiles };
  });
}

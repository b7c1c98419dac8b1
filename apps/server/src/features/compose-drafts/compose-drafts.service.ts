import type { ComposeDraft, ComposeDraftInput, ComposeDraftResponse } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import {
  type ComposeDraftRow,
  deleteComposeDraft,
  findComposeDraft,
  isProjectOfOrg,
  upsertComposeDraft,
} from './compose-drafts.queries';

/**
 * For the transactions of other features: logging a message deletes its author's draft, an investor
 * erasure every draft about the investor.
 */
export { deleteComposeDraft, deleteComposeDraftsOfInvestor } from './compose-drafts.queries';

type DraftContext = Pick<ServiceContext, 'db' | 'clock'>;
type DraftOwner = Pick<Actor, 'orgId' | 'userId'>;

function toDto(row: Omit<ComposeDraftRow, 'userId' | 'orgId'>): ComposeDraft {
  return {
    investor_name: row.investorName,
    investor_email: row.investorEmail,
    project_id: row.projectId ?? '',
    subject: row.subject,
    body_text: row.bodyText,
    topics: row.topics,
    saved_at: row.updatedAt.toISOString(),
  };
}

/** GET /api/compose-draft: one's own unfinished 'Log investor message' form, or null. */
export async function getComposeDraft(ctx: DraftContext, actor: DraftOwner): Promise<ComposeDraftResponse> {
  const row = await findComposeDraft(ctx.db, actor);
  return { draft: row ? toDto(row) : null };
}

/**
 * PUT /api/compose-draft: keeps the form as typed, replacing the last save. A fund must be one of the
 * organisation's (the same answer as logging the message); an empty form deletes the draft instead.
 * Not audited: a draft is no record until it is logged, and the log entry is then the record.
 */
export async function saveComposeDraft(
  ctx: DraftContext,
  actor: DraftOwner,
  input: ComposeDraftInput,
): Promise<ComposeDraftResponse> {
  if (isEmpty(input)) {
    await deleteComposeDraft(ctx.db, actor);
    return { draft: null };
  }
  if (input.project_id && !(await isProjectOfOrg(ctx.db, actor.orgId, input.project_id))) {
    throw new AppError('VALIDATION_FAILED', { fields: { project_id: 'Choose one of your projects' } });
  }
  const row = await upsertComposeDraft(ctx.db, {
    orgId: actor.orgId,
    userId: actor.userId,
    values: {
      investorName: input.investor_name,
      investorEmail: input.investor_email,
      projectId: input.project_id || null,
      subject: input.subject,
      bodyText: input.body_text,
      topics: input.topics,
      updatedAt: ctx.clock.now(),
    },
  });
  if (!row) throw new Error('compose draft upsert returned nothing');
  return { draft: toDto(row) };
}

/** DELETE /api/compose-draft: 'Discard draft'. Deleting none is no error. */
export async function discardComposeDraft(ctx: DraftContext, actor: DraftOwner): Promise<void> {
  await deleteComposeDraft(ctx.db, actor);
}

function isEmpty(input: ComposeDraftInput): boolean {
  const texts = [input.investor_name, input.investor_email, input.subject, input.body_text];
  return texts.every((text) => text.trim() === '') && !input.project_id && input.topics.length === 0;
}

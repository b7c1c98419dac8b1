import { type ListLinkedIdentitiesResponse, SSO_TEXTS } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  countOtherSignInWays,
  deleteIdentityOfUser,
  findIdentityOfUser,
  findProvider,
  listIdentitiesOfUser,
} from './sso.queries';
import { type FlowContext, type StartedFlow, startFlow } from './sso-flow';

/** GET /api/auth/identities: the signed-in user's identities at providers, oldest first. */
export async function listLinkedIdentities(
  ctx: Pick<FlowContext, 'db'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
): Promise<ListLinkedIdentitiesResponse> {
  const rows = await listIdentitiesOfUser(ctx.db, actor.userId);
  const provider = await findProvider(ctx.db, actor.orgId);
  return {
    provider: provider?.enabled ? { display_name: provider.displayName } : null,
    items: rows.map((row) => ({
      id: row.id,
      issuer: row.issuer,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * POST /api/auth/identities/link: a link flow at the organisation's provider, bound to the user who
 * starts it; the callback links the identity the provider returns to THAT user. 404 without an
 * enabled provider; 422 when it cannot be reached.
 */
export async function startIdentityLink(
  ctx: FlowContext,
  actor: Pick<Actor, 'userId' | 'orgId' | 'email'>,
): Promise<StartedFlow> {
  const provider = await findProvider(ctx.db, actor.orgId);
  if (!provider?.enabled) throw new AppError('NOT_FOUND', { message: SSO_TEXTS.noProvider });
  try {
    return await startFlow(ctx, provider, { purpose: 'link', userId: actor.userId, loginHint: actor.email });
  } catch (error) {
    ctx.logger.warn('sso: the provider could not be reached to link an identity', {
      orgId: actor.orgId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError('SSO_ISSUER_INVALID', { message: SSO_TEXTS.issuerUnreachable });
  }
}

/**
 * DELETE /api/auth/identities/:id: unlinks one of one's own identities (another user's is a 404), but
 * never the last way to sign in: without a password and another identity it is a 409.
 */
export async function unlinkIdentity(
  ctx: Pick<FlowContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string },
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await findIdentityOfUser(tx, actor.userId, input.id))) {
      throw new AppError('NOT_FOUND', { message: SSO_TEXTS.identityNotFound });
    }
    const ways = await countOtherSignInWays(tx, actor.userId, input.id);
    if (!ways.hasPassword && ways.otherIdentities === 0) throw new AppError('SSO_LAST_SIGN_IN_METHOD');
    const removed = await deleteIdentityOfUser(tx, actor.userId, input.id);
    if (!removed) throw new AppError('NOT_FOUND', { message: SSO_TEXTS.identityNotFound });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'sso_identity_unlinked',
      entityType: 'user_identity',
      entityId: removed.id,
      details: { issuer: removed.issuer, email: removed.email },
    });
  });
}

import {
  BULK_DELETE_REASON,
  type BulkInvitationActionInput,
  type BulkInvitationActionResponse,
  type BulkInvitationOutcome,
  type CreateInvitationResponse,
  INVITATION_DAILY_RESEND_CAP,
  INVITATION_LIFETIME_DAYS,
  INVITATION_TEXTS,
  type Invitation,
  type InvitationPreview,
  type InvitationPreviewStatus,
  type ListInvitationsParams,
  type ListInvitationsResponse,
  type ResendInvitationResponse,
  type Role,
  type VerifyInviteResponse,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/passwords';
import { enforceLimit, type RateLimitRule } from '../../auth/rate-limit';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { completeSignIn, type SignInResult } from '../auth/auth.service';
import { deliverOutboxMail, queueEmail } from '../email/email.service';
import { readSystemConfig } from '../organizations/organizations.service';
import { findSsoRequirement } from '../sso-policy/sso-required';
import { findUserIdByEmail, insertMember } from '../users/users.service';
import { invitationEmail, invitationUrl } from './invitation-email';
import {
  claimInvitationByTokenHash,
  claimLiveInvitationByEmail,
  countInvitationsByTab,
  findInvitationById,
  findInvitationByTokenHash,
  findLiveInvitationByEmail,
  findOrganizationName,
  type InvitationRow,
  insertInvitation,
  listInvitations,
  lockInvitationAddress,
  lockInvitationById,
  lockInvitationsByIds,
  updateInvitation,
} from './invitations.queries';

const DAY_MS = 86_400_000;
/** 7 days from each send (a resend renews it): docs/decisions/007-invitation-resend-cap.md. */
const LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;

/**
 * The invite check (docs/product.md §7 auth-verify-invite) answers whether an address may sign in, so it is
 * limited per client address: 30 checks in 15 minutes, enough for an office, too few to harvest.
 */
export const VERIFY_INVITE_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/**
 * Each invitation sends a mail from the organisation's name: 50 in an hour per admin covers inviting a
 * whole team, and stops a hijacked admin session turning Parley into a mailer.
 */
export const INVITATION_CREATES_PER_ACTOR: RateLimitRule = { limit: 50, windowSeconds: 60 * 60 };

/**
 * Copy Link mints a fresh token each time: 30 in 15 minutes per admin is far past any real use, and
 * bounds how fast one session can mint live sign-up links.
 */
export const INVITATION_LINKS_PER_ACTOR: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/** The UTC day the daily resend cap counts in (decision 007). */
function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

function resendsUsedToday(row: Pick<InvitationRow, 'resendDay' | 'resendDayCount'>, now: Date): number {
  return row.resendDay === utcDay(now) ? row.resendDayCount : 0;
}

/** docs/product.md §3/§4: a pending row past its expiry reads as expired. */
function displayStatus(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/**
 * docs/product.md §4: only a pending, non-deleted invitation that is not past expiry can be resent (or
 * linked).
 */
function isLive(row: InvitationRow, now: Date): boolean {
  return row.status === 'pending' && row.deletedAt === null && row.expiresAt.getTime() > now.getTime();
}

/** docs/product.md §4: only a pending, non-deleted invitation can be deleted (expired or not). */
function isDeletable(row: InvitationRow): boolean {
  return row.status === 'pending' && row.deletedAt === null;
}

export function toInvitationDto(row: InvitationRow, now: Date): Invitation {
  const remaining = Math.max(0, INVITATION_DAILY_RESEND_CAP - resendsUsedToday(row, now));
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: displayStatus(row, now),
    accepted: row.accepted,
    invited_by: row.invitedBy,
    invited_by_name: row.invitedByName,
    created_at: row.createdAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    delete_reason: row.deleteReason,
    resend_count_lifetime: row.resendCountLifetime,
    resends_remaining: remaining,
    can_resend: isLive(row, now) && remaining > 0,
    can_copy_link: isLive(row, now),
    can_delete: isDeletable(row),
  };
}

/**
 * The state a link's holder is shown: deleted first, then the row's status as it reads now (docs/product.md
 * §4).
 */
function previewStatus(row: InvitationRow, now: Date): InvitationPreviewStatus {
  if (row.deletedAt !== null) return 'deleted';
  return displayStatus(row, now);
}

function goneError(status: Exclude<InvitationPreviewStatus, 'pending'>): AppError {
  const message = {
    deleted: INVITATION_TEXTS.isDeleted,
    revoked: INVITATION_TEXTS.isRevoked,
    expired: INVITATION_TEXTS.isExpired,
    accepted: INVITATION_TEXTS.isAccepted,
  }[status];
  return new AppError('INVITATION_GONE', { message });
}

/** 404 for an unknown link, 410 with the reason for one that can no longer be used. */
function assertUsable<T extends InvitationRow>(row: T | null, now: Date): T {
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  const status = previewStatus(row, now);
  if (status !== 'pending') throw goneError(status);
  return row;
}

/** The row an admin acts on; another organisation's invitation is as unknown as a missing one. */
function assertFound(row: InvitationRow | null): InvitationRow {
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Queues the invitation mail in the caller's transaction (step 1 of sending). */
async function queueInvitationEmail(
  tx: DbOrTx,
  ctx: Pick<ServiceContext, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: {
    orgId: string;
    email: string;
    role: Role;
    token: string;
    expiresAt: Date;
    inviterName: string | null;
    isResend: boolean;
  },
) {
  const organizationName = (await findOrganizationName(tx, input.orgId)) ?? 'your organisation';
  const { outboxId } = await queueEmail(tx, ctx, {
    orgId: input.orgId,
    to: input.email,
    template: 'invitation',
    category: 'transactional',
    content: invitationEmail({
      url: invitationUrl(ctx.appOrigin, input.token),
      organizationName,
      inviterName: input.inviterName,
      role: input.role,
      expiresAt: input.expiresAt,
      isResend: input.isResend,
    }),
  });
  return outboxId;
}

/**
 * docs/product.md §5/§7 send-invitation: an admin invites an address with a role. Refused when the address
 * already has an account or a live invitation in the organisation. The row, its mail and its audit
 * entry are one transaction; the mail is handed to SMTP after the commit.
 */
export async function createInvitation(
  ctx: ServiceContext,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  input: { email: string; role: Role },
): Promise<CreateInvitationResponse> {
  const { orgId } = actor;
  const { email } = input;
  await enforceLimit(
    ctx.db,
    ctx.clock,
    `invitation-create:user:${actor.userId}`,
    INVITATION_CREATES_PER_ACTOR,
  );
  const token = generateToken();
  const { row, outboxId } = await ctx.db.transaction(async (tx) => {
    await lockInvitationAddress(tx, orgId, email);
    const now = ctx.clock.now();
    if (await findUserIdByEmail(tx, email)) {
      throw new AppError('CONFLICT', {
        message: INVITATION_TEXTS.alreadyMember,
        fields: { email: INVITATION_TEXTS.alreadyMember },
      });
    }
    if (await findLiveInvitationByEmail(tx, orgId, email, now)) {
      throw new AppError('CONFLICT', {
        message: INVITATION_TEXTS.alreadyInvited,
        fields: { email: INVITATION_TEXTS.alreadyInvited },
      });
    }
    const expiresAt = new Date(now.getTime() + LIFETIME_MS);
    const invitationId = await insertInvitation(tx, {
      orgId,
      email,
      role: input.role,
      invitedBy: actor.userId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSentAt: now,
      expiresAt,
    });
    await appendAudit(tx, ctx.clock, {
      orgId,
      actorId: actor.userId,
      actionType: 'invitation_created',
      entityType: 'invitation',
      entityId: invitationId,
      details: { email, role: input.role, expires_at: expiresAt.toISOString() },
    });
    const queued = await queueInvitationEmail(tx, ctx, {
      orgId,
      email,
      role: input.role,
      token,
      expiresAt,
      inviterName: actor.name,
      isResend: false,
    });
    // Read inside the transaction: the answer stands or falls with the write.
    return { row: assertFound(await findInvitationById(tx, orgId, invitationId)), outboxId: queued };
  });
  return { invitation: toInvitationDto(row, ctx.clock.now()), ...(await deliveryOf(ctx, outboxId)) };
}

/**
 * docs/product.md §7 user_invitations reads: a tab of the manage list, newest first, with every tab's count.
 */
export async function listInvitationsPage(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId'>,
  input: ListInvitationsParams,
): Promise<ListInvitationsResponse> {
  const after = input.cursor ? parseTimeCursor(input.cursor) : null;
  const now = ctx.clock.now();
  const filter = { orgId: actor.orgId, showDeleted: input.show_deleted, now };
  const [rows, counts] = await Promise.all([
    listInvitations(ctx.db, { ...filter, tab: input.tab, limit: input.limit, after }),
    countInvitationsByTab(ctx.db, filter),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toInvitationDto(row, now)),
    next_cursor:
      rows.length > input.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
    counts,
  };
}

/** The 429 of a resend over the daily cap: the route renders it with resends_remaining 0. */
export class ResendLimitError extends AppError {
  constructor(now: Date) {
    super('RESEND_LIMIT_REACHED', {
      message: INVITATION_TEXTS.resendLimitReached,
      retryAfterSeconds: secondsUntilNextUtcDay(now),
    });
  }
}

/**
 * docs/product.md §7 resend-invite for one locked row, in the caller's transaction: only a live invitation,
 * at
 * most INVITATION_DAILY_RESEND_CAP times per UTC day. A resend mints a new token (the old link stops
 * working), renews the 7 days, is audited, and queues the mail. Every refusal is thrown before the
 * first write, so a batch can record it and go on in the same transaction.
 */
async function resendLockedInvitation(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  locked: InvitationRow | null,
): Promise<{ outboxId: string; resendsRemaining: number }> {
  const row = assertFound(locked);
  const now = ctx.clock.now();
  if (!isLive(row, now)) throw new AppError('CONFLICT', { message: INVITATION_TEXTS.resendNotAllowed });
  const usedToday = resendsUsedToday(row, now);
  if (usedToday >= INVITATION_DAILY_RESEND_CAP) throw new ResendLimitError(now);

  const token = generateToken();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS);
  await updateInvitation(tx, row.id, {
    tokenHash: sha256Hex(token),
    lastSentAt: now,
    expiresAt,
    resendCountLifetime: row.resendCountLifetime + 1,
    resendDay: utcDay(now),
    resendDayCount: usedToday + 1,
  });
  await appendAudit(tx, ctx.clock, {
    orgId: actor.orgId,
    actorId: actor.userId,
    actionType: 'invitation_resent',
    entityType: 'invitation',
    entityId: row.id,
    details: {
      email: row.email,
      resend_count_lifetime: row.resendCountLifetime + 1,
      resends_today: usedToday + 1,
      expires_at: expiresAt.toISOString(),
    },
  });
  const outboxId = await queueInvitationEmail(tx, ctx, {
    orgId: actor.orgId,
    email: row.email,
    role: row.role,
    token,
    expiresAt,
    inviterName: actor.name,
    isResend: true,
  });
  return { outboxId, resendsRemaining: INVITATION_DAILY_RESEND_CAP - (usedToday + 1) };
}

/**
 * Hands an invitation mail to SMTP and says what became of it: `email_sent` only when a server took
 * it; a mail kept in the outbox (no SMTP_URL) or not sent yet says so in `delivery`.
 */
async function deliveryOf(ctx: ServiceContext, outboxId: string) {
  const { status } = await deliverOutboxMail(ctx, outboxId);
  return { email_sent: status === 'sent', delivery: status };
}

/** Resend: the row, its audit entry and its mail are one transaction; SMTP gets the mail after it. */
export async function resendInvitation(
  ctx: ServiceContext,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  input: { id: string },
): Promise<ResendInvitationResponse> {
  const { outboxId, resendsRemaining } = await ctx.db.transaction(async (tx) =>
    resendLockedInvitation(tx, ctx, actor, await lockInvitationById(tx, actor.orgId, input.id)),
  );
  return { resends_remaining: resendsRemaining, ...(await deliveryOf(ctx, outboxId)) };
}

/**
 * Copy Link: only the token's hash is stored, so the link cannot be read back; a fresh token is
 * minted (the previous link stops working), audited, and its URL returned. The expiry is unchanged.
 */
export async function mintInvitationLink(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'appOrigin'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string },
): Promise<{ url: string }> {
  await enforceLimit(ctx.db, ctx.clock, `invitation-link:user:${actor.userId}`, INVITATION_LINKS_PER_ACTOR);
  const token = generateToken();
  await ctx.db.transaction(async (tx) => {
    const row = assertFound(await lockInvitationById(tx, actor.orgId, input.id));
    if (!isLive(row, ctx.clock.now()))
      throw new AppError('CONFLICT', { message: INVITATION_TEXTS.linkNotAllowed });
    await updateInvitation(tx, row.id, { tokenHash: sha256Hex(token) });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'invitation_link_copied',
      entityType: 'invitation',
      entityId: row.id,
      details: { email: row.email },
    });
  });
  return { url: invitationUrl(ctx.appOrigin, token) };
}

/**
 * docs/product.md §7 delete-invite for one locked row, in the caller's transaction: a soft delete of a
 * pending,
 * non-deleted invitation (its link stops working), audited. The refusal is thrown before any write.
 */
async function deleteLockedInvitation(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  locked: InvitationRow | null,
  reason: string | null,
): Promise<void> {
  const row = assertFound(locked);
  if (!isDeletable(row)) throw new AppError('CONFLICT', { message: INVITATION_TEXTS.deleteNotAllowed });
  await updateInvitation(tx, row.id, {
    status: 'revoked',
    deletedAt: ctx.clock.now(),
    deletedBy: actor.userId,
    deleteReason: reason,
  });
  await appendAudit(tx, ctx.clock, {
    orgId: actor.orgId,
    actorId: actor.userId,
    actionType: 'invitation_deleted',
    entityType: 'invitation',
    entityId: row.id,
    details: { email: row.email, reason },
  });
}

/** Delete with an optional reason; answers the row as it now reads. */
export async function deleteInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string; reason: string | undefined },
): Promise<Invitation> {
  await ctx.db.transaction(async (tx) =>
    deleteLockedInvitation(
      tx,
      ctx,
      actor,
      await lockInvitationById(tx, actor.orgId, input.id),
      input.reason ?? null,
    ),
  );
  const row = assertFound(await findInvitationById(ctx.db, actor.orgId, input.id));
  return toInvitationDto(row, ctx.clock.now());
}

/**
 * Resend Selected / Delete Selected of the manage list as one transaction: each invitation goes
 * through the same per-row rules and writes (audit entry included) as its single action, and one the
 * rules refuse is answered as failed with that action's code and message. Any other error rolls the
 * whole batch back. Resent mail is queued inside the transaction and handed to SMTP after the commit
 * (docs/decisions/010-email-outbox-first.md). A bulk delete records BULK_DELETE_REASON.
 */
export async function applyBulkInvitationAction(
  ctx: ServiceContext,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  input: BulkInvitationActionInput,
): Promise<BulkInvitationActionResponse> {
  type Outcome = BulkInvitationOutcome & { outboxId?: string };
  const outcomes = await ctx.db.transaction(async (tx) => {
    // Every row is locked before the first audit entry takes the organisation's chain head, so a
    // concurrent single action (its row, then the chain head) waits here instead of deadlocking.
    const rows = await lockInvitationsByIds(tx, actor.orgId, input.ids);
    const done: Outcome[] = [];
    for (const id of input.ids) {
      const row = rows.get(id) ?? null;
      try {
        if (input.action === 'resend') {
          const { outboxId } = await resendLockedInvitation(tx, ctx, actor, row);
          done.push({ id, ok: true, outboxId });
        } else {
          await deleteLockedInvitation(tx, ctx, actor, row, BULK_DELETE_REASON);
          done.push({ id, ok: true });
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        done.push({ id, ok: false, error: { code: error.code, message: error.message } });
      }
    }
    return done;
  });
  const results: BulkInvitationOutcome[] = [];
  for (const { outboxId, ...outcome } of outcomes) {
    results.push(outboxId ? { ...outcome, ...(await deliveryOf(ctx, outboxId)) } : outcome);
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** What a link shows before anyone acts: nothing is consumed (mail scanners may fetch it). */
export async function previewInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: { token: string },
): Promise<InvitationPreview> {
  const row = await findInvitationByTokenHash(ctx.db, sha256Hex(input.token));
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return {
    email: row.email,
    role: row.role,
    organization_name: row.organizationName,
    status: previewStatus(row, ctx.clock.now()),
    expires_at: row.expiresAt.toISOString(),
    magic_link_enabled: await isMagicLinkEnabled(ctx.db, row.orgId),
  };
}

/** Re-reads a link that could not be claimed, to say why (it changed since the first look). */
async function reasonNotClaimed(db: DbOrTx, tokenHash: string, now: Date): Promise<AppError> {
  const row = await findInvitationByTokenHash(db, tokenHash);
  if (!row) return new AppError('INVITATION_NOT_FOUND');
  const status = previewStatus(row, now);
  return status === 'pending' ? new AppError('CONFLICT') : goneError(status);
}

/**
 * The address has an account: if a concurrent acceptance of this very link made it, the link is
 * used up (410, like every other losing racer); otherwise the address was registered another way.
 */
async function reasonAccountExists(db: DbOrTx, tokenHash: string, now: Date): Promise<AppError> {
  const reason = await reasonNotClaimed(db, tokenHash, now);
  return reason.code === 'CONFLICT'
    ? new AppError('CONFLICT', { message: INVITATION_TEXTS.accountExists })
    : reason;
}

/** The organisation's auth_magic_link_enabled setting (docs/product.md §3: the strings 'true' / 'false'). */
async function isMagicLinkEnabled(db: DbOrTx, orgId: string) {
  return (await readSystemConfig(db, orgId)).auth_magic_link_enabled !== 'false';
}

/**
 * docs/product.md §7 accept_invitation for a newcomer: the account gets the invited address, role and
 * organisation, and is signed in. The link is consumed by one conditional UPDATE, so of any number
 * of concurrent acceptances exactly one succeeds.
 */
export async function acceptInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: {
    token: string;
    name: string;
    /** Absent: the newcomer will sign in with magic links. */
    password?: string | undefined;
    clientAddress: string | null;
    userAgent: string | null;
  },
): Promise<SignInResult> {
  const tokenHash = sha256Hex(input.token);
  // Cheap refusals first, so a dead link never costs a password hash.
  const found = assertUsable(await findInvitationByTokenHash(ctx.db, tokenHash), ctx.clock.now());
  if (await findUserIdByEmail(ctx.db, found.email)) {
    throw await reasonAccountExists(ctx.db, tokenHash, ctx.clock.now());
  }
  // Where SSO is required, the newcomer accepts by signing in with the provider instead.
  if ((await findSsoRequirement(ctx.db, found.orgId)).required) throw new AppError('SSO_REQUIRED');
  if (input.password === undefined && !(await isMagicLinkEnabled(ctx.db, found.orgId))) {
    throw new AppError('VALIDATION_FAILED', {
      message: INVITATION_TEXTS.passwordRequired,
      fields: { password: INVITATION_TEXTS.passwordRequired },
    });
  }
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await claimInvitationByTokenHash(tx, tokenHash, now);
    if (!claimed) throw await reasonNotClaimed(tx, tokenHash, now);
    if (await findUserIdByEmail(tx, claimed.email)) {
      throw new AppError('CONFLICT', { message: INVITATION_TEXTS.accountExists });
    }
    const userId = await insertMember(tx, ctx.clock, {
      email: claimed.email,
      name: input.name,
      passwordHash,
      role: claimed.role,
      orgId: claimed.orgId,
      actorId: null,
    });
    await updateInvitation(tx, claimed.id, { acceptedUserId: userId });
    await appendAudit(tx, ctx.clock, {
      orgId: claimed.orgId,
      actorId: userId,
      actionType: 'invitation_accepted',
      entityType: 'invitation',
      entityId: claimed.id,
      details: {
        email: claimed.email,
        role: claimed.role,
        user_id: userId,
        method: 'new_account',
        has_password: passwordHash !== null,
      },
    });
    // The same end as every way of signing in, so the MFA step (docs/product.md §4) is decided the same way.
    const result: SignInResult = await completeSignIn(tx, ctx.clock, {
      user: { id: userId, email: claimed.email, name: input.name },
      orgId: claimed.orgId,
      role: claimed.role,
      method: 'invitation',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
    });
    return result;
  });
}

/**
 * Single sign-on's acceptance (docs/decisions/056-single-sign-on.md): the organisation's provider vouched
 * for the address, so its live invitation is accepted as a newcomer's link would be — the account gets
 * the invited address, role and organisation, without a password — in the caller's transaction. The
 * caller signs the newcomer in. Null when the address has no live invitation of that organisation or
 * already has an account.
 */
export async function acceptInvitationBySso(
  tx: Tx,
  clock: Clock,
  input: { orgId: string; email: string; name: string; issuer: string },
): Promise<{ userId: string; role: Role } | null> {
  const now = clock.now();
  if (await findUserIdByEmail(tx, input.email)) return null;
  const claimed = await claimLiveInvitationByEmail(tx, input.orgId, input.email, now);
  if (!claimed) return null;
  const userId = await insertMember(tx, clock, {
    email: claimed.email,
    name: input.name,
    passwordHash: null,
    role: claimed.role,
    orgId: input.orgId,
    actorId: null,
  });
  await updateInvitation(tx, claimed.id, { acceptedUserId: userId });
  await appendAudit(tx, clock, {
    orgId: input.orgId,
    actorId: userId,
    actionType: 'invitation_accepted',
    entityType: 'invitation',
    entityId: claimed.id,
    details: {
      email: claimed.email,
      role: claimed.role,
      user_id: userId,
      method: 'sso',
      issuer: input.issuer,
      has_password: false,
    },
  });
  return { userId, role: claimed.role };
}

/**
 * docs/product.md §4 step 6: a signed-in user with a token accepts it, but only an invitation sent to their
 * own
 * address, for the organisation they already belong to (a user belongs to one organisation).
 */
export async function acceptInvitationAsMember(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId' | 'email'>,
  input: { token: string },
): Promise<void> {
  const tokenHash = sha256Hex(input.token);
  const found = await findInvitationByTokenHash(ctx.db, tokenHash);
  if (!found) throw new AppError('INVITATION_NOT_FOUND');
  if (found.email !== actor.email)
    throw new AppError('FORBIDDEN', { message: INVITATION_TEXTS.wrongAccount });
  assertUsable(found, ctx.clock.now());
  if (found.orgId !== actor.orgId) {
    throw new AppError('CONFLICT', { message: INVITATION_TEXTS.otherOrganization });
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await claimInvitationByTokenHash(tx, tokenHash, now);
    if (!claimed) throw await reasonNotClaimed(tx, tokenHash, now);
    await updateInvitation(tx, claimed.id, { acceptedUserId: actor.userId });
    await appendAudit(tx, ctx.clock, {
      orgId: claimed.orgId,
      actorId: actor.userId,
      actionType: 'invitation_accepted',
      entityType: 'invitation',
      entityId: claimed.id,
      details: {
        email: claimed.email,
        role: claimed.role,
        user_id: actor.userId,
        method: 'existing_account',
      },
    });
  });
}

/**
 * The answer of the invite check for every address. Telling members from strangers would let anyone
 * walk a list of addresses, so the check no longer decides: sign-in and magic links answer the same
 * for both, and an invitee learns their invitation from its link (POST /api/invitations/preview)
 * (docs/decisions/038-no-account-enumeration.md).
 */
export const INVITE_CHECK_ANSWER: VerifyInviteResponse = {
  allowed: true,
  message: 'Sign in with your password or ask for a magic link.',
};

/** POST /api/auth/verify-invite (docs/product.md §7 auth-verify-invite), still limited per client address. */
export async function verifyInvite(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: { clientAddress: string | null },
): Promise<VerifyInviteResponse> {
  // Every request over TCP has an address; only in-process calls (tests, tools) have none.
  if (input.clientAddress) {
    await enforceLimit(
      ctx.db,
      ctx.clock,
      `verify-invite:address:${input.clientAddress}`,
      VERIFY_INVITE_PER_ADDRESS,
    );
  }
  return INVITE_CHECK_ANSWER;
}

// Magic links are sent to an e-mail with a live invitation too: published for the auth-links feature
// (docs/decisions/018-import-boundaries.md).
export { hasLiveInvitationForEmail } from './invitations.queries';

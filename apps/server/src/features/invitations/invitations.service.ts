import {
  ERRORS,
  INVITATION_DAILY_RESEND_CAP,
  INVITATION_LIFETIME_DAYS,
  INVITATION_TEXTS,
  type Invitation,
  type InvitationPreview,
  type InvitationPreviewStatus,
  type InvitationTab,
  type ListInvitationsResponse,
  type Role,
  type VerifyInviteResponse,
} from '@parley/contracts';
import { hashPassword } from '../../auth/passwords';
import { consumeAttempt, type RateLimitRule } from '../../auth/rate-limit';
import type { SessionContext } from '../../auth/sessions';
import type { Db, DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { completeSignIn, type SignInResult } from '../auth/auth.service';
import { deliverEmail, type EmailDeps, queueEmail } from '../email/email.service';
import { readSystemConfig } from '../organizations/organizations.service';
import { findUserIdByEmail } from '../users/users.queries';
import { insertMember } from '../users/users.service';
import { invitationEmail, invitationUrl } from './invitation-email';
import {
  claimInvitationByTokenHash,
  countInvitationsByTab,
  findInvitationById,
  findInvitationByTokenHash,
  findLiveInvitationByEmail,
  findOrganizationName,
  hasLiveInvitationForEmail,
  type InvitationCursor,
  type InvitationRow,
  insertInvitation,
  isActiveMemberEmail,
  listInvitations,
  lockInvitationAddress,
  lockInvitationById,
  updateInvitation,
} from './invitations.queries';

/** What the invitation rules need: the database, time, the public origin and the mail module. */
export type InvitationDeps = { db: Db; clock: Clock; appOrigin: string; email: EmailDeps };

const DAY_MS = 86_400_000;
/** Issue 3: 7 days from each send (a resend renews it); decision 007. */
const LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;

/**
 * The invite check (SPEC §7 auth-verify-invite) answers whether an address may sign in, so it is
 * limited per client address: 30 checks in 15 minutes, enough for an office, too few to harvest.
 */
export const VERIFY_INVITE_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

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

/** SPEC §3/§4: a pending row past its expiry reads as expired. */
function displayStatus(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** SPEC §4: only a pending, non-deleted invitation that is not past expiry can be resent (or linked). */
function isLive(row: InvitationRow, now: Date): boolean {
  return row.status === 'pending' && row.deletedAt === null && row.expiresAt.getTime() > now.getTime();
}

/** SPEC §4: only a pending, non-deleted invitation can be deleted (expired or not). */
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

/** The state a link's holder is shown: deleted first, then the row's status as it reads now (SPEC §4). */
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

async function mustFind(db: DbOrTx, orgId: string, id: string, lock: boolean) {
  const row = lock ? await lockInvitationById(db, orgId, id) : await findInvitationById(db, orgId, id);
  // Another organisation's invitation is as unknown as one that does not exist.
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Queues the invitation mail in the caller's transaction (step 1 of sending). */
async function queueInvitationEmail(
  tx: DbOrTx,
  deps: InvitationDeps,
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
  const { outboxId } = await queueEmail(tx, deps.email, {
    orgId: input.orgId,
    to: input.email,
    template: 'invitation',
    category: 'transactional',
    content: invitationEmail({
      url: invitationUrl(deps.appOrigin, input.token),
      organizationName,
      inviterName: input.inviterName,
      role: input.role,
      expiresAt: input.expiresAt,
      isResend: input.isResend,
    }),
  });
  return outboxId;
}

type Actor = { userId: string; name: string; orgId: string | null };

/**
 * SPEC §5/§7 send-invitation: an admin invites an address with a role. Refused when the address
 * already has an account or a live invitation in the organisation. The row, its mail and its audit
 * entry are one transaction; the mail is handed to SMTP after the commit.
 */
export async function createInvitation(
  deps: InvitationDeps,
  actor: Actor,
  input: { email: string; role: Role },
): Promise<{ invitation: Invitation; email_sent: boolean }> {
  const orgId = actor.orgId;
  if (!orgId) throw new AppError('NO_ORGANIZATION');
  const email = input.email.trim().toLowerCase();
  const token = generateToken();
  const { id, outboxId } = await deps.db.transaction(async (tx) => {
    await lockInvitationAddress(tx, orgId, email);
    const now = deps.clock.now();
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
    await appendAudit(tx, deps.clock, {
      orgId,
      actorId: actor.userId,
      actionType: 'invitation_created',
      entityType: 'invitation',
      entityId: invitationId,
      details: { email, role: input.role, expires_at: expiresAt.toISOString() },
    });
    const queued = await queueInvitationEmail(tx, deps, {
      orgId,
      email,
      role: input.role,
      token,
      expiresAt,
      inviterName: actor.name,
      isResend: false,
    });
    return { id: invitationId, outboxId: queued };
  });
  const emailSent = await deliverEmail(deps.email, outboxId);
  const row = await mustFind(deps.db, orgId, id, false);
  return { invitation: toInvitationDto(row, deps.clock.now()), email_sent: emailSent };
}

function encodeCursor(cursor: InvitationCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(value: string): InvitationCursor {
  const [at = '', id = ''] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !UUID_PATTERN.test(id)) {
    throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Not a cursor from this list' } });
  }
  return { createdAt, id };
}

/** SPEC §7 user_invitations reads: a tab of the manage list, newest first, with every tab's count. */
export async function listInvitationsPage(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  input: { orgId: string; tab: InvitationTab; showDeleted: boolean; limit: number; cursor?: string },
): Promise<ListInvitationsResponse> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const now = deps.clock.now();
  const [rows, counts] = await Promise.all([
    listInvitations(deps.db, { ...input, now, after }),
    countInvitationsByTab(deps.db, { orgId: input.orgId, showDeleted: input.showDeleted, now }),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toInvitationDto(row, now)),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last) : null,
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
 * SPEC §7 resend-invite: only a live invitation, at most INVITATION_DAILY_RESEND_CAP times per UTC
 * day. A resend mints a new token (the old link stops working) and renews the 7 days.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: Actor & { orgId: string },
  id: string,
): Promise<{ resends_remaining: number; email_sent: boolean }> {
  const token = generateToken();
  const { outboxId, remaining } = await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, actor.orgId, id, true);
    const now = deps.clock.now();
    if (!isLive(row, now)) throw new AppError('CONFLICT', { message: INVITATION_TEXTS.resendNotAllowed });
    const usedToday = resendsUsedToday(row, now);
    if (usedToday >= INVITATION_DAILY_RESEND_CAP) throw new ResendLimitError(now);

    const expiresAt = new Date(now.getTime() + LIFETIME_MS);
    await updateInvitation(tx, row.id, {
      tokenHash: sha256Hex(token),
      lastSentAt: now,
      expiresAt,
      resendCountLifetime: row.resendCountLifetime + 1,
      resendDay: utcDay(now),
      resendDayCount: usedToday + 1,
    });
    await appendAudit(tx, deps.clock, {
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
    const queued = await queueInvitationEmail(tx, deps, {
      orgId: actor.orgId,
      email: row.email,
      role: row.role,
      token,
      expiresAt,
      inviterName: actor.name,
      isResend: true,
    });
    return { outboxId: queued, remaining: INVITATION_DAILY_RESEND_CAP - (usedToday + 1) };
  });
  const emailSent = await deliverEmail(deps.email, outboxId);
  return { resends_remaining: remaining, email_sent: emailSent };
}

/**
 * Copy Link: only the token's hash is stored, so the link cannot be read back; a fresh token is
 * minted (the previous link stops working), audited, and its URL returned. The expiry is unchanged.
 */
export async function mintInvitationLink(
  deps: InvitationDeps,
  actor: Actor & { orgId: string },
  id: string,
): Promise<{ url: string }> {
  const token = generateToken();
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, actor.orgId, id, true);
    if (!isLive(row, deps.clock.now()))
      throw new AppError('CONFLICT', { message: INVITATION_TEXTS.linkNotAllowed });
    await updateInvitation(tx, row.id, { tokenHash: sha256Hex(token) });
    await appendAudit(tx, deps.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'invitation_link_copied',
      entityType: 'invitation',
      entityId: row.id,
      details: { email: row.email },
    });
  });
  return { url: invitationUrl(deps.appOrigin, token) };
}

/** SPEC §7 delete-invite: a soft delete of a pending, non-deleted invitation; the link stops working. */
export async function deleteInvitation(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  actor: Actor & { orgId: string },
  input: { id: string; reason: string | undefined },
): Promise<Invitation> {
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, actor.orgId, input.id, true);
    if (!isDeletable(row)) throw new AppError('CONFLICT', { message: INVITATION_TEXTS.deleteNotAllowed });
    const now = deps.clock.now();
    await updateInvitation(tx, row.id, {
      status: 'revoked',
      deletedAt: now,
      deletedBy: actor.userId,
      deleteReason: input.reason ?? null,
    });
    await appendAudit(tx, deps.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'invitation_deleted',
      entityType: 'invitation',
      entityId: row.id,
      details: { email: row.email, reason: input.reason ?? null },
    });
  });
  return toInvitationDto(await mustFind(deps.db, actor.orgId, input.id, false), deps.clock.now());
}

/** What a link shows before anyone acts: nothing is consumed (mail scanners may fetch it). */
export async function previewInvitation(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  token: string,
): Promise<InvitationPreview> {
  const row = await findInvitationByTokenHash(deps.db, sha256Hex(token));
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return {
    email: row.email,
    role: row.role,
    organization_name: row.organizationName,
    status: previewStatus(row, deps.clock.now()),
    expires_at: row.expiresAt.toISOString(),
    magic_link_enabled: await isMagicLinkEnabled(deps.db, row.orgId),
  };
}

/** Re-reads a link that could not be claimed, to say why (it changed since the first look). */
async function reasonNotClaimed(db: DbOrTx, tokenHash: string, now: Date): Promise<AppError> {
  const row = await findInvitationByTokenHash(db, tokenHash);
  if (!row) return new AppError('INVITATION_NOT_FOUND');
  const status = previewStatus(row, now);
  return status === 'pending' ? new AppError('CONFLICT') : goneError(status);
}

/** The organisation's auth_magic_link_enabled setting (SPEC §3: the strings 'true' / 'false'). */
async function isMagicLinkEnabled(db: DbOrTx, orgId: string) {
  return (await readSystemConfig(db, orgId)).auth_magic_link_enabled !== 'false';
}

/**
 * SPEC §7 accept_invitation for a newcomer: the account gets the invited address, role and
 * organisation, and is signed in. The link is consumed by one conditional UPDATE, so of any number
 * of concurrent acceptances exactly one succeeds.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
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
  const found = assertUsable(await findInvitationByTokenHash(deps.db, tokenHash), deps.clock.now());
  if (await findUserIdByEmail(deps.db, found.email)) {
    throw new AppError('CONFLICT', { message: INVITATION_TEXTS.accountExists });
  }
  if (input.password === undefined && !(await isMagicLinkEnabled(deps.db, found.orgId))) {
    throw new AppError('VALIDATION_FAILED', {
      message: INVITATION_TEXTS.passwordRequired,
      fields: { password: INVITATION_TEXTS.passwordRequired },
    });
  }
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const claimed = await claimInvitationByTokenHash(tx, tokenHash, now);
    if (!claimed) throw await reasonNotClaimed(tx, tokenHash, now);
    if (await findUserIdByEmail(tx, claimed.email)) {
      throw new AppError('CONFLICT', { message: INVITATION_TEXTS.accountExists });
    }
    const userId = await insertMember(tx, deps.clock, {
      email: claimed.email,
      name: input.name,
      passwordHash,
      role: claimed.role,
      orgId: claimed.orgId,
      actorId: null,
    });
    await updateInvitation(tx, claimed.id, { acceptedUserId: userId });
    await appendAudit(tx, deps.clock, {
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
    // The same end as every way of signing in, so the MFA step (SPEC §4) is decided the same way.
    const result: SignInResult = await completeSignIn(tx, deps.clock, {
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
 * SPEC §4 step 6: a signed-in user with a token accepts it, but only an invitation sent to their own
 * address, for the organisation they already belong to (a user belongs to one organisation).
 */
export async function acceptInvitationAsMember(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  session: SessionContext,
  token: string,
): Promise<void> {
  const tokenHash = sha256Hex(token);
  const found = await findInvitationByTokenHash(deps.db, tokenHash);
  if (!found) throw new AppError('INVITATION_NOT_FOUND');
  if (found.email !== session.email)
    throw new AppError('FORBIDDEN', { message: INVITATION_TEXTS.wrongAccount });
  assertUsable(found, deps.clock.now());
  if (found.orgId !== session.orgId) {
    throw new AppError('CONFLICT', { message: INVITATION_TEXTS.otherOrganization });
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const claimed = await claimInvitationByTokenHash(tx, tokenHash, now);
    if (!claimed) throw await reasonNotClaimed(tx, tokenHash, now);
    await updateInvitation(tx, claimed.id, { acceptedUserId: session.userId });
    await appendAudit(tx, deps.clock, {
      orgId: claimed.orgId,
      actorId: session.userId,
      actionType: 'invitation_accepted',
      entityType: 'invitation',
      entityId: claimed.id,
      details: {
        email: claimed.email,
        role: claimed.role,
        user_id: session.userId,
        method: 'existing_account',
      },
    });
  });
}

/**
 * The invite check (SPEC §4 step 1, §7 auth-verify-invite): allowed for active members and for
 * addresses with a live invitation; otherwise the spec's refusal. Also used by magic links.
 */
export async function checkInviteAllowance(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  email: string,
): Promise<VerifyInviteResponse> {
  const address = email.trim().toLowerCase();
  const allowed =
    (await isActiveMemberEmail(deps.db, address)) ||
    (await hasLiveInvitationForEmail(deps.db, address, deps.clock.now()));
  return allowed
    ? { allowed: true, message: 'Access allowed.' }
    : { allowed: false, message: ERRORS.NOT_INVITED.message };
}

/** POST /api/auth/verify-invite: the invite check, limited per client address. */
export async function verifyInvite(
  deps: Pick<InvitationDeps, 'db' | 'clock'>,
  input: { email: string; clientAddress: string | null },
): Promise<VerifyInviteResponse> {
  // Every request over TCP has an address; only in-process calls (tests, tools) have none.
  if (input.clientAddress) {
    const result = await consumeAttempt(
      deps.db,
      deps.clock,
      `verify-invite:address:${input.clientAddress}`,
      VERIFY_INVITE_PER_ADDRESS,
    );
    if (!result.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
  }
  return checkInviteAllowance(deps, input.email);
}

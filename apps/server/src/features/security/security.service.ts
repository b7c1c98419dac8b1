import {
  EDITABLE_SYSTEM_CONFIG_KEYS,
  type EditableSystemConfigKey,
  type ListMfaStatusQuery,
  type ListMfaStatusResponse,
  type MemberMfaState,
  type MemberMfaStatus,
  MFA_FAILED_ATTEMPTS_WINDOW_MINUTES,
  type MfaStatsResponse,
  SECURITY_TEXTS,
  type SystemConfigResponse,
  type TestMagicLinkResponse,
  type UpdateSystemConfigInput,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import { revokeUserSessions, type SignInMethod } from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sendOwnMagicLink } from '../auth-links/auth-links.service';
import { deliverEmail, type EmailDeps, queueEmail } from '../email/email.service';
import {
  isSystemConfigOn,
  readSystemConfig,
  writeSystemConfigValue,
} from '../organizations/organizations.service';
import { assertSsoCanBeRequired } from '../sso-policy/sso-required';
import { findOrgMember, listMembers, toAdminUser } from '../users/users.service';
import { mfaResetEmail } from './mfa-reset-email';
import {
  clearMfaLockout,
  countFailedMfaAttemptsSince,
  countMembersWithMfa,
  deleteMfaFactor,
  deletePasskeys,
  deleteRecoveryCodes,
  findLastFailedMfaAttempts,
  findMemberFactorFacts,
  findMfaFactors,
  lockSystemConfig,
  type MemberFactorFacts,
} from './security.queries';

const FAILED_ATTEMPTS_WINDOW_MS = MFA_FAILED_ATTEMPTS_WINDOW_MINUTES * 60_000;

/**
 * docs/product.md §3 MFA stats for one organisation: active members with a verified authenticator out of all
 * active members, and failed code
 * attempts in the last hour by the clock (the window ends now; nothing older counts).
 */
export async function getMfaStats(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<MfaStatsResponse> {
  const since = new Date(ctx.clock.now().getTime() - FAILED_ATTEMPTS_WINDOW_MS);
  const [{ members, withMfa }, failed] = await Promise.all([
    countMembersWithMfa(ctx.db, actor.orgId),
    countFailedMfaAttemptsSince(ctx.db, actor.orgId, since),
  ]);
  return { mfa_enabled_users: withMfa, active_members: members, failed_attempts_1h: failed };
}

/** The stored strings as booleans; a key never stored reads as the default every organisation gets. */
function toSystemConfig(stored: Record<string, string>): SystemConfigResponse {
  return {
    sso_required: isSystemConfigOn(stored, 'sso_required'),
    mfa_totp_enforced: isSystemConfigOn(stored, 'mfa_totp_enforced'),
    auth_magic_link_enabled: isSystemConfigOn(stored, 'auth_magic_link_enabled'),
    drafter_fallback_enabled: isSystemConfigOn(stored, 'drafter_fallback_enabled'),
    mfa_passkey_required_admins: isSystemConfigOn(stored, 'mfa_passkey_required_admins'),
  };
}

export async function getSystemConfig(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<SystemConfigResponse> {
  return toSystemConfig(await readSystemConfig(ctx.db, actor.orgId));
}

const asStored = (value: boolean) => (value ? 'true' : 'false');

/**
 * The Security settings toggles (docs/product.md §2, §3) and the Admin panel's drafting fallback
 * (docs/decisions/025-honest-remote-drafter.md): each changed key is stored as the string 'true' or
 * 'false', and one 'system_config_updated' entry records every change with what it replaced, in
 * the same transaction. A request that changes nothing writes nothing and is not audited.
 */
export async function updateSystemConfig(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  changes: UpdateSystemConfigInput,
  /** The caller's session: requiring SSO needs one just signed in with it. */
  session: { sessionId: string },
): Promise<SystemConfigResponse> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockSystemConfig(tx, actor.orgId);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string>;
    const before = toSystemConfig(stored);
    if (changes.sso_required === true && !before.sso_required) {
      await assertSsoCanBeRequired(tx, ctx.clock, { orgId: actor.orgId, sessionId: session.sessionId });
    }
    const changed: Partial<Record<EditableSystemConfigKey, { from: string; to: string }>> = {};
    const now = ctx.clock.now();
    for (const key of EDITABLE_SYSTEM_CONFIG_KEYS) {
      const wanted = changes[key];
      if (wanted === undefined || wanted === before[key]) continue;
      const to = asStored(wanted);
      await writeSystemConfigValue(tx, { orgId: actor.orgId, key, value: to, updatedAt: now });
      changed[key] = { from: asStored(before[key]), to };
      stored[key] = to;
    }
    if (Object.keys(changed).length === 0) return before;
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'system_config_updated',
      entityType: 'system_config',
      entityId: actor.orgId,
      details: { changes: changed },
    });
    return toSystemConfig(stored);
  });
}

/**
 * 'Send Test Magic Link' (docs/product.md §2, §8): the signed-in admin's own address gets a real magic link,
 * issued by the same code as the sign-in page's, so its checks hold too — an organisation with magic
 * links turned off gets the same refusal, and the per-address rate limit counts it. Only the failed
 * delivery is worded for this page.
 */
export async function sendTestMagicLink(
  ctx: EmailDeps,
  actor: Pick<Actor, 'email'>,
  input: { clientAddress: string | null; userAgent: string | null },
): Promise<TestMagicLinkResponse> {
  const email = actor.email.trim();
  if (!email) throw new AppError('NO_EMAIL_ADDRESS');
  try {
    const { delivery } = await sendOwnMagicLink(ctx, { ...input, email });
    return {
      message: delivery === 'sent' ? SECURITY_TEXTS.testMagicLinkSent : SECURITY_TEXTS.testMagicLinkKept,
      delivery,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_NOT_SENT') {
      throw new AppError('EMAIL_NOT_SENT', { message: SECURITY_TEXTS.testMagicLinkFailed });
    }
    throw error;
  }
}

function mfaStateOf(factor: { verifiedAt: Date | null } | undefined): MemberMfaState {
  if (!factor) return 'none';
  return factor.verifiedAt ? 'enabled' : 'pending';
}

/**
 * 'View User MFA Status': one page of the organisation's members exactly as GET /api/users pages
 * and searches them, each with their MFA state and latest failed attempt (two queries per page).
 */
export async function listMfaStatus(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: ListMfaStatusQuery,
): Promise<ListMfaStatusResponse> {
  const page = await listMembers(ctx, actor, query);
  const ids = page.items.map((u) => u.id);
  const [factors, failures, facts] = await Promise.all([
    findMfaFactors(ctx.db, ids),
    findLastFailedMfaAttempts(ctx.db, ids),
    findMemberFactorFacts(ctx.db, ids),
  ]);
  const factorOf = new Map(factors.map((f) => [f.userId, f]));
  const lastFailedOf = new Map(failures.map((f) => [f.userId, f.lastFailedAt]));
  const factsOf = new Map(facts.map((f) => [f.userId, f]));
  const items = page.items.map((user) =>
    memberMfaStatusOf(user, factorOf.get(user.id), lastFailedOf.get(user.id) ?? null, factsOf.get(user.id)),
  );
  return { items, next_cursor: page.next_cursor, total: page.total };
}

/** One member's row of 'View User MFA Status'. */
function memberMfaStatusOf(
  user: Pick<MemberMfaStatus, 'id' | 'name' | 'email' | 'role'>,
  factor: { verifiedAt: Date | null } | undefined,
  lastFailedAt: Date | null,
  facts: MemberFactorFacts | undefined,
): MemberMfaStatus {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    mfa: mfaStateOf(factor),
    verified_at: factor?.verifiedAt?.toISOString() ?? null,
    last_failed_at: lastFailedAt?.toISOString() ?? null,
    passkeys: facts?.passkeys ?? 0,
    recovery_codes_left: facts?.recoveryCodesLeft ?? 0,
    sso_linked: facts?.ssoLinked ?? false,
    last_sign_in: facts?.lastSignIn
      ? {
          at: facts.lastSignIn.at.toISOString(),
          method: (facts.lastSignIn.method ?? null) as SignInMethod | null,
        }
      : null,
  };
}

/**
 * An admin resets a member's factors (authenticator, passkeys, recovery codes), with a reason: any
 * lockout ends and earlier failures stop counting towards the next one, and every session of the
 * member is revoked, so their next request is a 401 and, when policy requires MFA of them, the next
 * sign-in takes them into enrolment again. The member is told by e-mail, with the reason. One
 * transaction with its 'mfa_reset' audit entry; the mail is handed over after it. Another
 * organisation's member is a 404; one's own factors are changed in Settings, where a current code is
 * required, so a stolen admin session cannot strip them here.
 */
export async function resetMemberMfa(
  ctx: EmailDeps,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  input: { userId: string; reason: string },
): Promise<MemberMfaStatus> {
  const { status, outboxId } = await ctx.db.transaction(async (tx) => {
    const member = await findOrgMember(tx, actor.orgId, input.userId);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.id === actor.userId) throw new AppError('SELF_MFA_RESET');

    const factor = await deleteMfaFactor(tx, member.id);
    const passkeysDeleted = await deletePasskeys(tx, member.id);
    const recoveryCodesDeleted = await deleteRecoveryCodes(tx, member.id);
    if (!factor && passkeysDeleted === 0 && recoveryCodesDeleted === 0) throw new AppError('NO_MFA_TO_RESET');
    const lockoutCleared = await clearMfaLockout(tx, member.id, ctx.clock.now());

    await revokeUserSessions(tx, ctx.clock, member.id);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'mfa_reset',
      entityType: 'user',
      entityId: member.id,
      details: {
        email: member.email,
        reason: input.reason,
        previous_mfa: passkeysDeleted > 0 ? 'enabled' : mfaStateOf(factor ?? undefined),
        ...(passkeysDeleted > 0 ? { passkeys_deleted: passkeysDeleted } : {}),
        recovery_codes_deleted: recoveryCodesDeleted,
        lockout_cleared: lockoutCleared,
        sessions_revoked: 'all',
      },
    });
    const mail = await queueEmail(tx, ctx, {
      orgId: actor.orgId,
      to: member.email,
      template: 'mfa_reset',
      category: 'transactional',
      content: mfaResetEmail({ adminName: actor.name, reason: input.reason, appOrigin: ctx.appOrigin }),
    });
    const [lastFailed] = await findLastFailedMfaAttempts(tx, [member.id]);
    const [facts] = await findMemberFactorFacts(tx, [member.id]);
    const status = memberMfaStatusOf(toAdminUser(member), undefined, lastFailed?.lastFailedAt ?? null, facts);
    return { status, outboxId: mail.isSuppressed ? null : mail.outboxId };
  });
  if (outboxId) await deliverEmail(ctx, outboxId);
  return status;
}

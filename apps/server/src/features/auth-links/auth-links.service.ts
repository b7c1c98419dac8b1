import {
  AUTH_LINK_PATHS,
  AUTH_LINK_TEXTS,
  MAGIC_LINK_LIFETIME_MINUTES,
  PASSWORD_RESET_LIFETIME_MINUTES,
  type Role,
  resolveRole,
} from '@parley/contracts';
import { hashPassword } from '../../auth/passwords';
import { consumeAttempt, type RateLimitRule } from '../../auth/rate-limit';
import { revokeUserSessions } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { completeSignIn, forgetSignInFailures, type SignInResult } from '../auth/auth.service';
import {
  deliverAll,
  deliverEmail,
  deliverOutboxMail,
  type EmailDeps,
  queueEmail,
} from '../email/email.service';
import { hasLiveInvitationForEmail } from '../invitations/invitations.service';
import { readSystemConfig } from '../organizations/organizations.service';
import {
  findSsoRequirement,
  isSignInWithoutSsoAllowed,
  recordBreakGlassSignIn,
} from '../sso-policy/sso-required';
import { findSignInAccount } from '../users/users.service';
import {
  consumeAuthToken,
  deleteOtherUnusedAuthTokens,
  deleteUnusedAuthTokens,
  findLinkAccount,
  findLiveAuthToken,
  insertAuthToken,
  updatePasswordHash,
} from './auth-links.queries';

/** Links are e-mailed: the e-mail module's context is all these services need. */
type LinksContext = EmailDeps;
type Client = { clientAddress: string | null; userAgent: string | null };

/**
 * Link requests: each one sends a mail, so few per address are needed. 3 per e-mail in
 * 15 minutes stops a mailbox being flooded; 20 per client address stops one caller walking a list.
 */
export const LINK_REQUESTS_PER_EMAIL: RateLimitRule = { limit: 3, windowSeconds: 15 * 60 };
export const LINK_REQUESTS_PER_ADDRESS: RateLimitRule = { limit: 20, windowSeconds: 15 * 60 };

const MAGIC_LINK_LIFETIME_MS = MAGIC_LINK_LIFETIME_MINUTES * 60_000;
const PASSWORD_RESET_LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60_000;

/** docs/product.md §3 system config: magic links are on unless the organisation set the key to 'false'. */
const MAGIC_LINK_CONFIG_KEY = 'auth_magic_link_enabled';

type RefusalReason = 'unknown_email' | 'deactivated' | 'no_membership' | 'no_role';

type Member = { id: string; email: string; name: string; orgId: string; role: Role };

/** Only an active member with a readable role may use a link (docs/product.md §4 step 1, §5). */
function memberOrRefusal(
  account: {
    id: string;
    email: string;
    status: string;
    name: string | null;
    orgId: string | null;
    roles: string[];
  } | null,
): { member: Member } | { reason: RefusalReason } {
  if (!account) return { reason: 'unknown_email' };
  if (account.status !== 'active') return { reason: 'deactivated' };
  if (!account.orgId) return { reason: 'no_membership' };
  const role = resolveRole(account.roles);
  if (role === null) return { reason: 'no_role' };
  return {
    member: {
      id: account.id,
      email: account.email,
      name: account.name ?? account.email,
      orgId: account.orgId,
      role,
    },
  };
}

async function limitRequests(ctx: LinksContext, kind: string, email: string, clientAddress: string | null) {
  const buckets = [{ name: `${kind}:email:${email}`, rule: LINK_REQUESTS_PER_EMAIL }];
  // Every request over TCP has an address; only in-process calls (tests, tools) have none.
  if (clientAddress)
    buckets.push({ name: `${kind}:address:${clientAddress}`, rule: LINK_REQUESTS_PER_ADDRESS });
  for (const bucket of buckets) {
    const result = await consumeAttempt(ctx.db, ctx.clock, bucket.name, bucket.rule);
    if (!result.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
  }
}

async function isMagicLinkEnabled(db: DbOrTx, orgId: string) {
  return (await readSystemConfig(db, orgId))[MAGIC_LINK_CONFIG_KEY] !== 'false';
}

function linkUrl(ctx: LinksContext, path: string, token: string) {
  return `${ctx.appOrigin}${path}?${new URLSearchParams({ token })}`;
}

/** The refusals of issueMagicLink: audited with their reason, answered to strangers as a sent link. */
const MAGIC_LINK_REFUSALS = new Set([
  'NOT_INVITED',
  'INVITATION_NOT_ACCEPTED',
  'MAGIC_LINK_DISABLED',
  'SSO_REQUIRED',
]);

/**
 * The invite check, then a single-use link valid 15 minutes, queued (not yet handed to SMTP).
 * Refused, and audited with the reason, for anyone but an active member, and for members of an
 * organisation that turned magic links off. The token is never stored or audited, only its SHA-256.
 */
async function issueMagicLink(ctx: LinksContext, input: { email: string } & Client): Promise<string> {
  await limitRequests(ctx, 'magic-link', input.email, input.clientAddress);
  const now = ctx.clock.now();
  const account = await findSignInAccount(ctx.db, input.email);
  const decision = memberOrRefusal(account);

  const refuse = async (reason: string, error: AppError): Promise<never> => {
    // In a transaction of its own: appendAudit's lock on the chain head holds only inside one.
    await ctx.db.transaction((tx) =>
      appendAudit(tx, ctx.clock, {
        orgId: account?.orgId ?? null,
        actorId: account?.id ?? null,
        actionType: 'magic_link_refused',
        entityType: 'user',
        entityId: account?.id ?? null,
        details: { email: input.email, reason, client_address: input.clientAddress },
      }),
    );
    throw error;
  };

  if ('reason' in decision) {
    // An invited e-mail has no account until it accepts: the audit entry says so rather than "not invited".
    const isInvited = !account && (await hasLiveInvitationForEmail(ctx.db, input.email, now));
    return isInvited
      ? refuse('invitation_not_accepted', new AppError('INVITATION_NOT_ACCEPTED'))
      : refuse(decision.reason, new AppError('NOT_INVITED'));
  }
  const { member } = decision;
  if (!(await isMagicLinkEnabled(ctx.db, member.orgId))) {
    return refuse('magic_link_disabled', new AppError('MAGIC_LINK_DISABLED'));
  }
  if (!isSignInWithoutSsoAllowed(await findSsoRequirement(ctx.db, member.orgId), member.id)) {
    return refuse('sso_required', new AppError('SSO_REQUIRED'));
  }

  const token = generateToken();
  const expiresAt = new Date(now.getTime() + MAGIC_LINK_LIFETIME_MS);
  const outboxId = await ctx.db.transaction(async (tx) => {
    const linkId = await insertAuthToken(tx, {
      userId: member.id,
      purpose: 'magic_link',
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt,
    });
    const url = linkUrl(ctx, AUTH_LINK_PATHS.magicLink, token);
    const mail = await queueEmail(tx, ctx, {
      orgId: member.orgId,
      to: member.email,
      template: 'magic_link',
      category: 'transactional',
      content: {
        subject: 'Your sign-in link for Parley',
        title: 'Sign in to Parley',
        paragraphs: [
          `Use the button below to sign in as ${member.email}. The link works once and expires in ${MAGIC_LINK_LIFETIME_MINUTES} minutes.`,
          'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the link.',
        ],
        action: { label: 'Sign in to Parley', url },
      },
    });
    await appendAudit(tx, ctx.clock, {
      orgId: member.orgId,
      actorId: member.id,
      actionType: 'magic_link_requested',
      entityType: 'user',
      entityId: member.id,
      details: {
        email: member.email,
        link_id: linkId,
        expires_at: expiresAt.toISOString(),
        client_address: input.clientAddress,
      },
    });
    return mail.outboxId;
  });
  return outboxId;
}

/**
 * 'Send Magic Link' on the sign-in page (docs/product.md §5, §8): the same answer for a member and a
 * stranger, so it tells nobody which addresses have an account
 * (docs/decisions/038-no-account-enumeration.md). Only a member is mailed; the audit log keeps the
 * real reason of every refusal. Like a reset mail, the link is handed to SMTP after the answer, so a
 * member's answer is not slower than a stranger's; a failed delivery stays in the outbox as failed.
 */
export async function requestMagicLink(ctx: LinksContext, input: { email: string } & Client) {
  let outboxId: string;
  try {
    outboxId = await issueMagicLink(ctx, input);
  } catch (error) {
    if (error instanceof AppError && MAGIC_LINK_REFUSALS.has(error.code)) {
      return { message: AUTH_LINK_TEXTS.magicLinkSent };
    }
    throw error;
  }
  deliverAfterAnswer(ctx, outboxId, 'magic link');
  return { message: AUTH_LINK_TEXTS.magicLinkSent };
}

/**
 * A magic link to a signed-in admin's own address ('Send Test Magic Link'): the caller is known, so
 * refusals are told as they are, and the mail is handed over at once (a failed delivery is a 502).
 */
export async function sendOwnMagicLink(ctx: LinksContext, input: { email: string } & Client) {
  const outboxId = await issueMagicLink(ctx, input);
  const { status } = await deliverOutboxMail(ctx, outboxId);
  // Kept in the outbox (no SMTP_URL) is not a failure of the link, but it was not sent either.
  if (status !== 'sent' && status !== 'stored') {
    throw new AppError('EMAIL_NOT_SENT', { message: AUTH_LINK_TEXTS.magicLinkFailed });
  }
  return { message: AUTH_LINK_TEXTS.magicLinkSent, delivery: status };
}

/** Hands a queued mail to SMTP without holding the answer; a failure is logged and the outbox keeps it. */
function deliverAfterAnswer(ctx: LinksContext, outboxId: string, what: string) {
  void deliverEmail(ctx, outboxId).catch((error: unknown) => {
    ctx.logger.error(`${what} mail could not be handed over`, {
      outboxId,
      error: error instanceof Error ? error.message : String(error),
    });
  });
}

/**
 * The button of /auth/magic: uses the link up atomically, checks the user is still an
 * active member of an organisation that allows magic links, and signs in through the same
 * completeSignIn as a password, so the MFA step that follows is the same. A refusal still uses the
 * link up and is audited.
 */
export async function consumeMagicLink(
  ctx: LinksContext,
  input: { token: string } & Client,
): Promise<SignInResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const link = await consumeAuthToken(tx, sha256Hex(input.token), 'magic_link', now);
    if (!link) return { error: new AppError('LINK_EXPIRED') } as const;

    const account = await findLinkAccount(tx, link.userId);
    const refuse = async (reason: string, error: AppError) => {
      await appendAudit(tx, ctx.clock, {
        orgId: account?.orgId ?? null,
        actorId: link.userId,
        actionType: 'magic_link_refused',
        entityType: 'user',
        entityId: link.userId,
        details: { link_id: link.id, reason, client_address: input.clientAddress },
      });
      return { error } as const;
    };
    const decision = memberOrRefusal(account);
    if ('reason' in decision) return refuse(decision.reason, new AppError('NOT_INVITED'));
    if (!(await isMagicLinkEnabled(tx, decision.member.orgId))) {
      return refuse('magic_link_disabled', new AppError('MAGIC_LINK_DISABLED'));
    }

    const { member } = decision;
    const sso = await findSsoRequirement(tx, member.orgId);
    if (!isSignInWithoutSsoAllowed(sso, member.id))
      return refuse('sso_required', new AppError('SSO_REQUIRED'));
    const user = { id: member.id, email: member.email, name: member.name };
    const notices = sso.required
      ? await recordBreakGlassSignIn(tx, ctx, {
          orgId: member.orgId,
          user,
          method: 'magic_link',
          clientAddress: input.clientAddress,
        })
      : [];
    const result = await completeSignIn(tx, ctx.clock, {
      user,
      orgId: member.orgId,
      role: member.role,
      method: 'magic_link',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
    });
    return { result, notices } as const;
  });
  if ('error' in outcome) throw outcome.error;
  await deliverAll(ctx, outcome.notices);
  return outcome.result;
}

/**
 * 'Forgot password?': always the same answer, whether or not the e-mail has an account,
 * so the answer tells nobody which addresses exist. For an active member a single-use link valid
 * one hour replaces any earlier unused one. Every request is audited (with the real outcome), the
 * token never is. The mail is handed to SMTP after the answer, so a known address does not answer
 * slower than an unknown one; a failed delivery stays in the outbox as failed.
 */
export async function requestPasswordReset(ctx: LinksContext, input: { email: string } & Client) {
  await limitRequests(ctx, 'password-reset', input.email, input.clientAddress);
  const now = ctx.clock.now();
  const account = await findSignInAccount(ctx.db, input.email);
  const decision = memberOrRefusal(account);
  // Made for every request, used only for a member: the same work either way, as far as practical.
  const token = generateToken();
  const tokenHash = sha256Hex(token);
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS);

  const outboxId = await ctx.db.transaction(async (tx) => {
    if ('reason' in decision) {
      await appendAudit(tx, ctx.clock, {
        orgId: account?.orgId ?? null,
        actorId: account?.id ?? null,
        actionType: 'password_reset_requested',
        entityType: 'user',
        entityId: account?.id ?? null,
        details: { email: input.email, outcome: decision.reason, client_address: input.clientAddress },
      });
      return null;
    }
    const { member } = decision;
    await deleteUnusedAuthTokens(tx, member.id, 'password_reset');
    const linkId = await insertAuthToken(tx, {
      userId: member.id,
      purpose: 'password_reset',
      tokenHash,
      createdAt: now,
      expiresAt,
    });
    const mail = await queueEmail(tx, ctx, {
      orgId: member.orgId,
      to: member.email,
      template: 'password_reset',
      category: 'transactional',
      content: {
        subject: 'Reset your Parley password',
        title: 'Reset your password',
        paragraphs: [
          `Someone asked to reset the password of ${member.email}. The link works once and expires in one hour.`,
          'After the reset, every device signed in to your account is signed out.',
          'If you did not ask for it, ignore this e-mail: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: linkUrl(ctx, AUTH_LINK_PATHS.resetPassword, token) },
      },
    });
    await appendAudit(tx, ctx.clock, {
      orgId: member.orgId,
      actorId: member.id,
      actionType: 'password_reset_requested',
      entityType: 'user',
      entityId: member.id,
      details: {
        email: member.email,
        outcome: 'link_sent',
        link_id: linkId,
        expires_at: expiresAt.toISOString(),
        client_address: input.clientAddress,
      },
    });
    return mail.outboxId;
  });

  if (outboxId) deliverAfterAnswer(ctx, outboxId, 'password reset');
  return { message: AUTH_LINK_TEXTS.passwordResetRequested };
}

/**
 * The form of /auth/reset: uses the link up, sets the new argon2id hash, revokes every
 * session of the user and voids their other unused links, with the audit entry, in one
 * transaction. The user then signs in with the new password; nobody is signed in here.
 */
export async function completePasswordReset(
  ctx: LinksContext,
  input: { token: string; password: string } & Client,
) {
  const tokenHash = sha256Hex(input.token);
  const expired = () => new AppError('LINK_EXPIRED', { message: AUTH_LINK_TEXTS.resetLinkExpired });
  // A cheap look first, so a dead link never costs an argon2 hash.
  if (!(await findLiveAuthToken(ctx.db, tokenHash, 'password_reset', ctx.clock.now()))) throw expired();
  const passwordHash = await hashPassword(input.password);

  await ctx.db.transaction(async (tx) => {
    const link = await consumeAuthToken(tx, tokenHash, 'password_reset', ctx.clock.now());
    if (!link) throw expired();
    const decision = memberOrRefusal(await findLinkAccount(tx, link.userId));
    // Deactivated (or removed) since the link was sent: nothing changes, the link stays unused.
    if ('reason' in decision) throw new AppError('NOT_INVITED');
    const { member } = decision;
    await updatePasswordHash(tx, member.id, passwordHash);
    await revokeUserSessions(tx, ctx.clock, member.id);
    await deleteOtherUnusedAuthTokens(tx, member.id, link.id);
    await forgetSignInFailures(tx, member.email);
    await appendAudit(tx, ctx.clock, {
      orgId: member.orgId,
      actorId: member.id,
      actionType: 'password_reset',
      entityType: 'user',
      entityId: member.id,
      details: { link_id: link.id, sessions_revoked: 'all', client_address: input.clientAddress },
    });
  });
  return { message: AUTH_LINK_TEXTS.passwordChanged };
}

import {
  resolveRole,
  SSO_FRESH_SIGN_IN_MINUTES,
  SSO_REQUIRED_TEXTS,
  type SsoBreakGlassInput,
  type SsoBreakGlassResponse,
} from '@parley/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  organizations,
  orgMemberships,
  profiles,
  sessions,
  ssoProviders,
  systemConfig,
  userRoles,
  users,
} from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EmailDeps } from '../email/email.service';
import { notifyMembers } from '../notifications/notifications.service';
import { listOrgRecipients } from '../notifications/recipients';
import { findOrgMember } from '../users/users.service';

/**
 * 'SSO required' (docs/decisions/056-single-sign-on.md): while it is on, password and magic-link
 * sign-ins of the organisation's members are refused, except the break-glass admin's, whose every
 * such sign-in is audited and told to every admin. Turning it on needs a provider and an admin who
 * has just signed in with it.
 */

export type SsoRequirement = { required: boolean; breakGlassUserId: string | null };

export async function findSsoRequirement(db: DbOrTx, orgId: string): Promise<SsoRequirement> {
  const [row] = await db
    .select({ breakGlassUserId: organizations.ssoBreakGlassUserId, required: systemConfig.value })
    .from(organizations)
    .leftJoin(
      systemConfig,
      and(eq(systemConfig.orgId, organizations.id), eq(systemConfig.key, 'sso_required')),
    )
    .where(eq(organizations.id, orgId));
  return { required: row?.required === 'true', breakGlassUserId: row?.breakGlassUserId ?? null };
}

/** Whether a member may sign in without SSO: always, unless it is required and they are not the break-glass admin. */
export function isSignInWithoutSsoAllowed(requirement: SsoRequirement, userId: string): boolean {
  return !requirement.required || requirement.breakGlassUserId === userId;
}

/**
 * The break-glass admin signed in without SSO: audited, and every admin told in the app and by
 * e-mail (a security notice, whatever their settings), in the sign-in's transaction. Returns the
 * mails to hand over after commit.
 */
export async function recordBreakGlassSignIn(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: {
    orgId: string;
    user: { id: string; name: string; email: string };
    method: 'password' | 'magic_link';
    clientAddress: string | null;
  },
): Promise<string[]> {
  await appendAudit(tx, deps.clock, {
    orgId: input.orgId,
    actorId: input.user.id,
    actionType: 'sso_break_glass_used',
    entityType: 'user',
    entityId: input.user.id,
    details: { email: input.user.email, method: input.method, client_address: input.clientAddress },
  });
  const admins = (await listOrgRecipients(tx, input.orgId)).filter((member) => member.role === 'admin');
  const body = SSO_REQUIRED_TEXTS.breakGlassBody(input.user.name, input.method);
  return notifyMembers(tx, deps, {
    orgId: input.orgId,
    recipients: admins,
    kind: 'sso_break_glass_used',
    messageId: null,
    title: SSO_REQUIRED_TEXTS.breakGlassTitle,
    body,
    email: {
      subject: `Parley: ${SSO_REQUIRED_TEXTS.breakGlassTitle.toLowerCase()}`,
      title: SSO_REQUIRED_TEXTS.breakGlassTitle,
      paragraphs: [
        body,
        'If this was not agreed, reset the account in Security Settings and review the audit log.',
      ],
    },
    isSecurityNotice: true,
    now: deps.clock.now(),
  });
}

/**
 * Refuses to turn 'SSO required' on unless the organisation has an enabled provider and the admin's
 * own session was signed in with it in the last SSO_FRESH_SIGN_IN_MINUTES minutes.
 */
export async function assertSsoCanBeRequired(
  tx: DbOrTx,
  clock: Clock,
  input: { orgId: string; sessionId: string },
) {
  const [provider] = await tx
    .select({ enabled: ssoProviders.enabled })
    .from(ssoProviders)
    .where(eq(ssoProviders.orgId, input.orgId));
  if (!provider?.enabled) {
    throw new AppError('CONFLICT', { message: SSO_REQUIRED_TEXTS.needsProvider });
  }
  const [session] = await tx
    .select({ method: sessions.method, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, input.sessionId));
  const freshSince = clock.now().getTime() - SSO_FRESH_SIGN_IN_MINUTES * 60_000;
  if (session?.method !== 'sso' || session.createdAt.getTime() < freshSince) {
    throw new AppError('CONFLICT', { message: SSO_REQUIRED_TEXTS.needsFreshSso });
  }
}

/** The organisation's active admins, by name: who may be the break-glass admin. */
async function listActiveAdmins(db: DbOrTx, orgId: string) {
  return db
    .select({
      user_id: users.id,
      name: sql<string>`coalesce(${profiles.name}, ${users.email})`,
      email: users.email,
    })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(orgMemberships.orgId, orgId), eq(users.status, 'active')))
    .orderBy(asc(profiles.name), asc(users.email))
    .limit(100);
}

async function breakGlassView(
  db: DbOrTx,
  orgId: string,
  userId: string | null,
): Promise<SsoBreakGlassResponse> {
  const member = userId ? await findOrgMember(db, orgId, userId) : null;
  const admins = await listActiveAdmins(db, orgId);
  return member
    ? { user_id: member.id, name: member.name, email: member.email, admins }
    : { user_id: null, name: null, email: null, admins };
}

export async function getBreakGlass(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<SsoBreakGlassResponse> {
  const { breakGlassUserId } = await findSsoRequirement(ctx.db, actor.orgId);
  return breakGlassView(ctx.db, actor.orgId, breakGlassUserId);
}

/** PUT /api/security/sso-break-glass: names the break-glass admin (an active admin) or nobody; audited. */
export async function setBreakGlass(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: SsoBreakGlassInput,
): Promise<SsoBreakGlassResponse> {
  return ctx.db.transaction(async (tx) => {
    if (input.user_id) {
      const member = await findOrgMember(tx, actor.orgId, input.user_id);
      if (member?.status !== 'active' || resolveRole(member.roles) !== 'admin') {
        throw new AppError('VALIDATION_FAILED', {
          fields: { user_id: SSO_REQUIRED_TEXTS.breakGlassNotAdmin },
        });
      }
    }
    const { breakGlassUserId: before } = await findSsoRequirement(tx, actor.orgId);
    if (before === input.user_id) return breakGlassView(tx, actor.orgId, before);
    await tx
      .update(organizations)
      .set({ ssoBreakGlassUserId: input.user_id })
      .where(eq(organizations.id, actor.orgId));
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'sso_break_glass_changed',
      entityType: 'organization',
      entityId: actor.orgId,
      details: { before, after: input.user_id },
    });
    return breakGlassView(tx, actor.orgId, input.user_id);
  });
}

import type { Aal, Role } from '@parley/contracts';
import type { SessionContext } from './sessions';

/**
 * Who is calling: the one shape every service receives. The policy guard builds it from the session
 * once per request, after the role is resolved and MFA assurance checked, so a service never looks at
 * cookies, sessions or role lists; every query it runs is scoped by `orgId`.
 */
export type Actor = {
  userId: string;
  orgId: string;
  role: Role;
  /** The member's display name (their e-mail when no name is set). */
  name: string;
  email: string;
  /** The assurance level of the session (aal2 once a second factor was verified). */
  aal: Aal;
};

export function actorOf(session: SessionContext, role: Role): Actor {
  return {
    userId: session.userId,
    orgId: session.orgId,
    role,
    name: session.name,
    email: session.email,
    aal: session.aal,
  };
}

/**
 * Who a write is recorded against: a member of the organisation, or nobody (null) for the seed's
 * writes made before the organisation has members.
 */
export type AuditActor = { userId: string | null; orgId: string };

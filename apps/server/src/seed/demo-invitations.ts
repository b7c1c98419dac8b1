import type { Role } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userInvitations } from '../db/schema';
import { findUserIdByEmail } from '../features/users/users.queries';
import { appendAudit } from '../lib/audit';
import type { Clock } from '../lib/clock';
import { generateToken, sha256Hex } from '../lib/crypto';

const DAY_MS = 86_400_000;

type DemoInvitation = {
  email: string;
  role: Role;
  /** Days before now it was sent, and the days it was valid for from then. */
  sentDaysAgo: number;
  validDays: number;
  state: 'pending' | 'accepted' | 'expired' | 'deleted';
  resends?: number;
  deleteReason?: string;
  /** For the accepted one: the demo user who accepted it. */
  acceptedEmail?: string;
};

/**
 * DEMO DATA ONLY: one or more invitations in every state, so each tab of the Invite Users screen
 * shows something. Their tokens are random and never printed; Copy Link mints a usable one.
 */
const DEMO_INVITATIONS: DemoInvitation[] = [
  {
    email: 'jordan.lee@parley.example',
    role: 'ir_associate',
    sentDaysAgo: 1,
    validDays: 7,
    state: 'pending',
  },
  {
    email: 'priya.shah@parley.example',
    role: 'ir_director',
    sentDaysAgo: 3,
    validDays: 7,
    state: 'pending',
    resends: 1,
  },
  {
    email: 'associate@parley.example',
    role: 'ir_associate',
    sentDaysAgo: 20,
    validDays: 7,
    state: 'accepted',
    acceptedEmail: 'associate@parley.example',
  },
  {
    email: 'morgan.blake@parley.example',
    role: 'is_associate',
    sentDaysAgo: 12,
    validDays: 7,
    state: 'expired',
  },
  {
    email: 'casey.nguyen@parley.example',
    role: 'ir_associate',
    sentDaysAgo: 5,
    validDays: 7,
    state: 'deleted',
    deleteReason: 'Joined another team',
  },
];

/**
 * Adds the demo invitations the organisation does not have yet (by e-mail), each audited as
 * created; running it again adds nothing. Returns how many were added.
 */
export async function seedDemoInvitations(
  deps: { db: Db; clock: Clock },
  orgId: string,
  adminId: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ email: userInvitations.email })
      .from(userInvitations)
      .where(
        and(
          eq(userInvitations.orgId, orgId),
          inArray(
            userInvitations.email,
            DEMO_INVITATIONS.map((d) => d.email),
          ),
        ),
      );
    const have = new Set(existing.map((r) => r.email));
    const now = deps.clock.now().getTime();
    let added = 0;
    for (const demo of DEMO_INVITATIONS) {
      if (have.has(demo.email)) continue;
      const createdAt = new Date(now - demo.sentDaysAgo * DAY_MS);
      const acceptedUserId = demo.acceptedEmail ? await findUserIdByEmail(tx, demo.acceptedEmail) : null;
      const [row] = await tx
        .insert(userInvitations)
        .values({
          orgId,
          email: demo.email,
          role: demo.role,
          invitedBy: adminId,
          tokenHash: sha256Hex(generateToken()),
          createdAt,
          lastSentAt: createdAt,
          expiresAt: new Date(createdAt.getTime() + demo.validDays * DAY_MS),
          status: demo.state === 'deleted' ? 'revoked' : demo.state,
          accepted: demo.state === 'accepted',
          acceptedAt: demo.state === 'accepted' ? new Date(createdAt.getTime() + DAY_MS) : null,
          acceptedUserId,
          deletedAt: demo.state === 'deleted' ? new Date(createdAt.getTime() + 2 * DAY_MS) : null,
          deletedBy: demo.state === 'deleted' ? adminId : null,
          deleteReason: demo.deleteReason ?? null,
          resendCountLifetime: demo.resends ?? 0,
        })
        .returning({ id: userInvitations.id });
      if (!row) throw new Error('demo invitation insert returned nothing');
      await appendAudit(tx, deps.clock, {
        orgId,
        actorId: adminId,
        actionType: 'invitation_created',
        entityType: 'invitation',
        entityId: row.id,
        details: { email: demo.email, role: demo.role, source: 'demo_seed' },
      });
      added += 1;
    }
    return added;
  });
}

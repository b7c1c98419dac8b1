import type { CompleteSetupInput } from '@parley/contracts';
import { hashPassword } from '../../auth/passwords';
import type { ServiceContext } from '../../context';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { completeSignIn, type SignInResult } from '../auth/auth.service';
import { createOrganization } from '../organizations/organizations.service';
import { countUsers, hasAnyUser, insertMember } from '../users/users.service';
import { lockLiveSetupToken, markSetupTokenUsed, replaceSetupTokens } from './setup.queries';

type SetupContext = Pick<ServiceContext, 'db' | 'clock'>;

/** A setup link lives 24 hours; every start without users prints a fresh one and voids the older. */
const SETUP_LINK_LIFETIME_MS = 24 * 3_600_000;

export const SETUP_LINK_INVALID =
  'This setup link is invalid, used or expired. Restart Parley to print a new one.';

/** Set up once anyone exists: the setup link then has nothing left to do. */
export async function isSetUp(ctx: Pick<ServiceContext, 'db'>): Promise<boolean> {
  return hasAnyUser(ctx.db);
}

/** On first start (no users yet): a one-time setup token, or null once anyone exists. */
export async function issueSetupToken(ctx: SetupContext): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) return null;
    const token = generateToken();
    const expiresAt = new Date(ctx.clock.now().getTime() + SETUP_LINK_LIFETIME_MS);
    await replaceSetupTokens(tx, { tokenHash: sha256Hex(token), expiresAt });
    return token;
  });
}

/**
 * Consumes the setup link: the first organisation, its admin and a signed-in session, in one
 * transaction. Refused once any user exists, so the link can never add a second admin.
 */
export async function completeSetup(
  ctx: SetupContext,
  input: CompleteSetupInput & { clientAddress: string | null; userAgent: string | null },
) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const token = await lockLiveSetupToken(tx, sha256Hex(input.token), now);
    if (!token || (await countUsers(tx)) > 0) throw new AppError('CONFLICT', { message: SETUP_LINK_INVALID });
    await markSetupTokenUsed(tx, token.id, now);

    const orgId = await createOrganization(tx, ctx.clock, { name: input.organization, actorId: null });
    const userId = await insertMember(tx, ctx.clock, {
      ...input,
      passwordHash,
      role: 'admin',
      orgId,
      actorId: null,
    });
    // The same end as every way of signing in: an admin is taken into MFA enrolment (docs/product.md §6).
    const result: SignInResult = await completeSignIn(tx, ctx.clock, {
      user: { id: userId, email: input.email, name: input.name },
      orgId,
      role: 'admin',
      method: 'setup',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
    });
    return result;
  });
}

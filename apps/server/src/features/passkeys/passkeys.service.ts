import {
  MFA_MAX_FAILED_ATTEMPTS,
  MFA_TEXTS,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_TEXTS,
  type Passkey,
  type PasskeyListResponse,
  type RegisterPasskeyInput,
  type RegisterPasskeyResponse,
  type Role,
  type VerifyPasskeyInput,
  type VerifyPasskeyResponse,
} from '@parley/contracts';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  hasMfaFactor,
  isMfaRequired,
  markSessionMfaVerified,
  raiseSessionToAal2,
  type SessionContext,
} from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  assertRecentlyVerified,
  auditMfa,
  checkCode,
  findMfaFacts,
  isRecentlyVerified,
  issueRecoveryCodes,
  type RotatedSession,
} from '../mfa/mfa.service';
import {
  consumeChallenge,
  deletePasskey,
  deleteRecoveryCodes,
  findOwnCredentialForUpdate,
  insertPasskey,
  listPasskeys,
  lockPasskeys,
  recordPasskeyUse,
  renamePasskey,
  saveChallenge,
} from './passkeys.queries';

/** A passkey assertion that did not verify (counted towards the lockout like a wrong code). */
const PASSKEY_VERIFY_FAILED_ACTION = 'passkey_verify_failed';

/** The relying party is Parley's public origin (APP_ORIGIN); recovery codes need the encryption key. */
type PasskeyContext = Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey' | 'appOrigin'>;

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/** The relying party's name the browser shows beside the passkey. */
const RP_NAME = 'Parley';

/**
 * The relying party: its id is the host of the configured public origin, and an answer must come
 * from exactly that origin (docs/decisions/057-passkeys.md).
 */
export function relyingPartyOf(appOrigin: string) {
  const url = new URL(appOrigin);
  return { rpID: url.hostname, origin: url.origin };
}

// The library is imported on first use, not at start (docs/decisions/045-compiled-server.md).
const webauthn = () => import('@simplewebauthn/server');

type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
    device_type: row.deviceType,
  };
}

/** A 400 that names `response`, the one field a ceremony's answer is. */
function responseError(message: string) {
  return new AppError('VALIDATION_FAILED', { fields: { response: message } });
}

/** The challenge the browser signed, read from the answer's clientDataJSON (base64url JSON). */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    if (typeof clientData?.challenge === 'string' && clientData.challenge.length > 0)
      return clientData.challenge;
  } catch {
    // falls through to the 400 below
  }
  throw responseError(PASSKEY_TEXTS.invalidResponse);
}

/**
 * Adding a passkey needs a factor verified in the last 5 minutes whenever the user already has one
 * (an authenticator or a passkey), as changing the authenticator does; a user with no factor yet
 * adds their first one as they would enrol an authenticator app.
 */
function assertMayRegister(ctx: Pick<PasskeyContext, 'clock'>, session: SessionContext) {
  if (session.hasVerifiedTotp || session.hasPasskey) assertRecentlyVerified(ctx, session);
}

/** GET /api/mfa/passkeys: the caller's passkeys. */
export async function readPasskeys(
  ctx: Pick<PasskeyContext, 'db'>,
  session: SessionContext,
): Promise<PasskeyListResponse> {
  return { items: (await listPasskeys(ctx.db, session.userId)).map(toPasskey) };
}

/**
 * POST /api/mfa/passkeys/registration/options: what navigator.credentials.create needs, with the
 * user's passkeys excluded; its challenge is stored for this session, for 5 minutes and one use.
 */
export async function startPasskeyRegistration(
  ctx: PasskeyContext,
  session: SessionContext,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertMayRegister(ctx, session);
  const { generateRegistrationOptions } = await webauthn();
  const { rpID } = relyingPartyOf(ctx.appOrigin);
  const existing = await listPasskeys(ctx.db, session.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: session.email,
    userDisplayName: session.name,
    userID: new TextEncoder().encode(session.userId),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(ctx, session, 'register', options.challenge);
  return options;
}

async function storeChallenge(
  ctx: Pick<PasskeyContext, 'db' | 'clock'>,
  session: SessionContext,
  purpose: 'register' | 'authenticate',
  challenge: string,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) =>
    saveChallenge(tx, {
      userId: session.userId,
      sessionId: session.sessionId,
      purpose,
      challenge,
      now,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    }),
  );
}

/**
 * POST /api/mfa/passkeys/registration: the browser's answer is verified against the challenge this
 * session was given (used up here, whatever the outcome), and the credential stored. A first factor
 * gets ten recovery codes, as an authenticator's enrolment does; a session still at aal1 (enrolment,
 * or an admin adding the passkey their organisation requires) reaches aal2 under a new token. One
 * transaction with its audit entry.
 */
export async function registerPasskey(
  ctx: PasskeyContext,
  session: SessionContext,
  input: RegisterPasskeyInput & { name: string },
): Promise<{ result: RegisterPasskeyResponse; rotated: RotatedSession | null }> {
  assertMayRegister(ctx, session);
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = challengeOf(response);
  const { verifyRegistrationResponse } = await webauthn();
  const { rpID, origin } = relyingPartyOf(ctx.appOrigin);

  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await consumeChallenge(tx, { sessionId: session.sessionId, purpose: 'register', challenge, now })))
      return { kind: 'refused', error: PASSKEY_TEXTS.challengeExpired } as const;
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        // A second factor after the password: presence is enough, as with a security key.
        requireUserVerification: false,
      });
    } catch {
      return { kind: 'refused', error: PASSKEY_TEXTS.invalidResponse } as const;
    }
    if (!verification.verified) return { kind: 'refused', error: PASSKEY_TEXTS.invalidResponse } as const;
    const info = verification.registrationInfo;

    const before = await findMfaFacts(tx, session.userId);
    const isFirstFactor = !before.hasVerifiedTotp && !before.hasPasskey;
    const row = await insertPasskey(tx, {
      userId: session.userId,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
      now,
    });
    if (!row) return { kind: 'refused', error: PASSKEY_TEXTS.alreadyRegistered } as const;

    const recoveryCodes = isFirstFactor ? await issueRecoveryCodes(tx, ctx, session.userId) : [];
    const rotated =
      session.aal === 'aal1' ? await raiseSessionToAal2(tx, ctx.clock, session.sessionId) : null;
    await auditMfa(tx, ctx, session, 'passkey_registered', {
      passkey_id: row.id,
      name: row.name,
      device_type: row.deviceType,
      backed_up: row.backedUp,
      first_factor: isFirstFactor,
      aal: rotated ? 'aal2' : session.aal,
      token_rotated: rotated !== null,
    });
    return {
      kind: 'registered',
      result: {
        passkey: toPasskey(row),
        recovery_codes: recoveryCodes,
        message: isFirstFactor ? MFA_TEXTS.enrolled : PASSKEY_TEXTS.added,
      },
      rotated,
    } as const;
  });
  // The challenge stays used even when the answer is refused: refused after the commit.
  if (outcome.kind === 'refused') throw responseError(outcome.error);
  return { result: outcome.result, rotated: outcome.rotated };
}

/**
 * POST /api/mfa/passkeys/authentication/options: what navigator.credentials.get needs, offering the
 * user's passkeys; the challenge is stored for this session, 5 minutes, one use.
 */
export async function startPasskeyAuthentication(
  ctx: PasskeyContext,
  session: SessionContext,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await listPasskeys(ctx.db, session.userId);
  if (passkeys.length === 0) throw new AppError('NO_PASSKEYS');
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(ctx.appOrigin).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(ctx, session, 'authenticate', options.challenge);
  return options;
}

/**
 * The counter rule (docs/decisions/057-passkeys.md): when either the stored or the new signature
 * counter is non-zero, the new one must be greater. Otherwise two authenticators hold the same key:
 * one was copied. (Synced passkeys report 0 every time and pass.)
 */
export function isCounterAcceptable(stored: number, next: number): boolean {
  return (stored === 0 && next === 0) || next > stored;
}

type AssertionOutcome =
  | { kind: 'verified'; result: VerifyPasskeyResponse; rotated: RotatedSession | null }
  | { kind: 'refused'; result: VerifyPasskeyResponse }
  | { kind: 'clone' }
  | { kind: 'no_challenge' };

/**
 * POST /api/mfa/passkeys/authentication: the answer of one of THIS user's passkeys to the challenge
 * this session was given (used up here). It counts as an MFA attempt like a code (mfa_attempts and
 * the lockout, decision 012). A right answer raises a session that owes MFA to aal2 under a new token,
 * or marks a recent verification in an aal2 session (step-up). A counter that did not move forward
 * is refused as a copied passkey, audited and answered 403 — after the commit, so the audit stays.
 */
export async function verifyPasskey(
  ctx: PasskeyContext,
  session: SessionContext,
  input: VerifyPasskeyInput,
): Promise<{ result: VerifyPasskeyResponse; rotated: RotatedSession | null }> {
  const response = input.response as unknown as AuthenticationResponseJSON;
  const challenge = challengeOf(response);
  const { verifyAuthenticationResponse } = await webauthn();
  const { rpID, origin } = relyingPartyOf(ctx.appOrigin);
  const context = session.aal === 'aal2' ? 'step_up' : 'login';

  const outcome = await ctx.db.transaction(async (tx): Promise<AssertionOutcome> => {
    const now = ctx.clock.now();
    if (
      !(await consumeChallenge(tx, { sessionId: session.sessionId, purpose: 'authenticate', challenge, now }))
    )
      return { kind: 'no_challenge' };
    const credential = await findOwnCredentialForUpdate(tx, session.userId, response.id);
    // What the check found, beyond right or wrong: a copied passkey, or the authenticator's new state.
    const found: { isClone: boolean; use: { newCounter: number; backedUp: boolean } | null } = {
      isClone: false,
      use: null,
    };

    const check = await checkCode(
      tx,
      ctx,
      session,
      {
        kind: 'passkey',
        context,
        failedAction: PASSKEY_VERIFY_FAILED_ACTION,
        failedDetails: { passkey_id: credential?.id ?? null },
      },
      async () => {
        if (!credential) return false;
        try {
          const verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            // The counter rule is Parley's own (isCounterAcceptable), applied below: the library is
            // given 0 so that it checks the signature only and leaves the decision and its audit here.
            credential: {
              id: credential.credentialId,
              publicKey: new Uint8Array(credential.publicKey),
              counter: 0,
              transports: credential.transports as AuthenticatorTransport[],
            },
            requireUserVerification: false,
          });
          if (!verification.verified) return false;
          const info = verification.authenticationInfo;
          if (!isCounterAcceptable(credential.counter, info.newCounter)) {
            found.isClone = true;
            return false;
          }
          found.use = { newCounter: info.newCounter, backedUp: info.credentialBackedUp };
          return true;
        } catch {
          return false;
        }
      },
    );

    if (!check.ok) {
      if (found.isClone && credential) {
        await auditMfa(tx, ctx, session, 'passkey_clone_suspected', {
          passkey_id: credential.id,
          name: credential.name,
          stored_counter: credential.counter,
          context,
        });
        return { kind: 'clone' };
      }
      return {
        kind: 'refused',
        result: { success: false, message: PASSKEY_TEXTS.failed, attempts_remaining: check.remaining },
      };
    }
    const use = found.use;
    if (!credential || !use) throw new Error('a verified passkey without its row');
    await recordPasskeyUse(tx, { id: credential.id, counter: use.newCounter, backedUp: use.backedUp, now });
    let rotated: RotatedSession | null = null;
    if (session.aal === 'aal1') rotated = await raiseSessionToAal2(tx, ctx.clock, session.sessionId);
    else await markSessionMfaVerified(tx, ctx.clock, session.sessionId);
    await auditMfa(tx, ctx, session, 'passkey_verified', {
      passkey_id: credential.id,
      context,
      aal: 'aal2',
      token_rotated: rotated !== null,
    });
    return {
      kind: 'verified',
      result: { success: true, message: PASSKEY_TEXTS.verified, attempts_remaining: MFA_MAX_FAILED_ATTEMPTS },
      rotated,
    };
  });

  if (outcome.kind === 'no_challenge') throw responseError(PASSKEY_TEXTS.challengeExpired);
  if (outcome.kind === 'clone') throw new AppError('PASSKEY_CLONE_SUSPECTED');
  if (outcome.kind === 'refused') return { result: outcome.result, rotated: null };
  return { result: outcome.result, rotated: outcome.rotated };
}

/** PATCH /api/mfa/passkeys/:id: one's own passkey's name; another's is a 404. */
export async function renameOwnPasskey(
  ctx: Pick<PasskeyContext, 'db' | 'clock'>,
  session: SessionContext,
  input: { id: string; name: string },
): Promise<Passkey> {
  return ctx.db.transaction(async (tx) => {
    const before = (await lockPasskeys(tx, session.userId)).find((p) => p.id === input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const row = await renamePasskey(tx, { userId: session.userId, id: input.id, name: input.name });
    if (!row) throw new AppError('NOT_FOUND');
    await auditMfa(tx, ctx, session, 'passkey_renamed', {
      passkey_id: row.id,
      from: before.name,
      to: row.name,
    });
    return toPasskey(row);
  });
}

/**
 * DELETE /api/mfa/passkeys/:id: needs a factor verified in the last 5 minutes; refused (409) when it
 * would leave a user who must use MFA (admins, mfa_totp_enforced; for admins where passkeys are
 * required, a passkey) with no factor that counts. The last factor of all takes the recovery codes
 * with it.
 */
export async function removeOwnPasskey(
  ctx: Pick<PasskeyContext, 'db' | 'clock'>,
  session: SessionContext,
  input: { id: string; role: Role | null },
) {
  assertRecentlyVerified(ctx, session);
  await ctx.db.transaction(async (tx: Tx) => {
    const passkeys = await lockPasskeys(tx, session.userId);
    const target = passkeys.find((p) => p.id === input.id);
    if (!target) throw new AppError('NOT_FOUND');
    const facts = await findMfaFacts(tx, session.userId);
    const after = { ...facts, role: input.role, hasPasskey: passkeys.length > 1 };
    if (isMfaRequired({ role: input.role, mfaEnforced: facts.mfaEnforced }) && !hasMfaFactor(after))
      throw new AppError('PASSKEY_LAST_FACTOR');
    await deletePasskey(tx, { userId: session.userId, id: target.id });
    if (!after.hasPasskey && !after.hasVerifiedTotp) await deleteRecoveryCodes(tx, session.userId);
    await auditMfa(tx, ctx, session, 'passkey_removed', {
      passkey_id: target.id,
      name: target.name,
      recently_verified: isRecentlyVerified(ctx, session),
    });
  });
}

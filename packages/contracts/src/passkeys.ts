import { z } from 'zod';
import { mfaCodeResultSchema } from './mfa';

/** A passkey's name, as its owner types it (docs/decisions/057-passkeys.md). */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** A registration or sign-in ceremony's challenge is good for this long, and once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** The passkey texts; Parley's own (docs/product.md has no passkeys). */
export const PASSKEY_TEXTS = {
  cardTitle: 'Passkeys',
  cardDescription:
    'A passkey on this device or a security key finishes two-factor authentication without typing a code.',
  none: 'No passkeys yet.',
  add: 'Add passkey',
  adding: 'Waiting for your passkey…',
  nameLabel: 'Passkey name',
  namePlaceholder: 'e.g. Work laptop',
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey name has at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  rename: 'Rename',
  remove: 'Remove',
  removeTitle: 'Remove this passkey?',
  removeDescription: 'You will no longer be able to use it to sign in.',
  created: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  synced: 'Synced',
  usePasskey: 'Use a passkey',
  useCode: 'Use an authenticator code instead',
  enrolWithPasskey: 'Set up a passkey instead',
  verified: 'Passkey verified',
  cancelled: 'Passkey request cancelled or timed out',
  unsupported: 'This browser cannot use passkeys.',
  failed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  requiredForAdmins: 'Your organisation requires admins to use a passkey.',
  requiredForAdminsToggle: 'Require passkeys for admins',
  requiredForAdminsHint:
    'Admins then finish two-factor authentication only with a passkey; an admin without one is asked to add one.',
  /** The challenge is missing, used or expired: the ceremony starts again. */
  challengeExpired: 'The passkey request expired. Please try again.',
  invalidResponse: 'The passkey answer could not be verified.',
} as const;

/** A passkey's name: trimmed, 1 to 60 characters. */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_TEXTS.nameRequired })
  .trim()
  .min(1, { error: PASSKEY_TEXTS.nameRequired })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: PASSKEY_TEXTS.nameTooLong });

/** One of the caller's passkeys: no key material, no credential id. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The authenticator says the credential is backed up (synced to other devices). */
  backed_up: z.boolean(),
  device_type: z.enum(['singleDevice', 'multiDevice']),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/mfa/passkeys. */
export const passkeyListResponseSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;

/**
 * The browser's answer to a ceremony (RegistrationResponseJSON / AuthenticationResponseJSON of
 * WebAuthn Level 3): checked in depth by the server's WebAuthn library, so only its outline here.
 */
const ceremonyResponseSchema = z
  .looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .describe('The browser’s answer to the WebAuthn ceremony (as @simplewebauthn/browser returns it)');

/** POST /api/mfa/passkeys/registration. */
export const registerPasskeyInputSchema = z.object({
  name: passkeyNameSchema,
  response: ceremonyResponseSchema,
});
export type RegisterPasskeyInput = z.input<typeof registerPasskeyInputSchema>;

/**
 * The answer to a registration: the passkey, and when it was the user's first factor the ten recovery
 * codes (shown once, as with an authenticator app's enrolment), else an empty list.
 */
export const registerPasskeyResponseSchema = z.object({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()),
  message: z.string(),
});
export type RegisterPasskeyResponse = z.infer<typeof registerPasskeyResponseSchema>;

/** POST /api/mfa/passkeys/authentication. */
export const verifyPasskeyInputSchema = z.object({ response: ceremonyResponseSchema });
export type VerifyPasskeyInput = z.input<typeof verifyPasskeyInputSchema>;

/** What a TOTP verify-login answers (without recovery codes: a passkey uses none). */
export const verifyPasskeyResponseSchema = mfaCodeResultSchema;
export type VerifyPasskeyResponse = z.infer<typeof verifyPasskeyResponseSchema>;

/** PATCH /api/mfa/passkeys/:id. */
export const renamePasskeyInputSchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyInput = z.input<typeof renamePasskeyInputSchema>;

/**
 * The options for navigator.credentials.create / get (PublicKeyCredentialCreationOptionsJSON and
 * PublicKeyCredentialRequestOptionsJSON), passed to the browser as they are.
 */
export const passkeyOptionsResponseSchema = z
  .looseObject({ challenge: z.string() })
  .describe('PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON');
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

import { z } from 'zod';
import { listUsersQuerySchema } from './admin';
import { roleSchema } from './roles';
import { TEXTS } from './texts';

/**
 * docs/product.md §3 System config: the keys of one organisation's settings. Values are stored as the strings
 * 'true' or 'false'; the API speaks booleans.
 */
export const SYSTEM_CONFIG_KEYS = [
  'sso_required',
  'mfa_totp_enforced',
  'auth_magic_link_enabled',
  'drafter_fallback_enabled',
  'mfa_passkey_required_admins',
] as const;
export type SystemConfigKey = (typeof SYSTEM_CONFIG_KEYS)[number];

/**
 * The keys an admin may change: the Security settings page's toggles (docs/product.md §2) and the Admin
 * panel's drafting fallback. sso_required turns on only for an admin who has just signed in with the
 * organisation's provider (docs/decisions/056-single-sign-on.md).
 */
export const EDITABLE_SYSTEM_CONFIG_KEYS = [
  'sso_required',
  'mfa_totp_enforced',
  'auth_magic_link_enabled',
  'drafter_fallback_enabled',
  'mfa_passkey_required_admins',
] as const;
export type EditableSystemConfigKey = (typeof EDITABLE_SYSTEM_CONFIG_KEYS)[number];

/**
 * docs/product.md §3 MFA stats: the window failed MFA attempts are counted in ('failed attempts in the last
 * hour').
 */
export const MFA_FAILED_ATTEMPTS_WINDOW_MINUTES = 60;

/**
 * Texts of the Security settings page, quoted verbatim from docs/product.md §8 (Admin, Security settings).
 */
export const SECURITY_TEXTS = {
  statsFailed: 'Failed to load MFA statistics',
  updateFailed: 'Failed to update settings',
  updated: 'Settings updated',
  noEmail: 'No email address found for current user',
  testMagicLinkFailed: 'Failed to send test magic link',
  /** docs/product.md §8's magic-link success text, also used for the test link. */
  testMagicLinkSent: TEXTS.magicLinkSent,
  /** No SMTP_URL: the link was made and kept in the outbox, not sent. */
  testMagicLinkKept: 'Magic link kept in the outbox: no mail server is configured, so it was not sent.',
} as const;

/**
 * GET /api/health/auth-mfa (docs/product.md §3 MFA stats, §7 health/auth-mfa), for the caller's organisation.
 */
export const mfaStatsResponseSchema = z.object({
  /** Active members of the organisation whose TOTP is verified (enrolment finished). */
  mfa_enabled_users: z.number().int().nonnegative(),
  /** Active members of the organisation: the figure above is out of these ('1 of 4 members'). */
  active_members: z.number().int().nonnegative(),
  /** Failed MFA code attempts by the organisation's members in the last MFA_FAILED_ATTEMPTS_WINDOW_MINUTES. */
  failed_attempts_1h: z.number().int().nonnegative(),
});
export type MfaStatsResponse = z.infer<typeof mfaStatsResponseSchema>;

/** GET /api/system-config: docs/product.md §3's keys as booleans. */
export const systemConfigResponseSchema = z.object({
  /**
   * docs/decisions/056-single-sign-on.md: when true, members sign in with the organisation's provider
   * only (password and magic links refused), except the break-glass admin.
   */
  sso_required: z.boolean(),
  /** docs/product.md §4: when true, every user must enrol in MFA (admins always must, docs/product.md §6). */
  mfa_totp_enforced: z.boolean(),
  /** docs/product.md §2 Sign-in links: when false, magic-link sign-in is refused for the organisation. */
  auth_magic_link_enabled: z.boolean(),
  /**
   * docs/decisions/025-honest-remote-drafter.md: when true and the AI service fails, the built-in drafter
   * writes the draft instead, and the draft says so. Off by default.
   */
  drafter_fallback_enabled: z.boolean(),
  /**
   * docs/decisions/057-passkeys.md: when true, an admin finishes MFA only with a passkey (an authenticator
   * code is refused), and an admin without one must add one. Off by default.
   */
  mfa_passkey_required_admins: z.boolean(),
});
export type SystemConfigResponse = z.infer<typeof systemConfigResponseSchema>;

const toggleSchema = z.boolean({ error: 'Use true or false' }).optional();

/**
 * PATCH /api/system-config: the toggles to change, at least one. Any other key is refused, so a client
 * never believes it changed something that stayed as it was.
 */
export const updateSystemConfigInputSchema = z
  .strictObject(
    {
      mfa_totp_enforced: toggleSchema,
      auth_magic_link_enabled: toggleSchema,
      drafter_fallback_enabled: toggleSchema,
      mfa_passkey_required_admins: toggleSchema,
      sso_required: toggleSchema,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Not a setting that can be changed here: ${issue.keys.join(', ')}`
          : 'Send the settings as a JSON object',
    },
  )
  .refine((input) => EDITABLE_SYSTEM_CONFIG_KEYS.some((key) => input[key] !== undefined), {
    error: 'Name at least one setting to change',
    path: ['body'],
  });
export type UpdateSystemConfigInput = z.infer<typeof updateSystemConfigInputSchema>;

/**
 * A member's MFA state: 'enabled' (a verified authenticator), 'pending' (a secret was created but
 * never verified: enrolment not finished) or 'none'.
 */
export const MEMBER_MFA_STATES = ['enabled', 'pending', 'none'] as const;
export const memberMfaStateSchema = z.enum(MEMBER_MFA_STATES);
export type MemberMfaState = z.infer<typeof memberMfaStateSchema>;

/** GET /api/admin/mfa-status: searched and paged exactly like GET /api/users. */
export const listMfaStatusQuerySchema = listUsersQuerySchema;
export type ListMfaStatusQuery = z.infer<typeof listMfaStatusQuerySchema>;

/** One member with their MFA state, as 'View User MFA Status' shows it. */
export const memberMfaStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  mfa: memberMfaStateSchema,
  /** When the authenticator was verified; null unless `mfa` is 'enabled'. */
  verified_at: z.string().nullable(),
  /** The member's latest failed MFA code attempt, or null when there was none. */
  last_failed_at: z.string().nullable(),
  /** Passkeys the member registered (docs/decisions/057-passkeys.md). */
  passkeys: z.number().int().nonnegative(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int().nonnegative(),
  /** An identity at the organisation's single sign-on provider is linked (docs/decisions/056-single-sign-on.md). */
  sso_linked: z.boolean(),
  /**
   * The member's latest sign-in and how it was made, from the sessions Parley keeps (until a day after
   * they end); null when none is kept. `method` is null for sessions from before methods were kept.
   */
  last_sign_in: z
    .object({
      at: z.string(),
      method: z.enum(['password', 'magic_link', 'setup', 'invitation', 'sso']).nullable(),
    })
    .nullable(),
});
export type MemberMfaStatus = z.infer<typeof memberMfaStatusSchema>;

/** How a member signed in, as 'View User MFA Status' says it. */
export const SIGN_IN_METHOD_LABELS = {
  password: 'Password',
  magic_link: 'Magic link',
  setup: 'Setup link',
  invitation: 'Invitation',
  sso: 'Single sign-on',
} as const;

/** Why an admin resets a member's factors: kept in the audit entry and told to the member. */
export const MFA_RESET_REASON_MIN = 10;
export const MFA_RESET_REASON_MAX = 500;

/** POST /api/users/:id/mfa/reset. */
export const resetMemberMfaInputSchema = z.object({
  reason: z
    .string({ error: 'Say why the factors are reset' })
    .trim()
    .min(MFA_RESET_REASON_MIN, { error: `Say why in at least ${MFA_RESET_REASON_MIN} characters` })
    .max(MFA_RESET_REASON_MAX, { error: `Use at most ${MFA_RESET_REASON_MAX} characters` }),
});
export type ResetMemberMfaInput = z.infer<typeof resetMemberMfaInputSchema>;

export const listMfaStatusResponseSchema = z.object({
  items: z.array(memberMfaStatusSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many members match the search in all pages. */
  total: z.number().int().nonnegative(),
});
export type ListMfaStatusResponse = z.infer<typeof listMfaStatusResponseSchema>;

/** POST /api/admin/test-magic-link: what happened, docs/product.md §8's text on success. */
/** 'sent' when an SMTP server took the link; 'stored' when no mail server is configured (kept in the outbox). */
export const testMagicLinkResponseSchema = z.object({
  message: z.string(),
  delivery: z.enum(['sent', 'stored']),
});
export type TestMagicLinkResponse = z.infer<typeof testMagicLinkResponseSchema>;

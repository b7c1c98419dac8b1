import { z } from 'zod';
import { choosePasswordSchema } from './password-policy';
import { roleSchema } from './roles';

/** docs/product.md §5: e-mail and password are required. */
export const signInInputSchema = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(254).trim().toLowerCase(),
  password: z.string().min(1, { error: 'Password is required' }).max(1024),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** What comes after a password sign-in (docs/api.md). */
export const mfaNextSchema = z.enum(['none', 'verify', 'enroll']);
export type MfaNext = z.infer<typeof mfaNextSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});

/** docs/product.md §4 Auth states: the assurance levels. */
export const aalSchema = z.enum(['aal1', 'aal2']);
export type Aal = z.infer<typeof aalSchema>;

/**
 * GET /api/auth/session: who is signed in, or 401. `mfa` is the step the session still owes: while
 * it is not 'none' the session may only finish MFA or sign out (every other call is 403 MFA_REQUIRED).
 */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  role: roleSchema,
  orgId: z.string(),
  /** docs/product.md §4: aal2 once a verified factor was used in this session. */
  aal: aalSchema,
  /** docs/product.md §4: aal2 whenever a verified factor exists, else the current level. */
  next_level: aalSchema,
  mfa: mfaNextSchema,
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Every way of signing in answers with the session it opened (with `mfa`: what comes next). */
export const signInResponseSchema = sessionResponseSchema;
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** Own sessions in Settings: at most this many per page (docs/product.md §9: limit ≤ 100). */
export const OWN_SESSIONS_PAGE_LIMIT_DEFAULT = 50;
export const OWN_SESSIONS_PAGE_LIMIT_MAX = 100;

/** GET /api/auth/sessions?limit&cursor: the signed-in user's live sessions, newest first. */
export const listOwnSessionsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a whole number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: `Use a number from 1 to ${OWN_SESSIONS_PAGE_LIMIT_MAX}` })
    .max(OWN_SESSIONS_PAGE_LIMIT_MAX, { error: `Use a number from 1 to ${OWN_SESSIONS_PAGE_LIMIT_MAX}` })
    .default(OWN_SESSIONS_PAGE_LIMIT_DEFAULT),
  /** The `next_cursor` of the previous page, as the server gave it. */
  cursor: z.string().max(200, { error: 'Invalid cursor' }).optional(),
});

export const ownSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  aal: aalSchema,
  /** The session this request came with. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const listOwnSessionsResponseSchema = z.object({
  items: z.array(ownSessionSchema),
  next_cursor: z.string().nullable(),
});
export type ListOwnSessionsResponse = z.infer<typeof listOwnSessionsResponseSchema>;

export const sessionIdParamSchema = z.object({ id: z.uuid({ error: 'Not a valid session id' }) });

/** POST /api/setup: the first-start link creates the first organisation and its admin. */
export const completeSetupInputSchema = z.object({
  token: z.string().min(1, { error: 'The setup link is incomplete' }).max(200),
  organization: z.string().trim().min(1, { error: 'Organisation name is required' }).max(200),
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200),
  email: z.email({ error: 'Enter a valid email address' }).max(254).trim().toLowerCase(),
  password: choosePasswordSchema,
});
export type CompleteSetupInput = z.infer<typeof completeSetupInputSchema>;

/** GET /api/setup: whether the instance has its first admin, so /setup can say so instead of asking. */
export const setupStatusResponseSchema = z.object({ is_set_up: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponseSchema>;

/** PATCH /api/profile (docs/product.md §2 Settings: the name is editable; e-mail and role are not). */
export const updateProfileInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is required' })
    .max(200, { error: 'Use at most 200 characters' }),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** docs/product.md §3 Profile view: name, email, role. */
export const profileResponseSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

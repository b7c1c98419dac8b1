import { z } from 'zod';
import { choosePasswordSchema } from './password-policy';
import { roleSchema } from './roles';

/** SPEC §5: e-mail and password are required. */
export const signInInputSchema = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(254).trim().toLowerCase(),
  password: z.string().min(1, { error: 'Password is required' }).max(1024),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** What comes after a password sign-in (DESIGN.md §5). */
export const mfaNextSchema = z.enum(['none', 'verify', 'enroll']);
export type MfaNext = z.infer<typeof mfaNextSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});

/** GET /api/auth/session: who is signed in, or 401. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  role: roleSchema,
  orgId: z.string(),
  /** SPEC §4: aal2 once a verified factor was used in this session. */
  aal: z.enum(['aal1', 'aal2']),
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signInResponseSchema = sessionResponseSchema.extend({ mfa: mfaNextSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/setup: the first-start link creates the first organisation and its admin. */
export const completeSetupInputSchema = z.object({
  token: z.string().min(1, { error: 'The setup link is incomplete' }).max(200),
  organization: z.string().trim().min(1, { error: 'Organisation name is required' }).max(200),
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200),
  email: z.email({ error: 'Enter a valid email address' }).max(254).trim().toLowerCase(),
  password: choosePasswordSchema,
});
export type CompleteSetupInput = z.infer<typeof completeSetupInputSchema>;

import { z } from 'zod';

/**
 * 'SSO required' (docs/decisions/056-single-sign-on.md): while it is on, members of the organisation
 * sign in with its OpenID Connect provider only, except one break-glass admin an admin names.
 */

/** How recently an admin must have signed in with SSO to turn the requirement on. */
export const SSO_FRESH_SIGN_IN_MINUTES = 15;

export const SSO_REQUIRED_TEXTS = {
  needsProvider: 'Set up and turn on a single sign-on provider before requiring it.',
  needsFreshSso: `Sign in with single sign-on first: only an admin who signed in with it in the last ${SSO_FRESH_SIGN_IN_MINUTES} minutes can require it, so nobody is locked out.`,
  breakGlassNotAdmin: 'Choose an active admin of this organisation.',
  providerInUse:
    'Single sign-on is required: turn SSO required off before removing or turning off the provider, or nobody but the break-glass admin could sign in.',
  breakGlassTitle: 'Break-glass sign-in',
  breakGlassBody: (name: string, method: string) =>
    `${name} signed in with ${method === 'magic_link' ? 'a magic link' : 'a password'} while single sign-on is required.`,
  breakGlassLabel: 'Break-glass admin',
  breakGlassHint:
    'The one admin who may still sign in with a password or magic link while single sign-on is required. Every such sign-in is audited and every admin is told.',
  breakGlassNone: 'Nobody',
  breakGlassSaved: 'Break-glass admin saved',
} as const;

/** PUT /api/security/sso-break-glass: an active admin of the organisation, or null for nobody. */
export const ssoBreakGlassInputSchema = z.object({
  user_id: z.uuid({ error: 'Choose a member' }).nullable(),
});
export type SsoBreakGlassInput = z.infer<typeof ssoBreakGlassInputSchema>;

const breakGlassMemberSchema = z.object({ user_id: z.string(), name: z.string(), email: z.string() });

/** The break-glass admin (all null for nobody), and the active admins who may be chosen (at most 100). */
export const ssoBreakGlassResponseSchema = z.object({
  user_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  admins: z.array(breakGlassMemberSchema),
});
export type SsoBreakGlassResponse = z.infer<typeof ssoBreakGlassResponseSchema>;

import { z } from 'zod';
import { choosePasswordSchema } from './password-policy';
import { TEXTS } from './texts';

/** docs/product.md §9: a magic link signs in once, within 15 minutes of being sent. */
export const MAGIC_LINK_LIFETIME_MINUTES = 15;
/** docs/product.md §9: a password reset link works once, within one hour of being sent. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

/**
 * The pages the e-mailed links open. Opening one (GET) only shows a page; its button consumes the
 * token with a POST, so mail scanners that prefetch links do not burn it (docs/product.md §2 Sign-in links).
 */
export const AUTH_LINK_PATHS = {
  magicLink: '/auth/magic',
  forgotPassword: '/auth/forgot',
  resetPassword: '/auth/reset',
} as const;

/** Texts of the magic-link and password-recovery flows (quoted ones are docs/product.md §8's). */
export const AUTH_LINK_TEXTS = {
  /** docs/product.md §8. */
  magicLinkSent: TEXTS.magicLinkSent,
  /** docs/product.md §8. */
  magicLinkFailed: TEXTS.magicLinkFailed,
  /** The same answer whether or not the address has an account, so it tells nobody which exist. */
  passwordResetRequested: 'If an account exists for that address, we have sent a link to reset the password.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  resetLinkExpired: 'This password reset link has expired or was already used. Request a new one.',
} as const;

const emailSchema = z.email({ error: 'Enter a valid email address' }).max(254).trim().toLowerCase();
/** Link tokens are 32 random bytes in base64url (43 characters); anything longer is not one. */
const linkTokenSchema = z
  .string({ error: 'The link is incomplete' })
  .trim()
  .min(1, { error: 'The link is incomplete' })
  .max(200, { error: 'The link is not valid' });

/** POST /api/auth/magic-link: docs/product.md §5 — the e-mail must be given. */
export const magicLinkRequestSchema = z.object({ email: emailSchema });
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

/** POST /api/auth/magic-link/consume: the token from the link's `?token=`. */
export const consumeMagicLinkInputSchema = z.object({ token: linkTokenSchema });
export type ConsumeMagicLinkInput = z.infer<typeof consumeMagicLinkInputSchema>;

/** POST /api/auth/password-reset: always answered with the same message. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/**
 * POST /api/auth/password-reset/complete: the token from the link and the new password, under the
 * policy for every password a person chooses (decision 008: 12 characters, not a common one).
 */
export const completePasswordResetInputSchema = z.object({
  token: linkTokenSchema,
  password: choosePasswordSchema,
});
export type CompletePasswordResetInput = z.infer<typeof completePasswordResetInputSchema>;

/** The answer of the requests that only say what happened. */
export const authLinkMessageResponseSchema = z.object({ message: z.string() });
export type AuthLinkMessageResponse = z.infer<typeof authLinkMessageResponseSchema>;

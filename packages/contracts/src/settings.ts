import { z } from 'zod';

/** docs/product.md §2 Settings: the e-mail signature drafts append; a cap so a draft stays readable. */
export const EMAIL_SIGNATURE_MAX_LENGTH = 2_000;

/**
 * docs/product.md §2 Settings: the four notification toggles, and ours for investor replies
 * (docs/decisions/058-inbound-email.md), all on by default.
 */
export const notificationSettingsSchema = z.object({
  mentions: z.boolean(),
  approval_requests: z.boolean(),
  compliance_flags: z.boolean(),
  weekly_digest: z.boolean(),
  investor_replies: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** GET /api/settings: the signed-in user's own settings. */
export const userSettingsResponseSchema = z.object({
  email_signature: z.string(),
  notifications: notificationSettingsSchema,
});
export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;

/** PATCH /api/settings: any subset; what is absent stays as it is. */
export const updateUserSettingsInputSchema = z.object({
  email_signature: z
    .string()
    .max(EMAIL_SIGNATURE_MAX_LENGTH, { error: `Use at most ${EMAIL_SIGNATURE_MAX_LENGTH} characters` })
    .optional(),
  notifications: z
    .object({
      mentions: z.boolean().optional(),
      approval_requests: z.boolean().optional(),
      compliance_flags: z.boolean().optional(),
      weekly_digest: z.boolean().optional(),
      investor_replies: z.boolean().optional(),
    })
    .optional(),
});
export type UpdateUserSettingsInput = z.infer<typeof updateUserSettingsInputSchema>;

import { z } from 'zod';

/** docs/product.md §7 email-unsubscribe: the lists a recipient can leave. `none` re-enables both (ours). */
export const UNSUBSCRIBE_ACTIONS = ['all', 'weekly_reports', 'system_alerts', 'none'] as const;
export const unsubscribeActionSchema = z.enum(UNSUBSCRIBE_ACTIONS);
export type UnsubscribeAction = z.infer<typeof unsubscribeActionSchema>;

const emailAndToken = {
  email: z.email({ error: 'Email address is required' }).max(254).trim().toLowerCase(),
  token: z.string().min(1, { error: 'The link is incomplete' }).max(200),
};

export const emailPreferencesQuerySchema = z.object(emailAndToken);

/** docs/product.md §3 Email preferences. */
export const emailPreferencesSchema = z.object({
  weekly_reports_enabled: z.boolean(),
  system_alerts_enabled: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const updateEmailPreferencesInputSchema = z.object({
  ...emailAndToken,
  action: unsubscribeActionSchema,
});
export type UpdateEmailPreferencesInput = z.infer<typeof updateEmailPreferencesInputSchema>;

export const updateEmailPreferencesResponseSchema = emailPreferencesSchema.extend({ message: z.string() });

/** What each action leaves enabled: one disabled list keeps the other on (docs/product.md §5). */
export function preferencesAfter(action: UnsubscribeAction): EmailPreferences {
  return {
    weekly_reports_enabled: action === 'system_alerts' || action === 'none',
    system_alerts_enabled: action === 'weekly_reports' || action === 'none',
  };
}

/** docs/product.md §5: which action the page's Update Preferences sends for the boxes as they are. */
export function actionForPreferences(preferences: EmailPreferences): UnsubscribeAction {
  const { weekly_reports_enabled: weekly, system_alerts_enabled: alerts } = preferences;
  if (weekly && alerts) return 'none';
  if (!weekly && !alerts) return 'all';
  return weekly ? 'system_alerts' : 'weekly_reports';
}

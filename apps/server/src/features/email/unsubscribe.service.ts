import { type EmailPreferences, preferencesAfter, type UnsubscribeAction } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findSignInAccount } from '../users/users.service';
import { findEmailPreferences, upsertEmailPreferences } from './email.queries';
import { isValidUnsubscribeToken } from './unsubscribe-token';

type UnsubscribeContext = Pick<ServiceContext, 'db' | 'clock' | 'unsubscribeKey'>;

/** A forged or altered link reads nothing and changes nothing. */
function assertLink(ctx: UnsubscribeContext, email: string, token: string) {
  if (!isValidUnsubscribeToken(ctx.unsubscribeKey, email, token)) {
    throw new AppError('FORBIDDEN', {
      message: 'This unsubscribe link is not valid. Use the link from your latest e-mail.',
    });
  }
}

export async function readEmailPreferences(
  ctx: UnsubscribeContext,
  input: { email: string; token: string },
): Promise<EmailPreferences> {
  assertLink(ctx, input.email, input.token);
  const row = await findEmailPreferences(ctx.db, input.email);
  return { weekly_reports_enabled: row.weeklyReportsEnabled, system_alerts_enabled: row.systemAlertsEnabled };
}

const MESSAGES: Record<UnsubscribeAction, string> = {
  all: 'You have been unsubscribed from all Parley e-mails.',
  weekly_reports: 'You have been unsubscribed from weekly reports.',
  system_alerts: 'You have been unsubscribed from system alerts.',
  none: 'You are subscribed to all Parley e-mails again.',
};

/** Sets the preferences an action leaves (docs/product.md §7 email-unsubscribe), audited in the same transaction. */
export async function updateEmailPreferences(
  ctx: UnsubscribeContext,
  input: { email: string; token: string; action: UnsubscribeAction; via: 'page' | 'one_click' },
) {
  assertLink(ctx, input.email, input.token);
  const next = preferencesAfter(input.action);
  const member = await findSignInAccount(ctx.db, input.email);
  await ctx.db.transaction(async (tx) => {
    await upsertEmailPreferences(tx, input.email, {
      weeklyReportsEnabled: next.weekly_reports_enabled,
      systemAlertsEnabled: next.system_alerts_enabled,
      updatedAt: ctx.clock.now(),
    });
    await appendAudit(tx, ctx.clock, {
      orgId: member?.orgId ?? null,
      actorId: member?.id ?? null,
      actionType: 'email_preferences_updated',
      entityType: 'email_preferences',
      entityId: input.email,
      details: { action: input.action, via: input.via, ...next },
    });
  });
  return { ...next, message: MESSAGES[input.action] };
}

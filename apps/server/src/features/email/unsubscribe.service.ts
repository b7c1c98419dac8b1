import { type EmailPreferences, preferencesAfter, type UnsubscribeAction } from '@parley/contracts';
import type { Db } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { findSignInAccount } from '../users/users.queries';
import { findEmailPreferences, upsertEmailPreferences } from './email.queries';
import { isValidUnsubscribeToken } from './unsubscribe-token';

type Deps = { db: Db; clock: Clock; unsubscribeKey: Buffer };

/** A forged or altered link reads nothing and changes nothing. */
function assertLink(deps: Deps, email: string, token: string) {
  if (!isValidUnsubscribeToken(deps.unsubscribeKey, email, token)) {
    throw new AppError('FORBIDDEN', {
      message: 'This unsubscribe link is not valid. Use the link from your latest e-mail.',
    });
  }
}

export async function readEmailPreferences(
  deps: Deps,
  input: { email: string; token: string },
): Promise<EmailPreferences> {
  assertLink(deps, input.email, input.token);
  const row = await findEmailPreferences(deps.db, input.email);
  return { weekly_reports_enabled: row.weeklyReportsEnabled, system_alerts_enabled: row.systemAlertsEnabled };
}

const MESSAGES: Record<UnsubscribeAction, string> = {
  all: 'You have been unsubscribed from all Parley e-mails.',
  weekly_reports: 'You have been unsubscribed from weekly reports.',
  system_alerts: 'You have been unsubscribed from system alerts.',
  none: 'You are subscribed to all Parley e-mails again.',
};

/** Sets the preferences an action leaves (SPEC §7 email-unsubscribe), audited in the same transaction. */
export async function updateEmailPreferences(
  deps: Deps,
  input: { email: string; token: string; action: UnsubscribeAction; via: 'page' | 'one_click' },
) {
  assertLink(deps, input.email, input.token);
  const next = preferencesAfter(input.action);
  const member = await findSignInAccount(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    await upsertEmailPreferences(tx, input.email, {
      weeklyReportsEnabled: next.weekly_reports_enabled,
      systemAlertsEnabled: next.system_alerts_enabled,
      updatedAt: deps.clock.now(),
    });
    await appendAudit(tx, deps.clock, {
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

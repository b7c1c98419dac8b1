import { hasCapability, LIBRARY_TEXTS } from '@parley/contracts';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { EmailDeps } from '../email/email.service';
import type { EmailContent } from '../email/email-layout';
import { notifyMembers } from '../notifications/notifications.service';
import { listOrgRecipients, type NotificationRecipient } from '../notifications/recipients';
import { claimDueReminders, markReminded } from './answer-library.queries';

/** The Compliance center's link to one library answer (the web opens it from `?library=`). */
export function libraryAnswerUrl(appOrigin: string, id: string): string {
  return `${appOrigin}/compliance?${new URLSearchParams({ library: id })}#answer-library`;
}

function reminderEmail(input: {
  state: 'expiring' | 'expired';
  title: string;
  date: string;
  url: string;
}): EmailContent {
  const subject = LIBRARY_TEXTS.reminderTitle[input.state](input.title);
  return {
    subject,
    title: subject,
    paragraphs: [LIBRARY_TEXTS.reminderBody[input.state](input.date)],
    action: { label: 'Review the answer', url: input.url },
    footnote: 'You receive this because compliance flag notifications are on in your Parley settings.',
  };
}

/**
 * Who hears of an answer's expiry: its owner; when the owner is no longer an active member, the
 * organisation's admins and directors, so an answer never runs out unnoticed. The e-mail follows the
 * Compliance Flags setting (docs/product.md §2 Settings), never Approval Requests.
 */
function remindersFor(members: NotificationRecipient[], ownerId: string): NotificationRecipient[] {
  const owner = members.filter((m) => m.userId === ownerId);
  const chosen = owner.length > 0 ? owner : members.filter((m) => hasCapability(m.role, 'compliance.manage'));
  return chosen.map((m) => ({ ...m, wantsApprovalEmails: false }));
}

/**
 * docs/decisions/028-answer-library.md: one batch of reminders, in the caller's transaction (the job's,
 * under its advisory lock). Each answer expiring within 14 days, or expired, whose owner has not been
 * told of that state is claimed (SKIP LOCKED), its owner notified in-app and by e-mail, the state
 * recorded and audited (`library_answer_reminder_sent`): once per answer per state. Returns the outbox
 * ids to deliver after commit.
 */
export async function remindLibraryOwners(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: { limit: number },
): Promise<{ reminded: number; outboxIds: string[] }> {
  const now = deps.clock.now();
  const due = await claimDueReminders(tx, { now, limit: input.limit });
  const membersOf = new Map<string, NotificationRecipient[]>();
  const outboxIds: string[] = [];
  for (const answer of due) {
    let members = membersOf.get(answer.orgId);
    if (!members) {
      members = await listOrgRecipients(tx, answer.orgId);
      membersOf.set(answer.orgId, members);
    }
    const recipients = remindersFor(members, answer.ownerId);
    const date = answer.expiresAt.toISOString().slice(0, 10);
    outboxIds.push(
      ...(await notifyMembers(tx, deps, {
        orgId: answer.orgId,
        recipients,
        kind: answer.state === 'expired' ? 'library_answer_expired' : 'library_answer_expiring',
        messageId: null,
        libraryAnswerId: answer.id,
        title: LIBRARY_TEXTS.reminderTitle[answer.state](answer.title),
        body: LIBRARY_TEXTS.reminderBody[answer.state](date),
        email: reminderEmail({
          state: answer.state,
          title: answer.title,
          date,
          url: libraryAnswerUrl(deps.appOrigin, answer.id),
        }),
        isFlagged: true,
        now,
      })),
    );
    await markReminded(tx, { id: answer.id, state: answer.state, at: now });
    await appendAudit(tx, deps.clock, {
      orgId: answer.orgId,
      actorId: null,
      actionType: 'library_answer_reminder_sent',
      entityType: 'library_answer',
      entityId: answer.id,
      details: {
        state: answer.state,
        expires_at: answer.expiresAt.toISOString(),
        recipients: recipients.map((r) => r.userId),
      },
    });
  }
  return { reminded: due.length, outboxIds };
}

import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import {
  findEmailPreferences,
  findOutboxMail,
  insertEmailEvent,
  insertOutboxMail,
  updateOutboxMail,
} from './email.queries';
import type { EmailContent } from './email-layout';
import { renderEmail } from './email-layout';
import type { Mailer } from './mailer';
import { createUnsubscribeToken } from './unsubscribe-token';

/** transactional mail (invitations, sign-in links, resets) ignores preferences; the others honour them. */
export type EmailCategory = 'transactional' | 'weekly_reports' | 'system_alerts';

export type EmailDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  appOrigin: string;
  unsubscribeKey: Buffer;
};

export type QueueEmailInput = {
  orgId: string | null;
  to: string;
  /** A short stable name for reports: 'invitation', 'magic_link', 'password_reset', … */
  template: string;
  category: EmailCategory;
  content: EmailContent;
};

/** The link of the unsubscribe page for an address (SPEC §2: /email/unsubscribe?email&token). */
export function unsubscribeUrl(deps: Pick<EmailDeps, 'appOrigin' | 'unsubscribeKey'>, email: string) {
  const params = new URLSearchParams({ email, token: createUnsubscribeToken(deps.unsubscribeKey, email) });
  return `${deps.appOrigin}/email/unsubscribe?${params}`;
}

/**
 * Step 1 of sending, inside the caller's transaction: the mail is recorded in the outbox, so it is
 * never lost whatever happens to the delivery. Mail the recipient opted out of is recorded as
 * suppressed and is not delivered. Non-transactional mail carries RFC 8058 one-click headers.
 */
export async function queueEmail(
  tx: DbOrTx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: QueueEmailInput,
) {
  const to = input.to.trim().toLowerCase();
  const headers: Record<string, string> = {};
  let isSuppressed = false;
  let footnote = input.content.footnote;
  if (input.category !== 'transactional') {
    const preferences = await findEmailPreferences(tx, to);
    isSuppressed =
      input.category === 'weekly_reports'
        ? !preferences.weeklyReportsEnabled
        : !preferences.systemAlertsEnabled;
    const pageUrl = unsubscribeUrl(deps, to);
    const params = new URL(pageUrl).searchParams;
    params.set('list', input.category);
    headers['List-Unsubscribe'] = `<${deps.appOrigin}/api/email/unsubscribe/one-click?${params}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    footnote = `${footnote ? `${footnote} ` : ''}Manage or stop these e-mails: ${pageUrl}`;
  }
  const rendered = renderEmail({ ...input.content, footnote });
  const now = deps.clock.now();
  const outboxId = await insertOutboxMail(tx, {
    orgId: input.orgId,
    createdAt: now,
    toEmail: to,
    template: input.template,
    category: input.category,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    headers,
    status: isSuppressed ? 'suppressed' : 'queued',
  });
  if (isSuppressed) {
    await insertEmailEvent(tx, {
      orgId: input.orgId,
      outboxId,
      createdAt: now,
      actionType: 'email_suppressed',
      recipientEmail: to,
      template: input.template,
      success: false,
      details: { reason: 'unsubscribed' },
    });
  }
  return { outboxId, isSuppressed };
}

/**
 * Step 2, after the caller's transaction committed: hand the mail to SMTP (or keep it when no SMTP
 * is configured) and record the attempt as an email event. Returns whether it left Parley or was
 * kept as configured; false means the attempt failed and the outbox row says why.
 */
export async function deliverEmail(deps: EmailDeps, outboxId: string): Promise<boolean> {
  const mail = await findOutboxMail(deps.db, outboxId);
  if (mail?.status !== 'queued') return mail?.status === 'sent' || mail?.status === 'stored';
  const base = { orgId: mail.orgId, outboxId, recipientEmail: mail.toEmail, template: mail.template };
  try {
    const result = await deps.mailer.send({
      to: mail.toEmail,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers,
    });
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await updateOutboxMail(tx, outboxId, {
        status: result.delivered ? 'sent' : 'stored',
        attempts: mail.attempts + 1,
        messageId: result.messageId,
        sentAt: result.delivered ? now : null,
        lastError: null,
      });
      await insertEmailEvent(tx, {
        ...base,
        createdAt: now,
        actionType: result.delivered ? 'email_sent' : 'email_stored',
        success: true,
        details: result.messageId ? { message_id: result.messageId } : {},
      });
    });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn('mail delivery failed', { outboxId, template: mail.template, error: message });
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await updateOutboxMail(tx, outboxId, {
        status: 'failed',
        attempts: mail.attempts + 1,
        lastError: message.slice(0, 1000),
      });
      await insertEmailEvent(tx, {
        ...base,
        createdAt: now,
        actionType: 'email_failed',
        success: false,
        details: { error: message.slice(0, 500) },
      });
    });
    return false;
  }
}

import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { emailOutbox } from '../../db/schema';
import {
  claimQueuedOutboxMail,
  findEmailPreferences,
  findOutboxMail,
  insertEmailEvent,
  insertOutboxMail,
  updateOutboxMail,
} from './email.queries';
import type { EmailContent } from './email-layout';
import { renderEmail } from './email-layout';
import { createUnsubscribeToken } from './unsubscribe-token';

/** transactional mail (invitations, sign-in links, resets) ignores preferences; the others honour them. */
export type EmailCategory = 'transactional' | 'weekly_reports' | 'system_alerts';

/** What sending e-mail needs: the part of the ServiceContext the outbox and the mailer use. */
export type EmailDeps = Pick<
  ServiceContext,
  'db' | 'clock' | 'mailer' | 'logger' | 'appOrigin' | 'unsubscribeKey'
>;

export type QueueEmailInput = {
  orgId: string | null;
  to: string;
  /** A short stable name for reports: 'invitation', 'magic_link', 'password_reset', … */
  template: string;
  category: EmailCategory;
  content: EmailContent;
  /**
   * Headers of the mail's own (an investor reply's Reply-To, In-Reply-To and References: decision 058),
   * stored with the row and composed into the message by the mailer. The unsubscribe headers win.
   */
  headers?: Record<string, string>;
};

/** The link of the unsubscribe page for an address (docs/product.md §2: /email/unsubscribe?email&token). */
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
  const headers: Record<string, string> = { ...input.headers };
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

/** Attempts per mail, the sender's own included: after the last one the mail is given up. */
export const MAX_EMAIL_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, 3rd and 4th failed attempt before the retry job tries again. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/**
 * How long a delivery under way keeps the retry job off its row: longer than nodemailer's own
 * timeouts, so a slow SMTP server is not handed the same mail twice; a crash mid-send is retried
 * after it.
 */
export const EMAIL_DELIVERY_LEASE_MS = 15 * 60_000;

/** When the retry job may try a mail again after its `attempts`-th failure; null: given up. */
export function nextEmailAttemptAt(now: Date, attempts: number): Date | null {
  const delay = EMAIL_RETRY_DELAYS_MS[attempts - 1];
  return attempts >= MAX_EMAIL_ATTEMPTS || delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * Step 2, after the caller's transaction committed: hand the mail to SMTP (or keep it when no SMTP
 * is configured) and record the attempt as an email event. Returns whether it left Parley or was
 * kept as configured; false means the attempt failed and the outbox row says why. The sender claims
 * its queued row first; the retry job (jobs/outbox-retry.ts) claims its batch itself and passes
 * `claimed`, which also lets it retry a failed row. A failure schedules the next attempt with
 * backoff; the last one records `email_given_up`.
 */
export async function deliverEmail(
  deps: EmailDeps,
  outboxId: string,
  options: { claimed?: boolean } = {},
): Promise<boolean> {
  const { status } = await deliverOutboxMail(deps, outboxId, options);
  return status === 'sent' || status === 'stored';
}

/** Hands mail queued in a transaction to SMTP once it committed, one after another (never throws). */
export async function deliverAll(deps: EmailDeps, outboxIds: readonly string[]) {
  for (const id of outboxIds) await deliverEmail(deps, id);
}

/** Where a mail stands after a delivery attempt, as its outbox row says (or will, once retried). */
export type DeliveryOutcome = {
  status: OutboxStatus;
  sentAt: Date | null;
  /** The Message-ID the mail was sent with, once it was composed. */
  messageId: string | null;
  /** Why the attempt failed (the SMTP server's answer), when it did. */
  error: string | null;
};
type OutboxStatus = (typeof emailOutbox.$inferSelect)['status'];

/**
 * deliverEmail with the outcome itself. Never throws: it runs after the caller's transaction
 * committed, so a database failure here must not turn a write that stands into an error answer
 * (docs/architecture.md, Crash safety). The mail then stays in the outbox, and the retry job sends
 * it once its claim lapses.
 */
export async function deliverOutboxMail(
  deps: EmailDeps,
  outboxId: string,
  options: { claimed?: boolean } = {},
): Promise<DeliveryOutcome> {
  try {
    return await attemptDelivery(deps, outboxId, options);
  } catch (error) {
    deps.logger.error('mail delivery not recorded: the outbox retry job takes it', {
      outboxId,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 'queued', sentAt: null, messageId: null, error: null };
  }
}

async function attemptDelivery(
  deps: EmailDeps,
  outboxId: string,
  options: { claimed?: boolean },
): Promise<DeliveryOutcome> {
  const mail = await findOutboxMail(deps.db, outboxId);
  const deliverable = options.claimed
    ? (mail?.status === 'queued' || mail?.status === 'failed') && mail.attempts < MAX_EMAIL_ATTEMPTS
    : mail?.status === 'queued';
  if (!mail) return { status: 'queued', sentAt: null, messageId: null, error: null };
  if (!deliverable)
    return { status: mail.status, sentAt: mail.sentAt, messageId: mail.messageId, error: null };
  if (!options.claimed) {
    const leaseUntil = new Date(deps.clock.now().getTime() + EMAIL_DELIVERY_LEASE_MS);
    // Someone else's delivery is under way: it records the outcome.
    if (!(await claimQueuedOutboxMail(deps.db, outboxId, leaseUntil))) {
      return { status: 'queued', sentAt: null, messageId: mail.messageId, error: null };
    }
  }
  const base = { orgId: mail.orgId, outboxId, recipientEmail: mail.toEmail, template: mail.template };
  const attempts = mail.attempts + 1;
  try {
    const composed =
      mail.rawMessage && mail.messageId
        ? { raw: mail.rawMessage, messageId: mail.messageId }
        : await deps.mailer.compose(
            {
              to: mail.toEmail,
              subject: mail.subject,
              text: mail.textBody,
              html: mail.htmlBody,
              headers: mail.headers,
            },
            deps.clock.now(),
          );
    if (!mail.rawMessage) {
      // Kept before it leaves: a crash after sending still leaves the bytes that were sent.
      await updateOutboxMail(deps.db, outboxId, { rawMessage: composed.raw, messageId: composed.messageId });
    }
    const result = await deps.mailer.send({ to: mail.toEmail, raw: composed.raw });
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await updateOutboxMail(tx, outboxId, {
        status: result.delivered ? 'sent' : 'stored',
        attempts,
        sentAt: result.delivered ? now : null,
        lastError: null,
        nextAttemptAt: null,
      });
      await insertEmailEvent(tx, {
        ...base,
        createdAt: now,
        actionType: result.delivered ? 'email_sent' : 'email_stored',
        success: true,
        details: {
          message_id: composed.messageId,
          ...(attempts > 1 ? { attempt: attempts } : {}),
        },
      });
    });
    return {
      status: result.delivered ? 'sent' : 'stored',
      sentAt: result.delivered ? now : null,
      messageId: composed.messageId,
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const now = deps.clock.now();
    const nextAttemptAt = nextEmailAttemptAt(now, attempts);
    deps.logger.warn(nextAttemptAt ? 'mail delivery failed' : 'mail delivery failed: given up', {
      outboxId,
      template: mail.template,
      attempt: attempts,
      error: message,
    });
    await deps.db.transaction(async (tx) => {
      await updateOutboxMail(tx, outboxId, {
        status: 'failed',
        attempts,
        lastError: message.slice(0, 1000),
        nextAttemptAt,
      });
      await insertEmailEvent(tx, {
        ...base,
        createdAt: now,
        actionType: 'email_failed',
        success: false,
        details: {
          error: message.slice(0, 500),
          attempt: attempts,
          next_attempt_at: nextAttemptAt?.toISOString() ?? null,
        },
      });
      if (!nextAttemptAt) {
        await insertEmailEvent(tx, {
          ...base,
          createdAt: now,
          actionType: 'email_given_up',
          success: false,
          details: { attempts, error: message.slice(0, 500) },
        });
      }
    });
    return { status: 'failed', sentAt: null, messageId: mail.messageId, error: message.slice(0, 500) };
  }
}

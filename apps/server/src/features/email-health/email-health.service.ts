import { EMAIL_HEALTH_WINDOW_DAYS, type EmailHealthReport, type LiveTestResponse } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { deliverOutboxMail, MAX_EMAIL_ATTEMPTS, queueEmail } from '../email/email.service';
import { webhookStats } from '../email/email-events.service';
import {
  bounceRateCheck,
  complaintRateCheck,
  deliveryFreshnessCheck,
  EMAIL_HEALTH_THRESHOLDS,
  kpisOf,
  outboxCheck,
  overallStatusOf,
  webhookCheck,
} from './checks';
import { checkDomainDns } from './dns-check';
import { countDeliveryEvents, countWaitingMail } from './email-kpis.queries';
import type { HealthCheck } from './health-check';
import { liveTestMails } from './live-test-mail';
import { checkSmtp } from './smtp-check';

type HealthContext = Pick<ServiceContext, 'db' | 'clock' | 'config'>;

const DAY_MS = 86_400_000;
/** Domains reserved for tests and local use (RFC 2606, RFC 6761): no DNS records exist to check. */
const RESERVED_DOMAIN = /(^|\.)(test|example|invalid|localhost)$/i;

/** The domain of MAIL_FROM ('Parley <no-reply@parley.example>' → 'parley.example'). */
export function mailFromDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** Domain & DNS, unless there is nothing it could say: no mail leaves, or the domain is a reserved one. */
async function domainCheck(config: HealthContext['config']): Promise<HealthCheck> {
  const domain = mailFromDomain(config.mailFrom);
  const skip = (reason: string, summary: string): HealthCheck => ({
    name: 'Domain & DNS',
    status: 'SKIP',
    summary,
    details: {
      domain,
      reason,
      spf_verified: false,
      dkim_verified: false,
      return_path_verified: false,
      dmarc_present: false,
      status: 'not_checked',
    },
  });
  if (!config.smtpUrl) {
    return skip('no_smtp', 'Not checked: no mail server is configured, so no mail leaves Parley.');
  }
  if (RESERVED_DOMAIN.test(domain)) {
    return skip(
      'reserved_domain',
      `Not checked: the sender address's domain, ${domain}, is reserved for tests and has no DNS records.`,
    );
  }
  return checkDomainDns({
    domain,
    dkimSelector: config.emailDkimSelector,
    ...(config.emailReturnPathDomain ? { returnPathDomain: config.emailReturnPathDomain } : {}),
    ...(config.emailDnsServer ? { resolver: config.emailDnsServer } : {}),
  });
}

/**
 * GET /api/admin/email-health (docs/email-health.md): the organisation's checks and KPIs over the last
 * 7 days, computed now. The network checks (DNS, SMTP) run while the counts are read.
 */
export async function buildEmailHealthReport(ctx: HealthContext, orgId: string): Promise<EmailHealthReport> {
  const now = ctx.clock.now();
  const network = Promise.all([domainCheck(ctx.config), checkSmtp({ smtpUrl: ctx.config.smtpUrl })]);
  const since = new Date(now.getTime() - EMAIL_HEALTH_WINDOW_DAYS * DAY_MS);
  const counts = await countDeliveryEvents(ctx.db, orgId, since);
  const waitingSince = new Date(now.getTime() - EMAIL_HEALTH_THRESHOLDS.waitingMailMinutes * 60_000);
  const waiting = await countWaitingMail(ctx.db, orgId, waitingSince, MAX_EMAIL_ATTEMPTS);
  const webhook = await webhookStats(ctx.db, now);
  const kpis = kpisOf(counts, webhook.count5xx24h, now);
  const [dns, smtp] = await network;
  const checks = [
    dns,
    smtp,
    deliveryFreshnessCheck(kpis),
    webhookCheck({ ...webhook, configured: ctx.config.emailWebhookSecrets.length > 0, sent: kpis.sent, now }),
    bounceRateCheck(kpis),
    complaintRateCheck(kpis),
    outboxCheck({ waiting, givenUp: counts.givenUp }),
  ];
  return { timestamp: now.toISOString(), overall_status: overallStatusOf(checks), checks, kpis };
}

/**
 * Run Live Test (docs/product.md §2 Email health monitor): test mails to the caller's own address, through
 * the outbox and the same delivery as every other mail; one result each, audited.
 */
export async function runLiveTest(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config' | 'mailer' | 'logger' | 'appOrigin' | 'unsubscribeKey'>,
  actor: Pick<Actor, 'userId' | 'orgId' | 'email'>,
): Promise<LiveTestResponse> {
  const to = actor.email.trim();
  if (!to) throw new AppError('NO_EMAIL_ADDRESS');
  const mails = liveTestMails(ctx.clock.now(), ctx.appOrigin);
  const queued = await ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const content of mails) {
      const { outboxId } = await queueEmail(tx, ctx, {
        orgId: actor.orgId,
        to,
        template: 'live_test',
        category: 'transactional',
        content,
      });
      ids.push(outboxId);
    }
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'email_live_test',
      entityType: 'email',
      entityId: null,
      details: { to, mails: ids.length },
    });
    return ids;
  });
  const results: LiveTestResponse['results'] = [];
  for (const [index, outboxId] of queued.entries()) {
    const outcome = await deliverOutboxMail(ctx, outboxId);
    results.push({
      to,
      subject: mails[index]?.subject ?? '',
      status: outcome.status,
      message_id: outcome.messageId,
      error: outcome.error,
    });
  }
  return { results };
}

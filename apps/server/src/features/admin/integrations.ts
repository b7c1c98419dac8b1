import type { Integration, IntegrationsResponse } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import { webhookStats } from '../email/email-events.service';

/** host:port of a URL, never its user or password. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return 'unreadable address';
  }
}

/**
 * The Admin panel's Integrations tile (docs/product.md §2): each outside system Parley uses, from the
 * running configuration, with a status. No secret is ever part of it.
 */
export async function listIntegrations(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>,
): Promise<IntegrationsResponse> {
  const { config } = ctx;
  const items: Integration[] = [];
  items.push(
    config.smtpUrl
      ? {
          name: 'Mail server (SMTP)',
          status: 'connected',
          summary: `Mail is sent through ${hostOf(config.smtpUrl)}.`,
          details: { host: hostOf(config.smtpUrl), from: config.mailFrom },
        }
      : {
          name: 'Mail server (SMTP)',
          status: 'not_configured',
          summary: 'No mail server is configured: mail is kept in the outbox and not sent.',
          details: { host: null, from: config.mailFrom },
        },
  );
  items.push(
    config.ai
      ? {
          name: 'AI drafting',
          status: 'connected',
          summary: `Drafts are written by ${config.ai.model} at ${hostOf(config.ai.baseUrl)}.`,
          details: { host: hostOf(config.ai.baseUrl), model: config.ai.model },
        }
      : {
          name: 'AI drafting',
          status: 'not_configured',
          summary: 'No AI service is configured: the built-in drafter writes from the fund documents.',
          details: { host: null, model: null },
        },
  );
  items.push(
    config.complianceAi
      ? {
          name: 'Compliance second opinion',
          status: 'connected',
          summary: `A model (${config.complianceAi.model}) reviews flagged drafts as well.`,
          details: { host: hostOf(config.complianceAi.baseUrl), model: config.complianceAi.model },
        }
      : {
          name: 'Compliance second opinion',
          status: 'not_configured',
          summary: 'Off: the rule-based checker alone flags drafts.',
          details: { host: null, model: null },
        },
  );
  const webhookUrl = `${config.appOrigin}/api/webhooks/email-events`;
  if (config.emailWebhookSecrets.length === 0) {
    items.push({
      name: 'Delivery webhook',
      status: 'not_configured',
      summary: 'No webhook secret is configured: delivery reports are not received.',
      details: { url: webhookUrl, last_event_at: null },
    });
  } else {
    const stats = await webhookStats(ctx.db, ctx.clock.now());
    const last = stats.lastEventAt?.toISOString() ?? null;
    items.push({
      name: 'Delivery webhook',
      status: stats.count5xx24h > 0 ? 'attention' : 'connected',
      summary:
        stats.count5xx24h > 0
          ? `${stats.count5xx24h} delivery reports failed on Parley's side in 24 hours.`
          : last
            ? 'Receiving delivery reports.'
            : 'Ready: no delivery report has arrived yet.',
      details: { url: webhookUrl, last_event_at: last },
    });
  }
  items.push({
    name: 'DNS resolver',
    status: 'connected',
    summary: config.emailDnsServer
      ? `Email DNS checks ask ${config.emailDnsServer}.`
      : "Email DNS checks ask the server's own resolver.",
    details: { server: config.emailDnsServer ?? 'system', dkim_selector: config.emailDkimSelector },
  });
  return { items };
}

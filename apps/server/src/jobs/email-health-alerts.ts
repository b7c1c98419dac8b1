import type { EmailHealthReport } from '@parley/contracts';
import type { ServiceContext } from '../context';
import { deliverEmail, type EmailDeps } from '../features/email/email.service';
import { buildEmailHealthReport } from '../features/email-health/email-health.service';
import { recordEmailHealthStatus } from '../features/email-health/email-health-alerts';
import { listOrganizationIdsAfter } from '../features/email-health/email-health-alerts.queries';
import { withJobLock } from './runner';

export const EMAIL_HEALTH_ALERTS_LOCK_KEY = 7_250_106;
/** Every 15 minutes: soon enough to act on mail being refused, rare enough for the DNS and SMTP checks. */
export const EMAIL_HEALTH_ALERTS_INTERVAL_MS = 15 * 60_000;
const ORGANIZATION_PAGE = 200;

export type EmailHealthAlertsDeps = EmailDeps &
  Pick<ServiceContext, 'config'> & {
    /** The report of one organisation; buildEmailHealthReport unless a test steers it. */
    reportOf?: (orgId: string) => Promise<EmailHealthReport>;
  };

/**
 * One run of the e-mail health alerts job (docs/decisions/042-email-health-alerts.md): one report per
 * organisation, computed outside any transaction (it asks DNS and the SMTP server); then, under the
 * job's advisory lock, one transaction in which each organisation's status is recorded under its row
 * lock and its admins alerted when it got worse (a savepoint each, so one failure does not hold back
 * the others). The mails are delivered after commit; the outbox retry job takes any that fail.
 */
export async function runEmailHealthAlerts(deps: EmailHealthAlertsDeps) {
  const reportOf = deps.reportOf ?? ((orgId: string) => buildEmailHealthReport(deps, orgId));
  const reports = new Map<string, EmailHealthReport>();
  let after: string | null = null;
  for (;;) {
    const page = await listOrganizationIdsAfter(deps.db, after, ORGANIZATION_PAGE);
    for (const orgId of page) {
      try {
        reports.set(orgId, await reportOf(orgId));
      } catch (error) {
        // No report, no change: the status stays as recorded until a run can compute one.
        deps.logger.warn('email health alerts: report not available', {
          orgId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    after = page.at(-1) ?? null;
    if (page.length < ORGANIZATION_PAGE) break;
  }

  const run = await withJobLock(deps.db, EMAIL_HEALTH_ALERTS_LOCK_KEY, async (tx) => {
    const outboxIds: string[] = [];
    let alerted = 0;
    for (const [orgId, report] of reports) {
      try {
        const result = await tx.transaction((org) => recordEmailHealthStatus(org, deps, { orgId, report }));
        if (result.isAlerted) alerted += 1;
        outboxIds.push(...result.outboxIds);
      } catch (error) {
        deps.logger.error('email health alert failed', {
          orgId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { outboxIds, alerted };
  });
  if (!run.locked) return { locked: false, checked: reports.size, alerted: 0 };
  for (const id of run.value.outboxIds) await deliverEmail(deps, id);
  return { locked: true, checked: reports.size, alerted: run.value.alerted };
}

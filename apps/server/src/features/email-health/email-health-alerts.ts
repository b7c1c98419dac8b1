import { type EmailHealthReport, OVERALL_STATUSES, type OverallStatus } from '@parley/contracts';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { type EmailDeps, queueEmail } from '../email/email.service';
import type { EmailContent } from '../email/email-layout';
import { notifyMembers } from '../notifications/notifications.service';
import { listOrgRecipients } from '../notifications/recipients';
import { readSystemConfigValue, writeSystemConfigValue } from '../organizations/organizations.service';
import { lockOrganizationForHealth } from './email-health-alerts.queries';

/** The system_config key holding the organisation's last recorded overall status (decision 042). */
export const EMAIL_HEALTH_LAST_STATUS_KEY = 'email_health_last_status';
export const EMAIL_HEALTH_ALERT_ACTION = 'email_health_alert_sent';

const SEVERITY: Record<OverallStatus, number> = { PASS: 0, WARN: 1, FAIL: 2 };

/**
 * docs/decisions/042-email-health-alerts.md: an alert goes when the status gets worse — PASS→WARN,
 * WARN→FAIL, PASS→FAIL. Staying the same, or getting better (FAIL→WARN: the admins were already told
 * of worse), says nothing new. No recorded status counts as PASS, so problems found on the first run
 * are told once.
 */
export function isAlertingChange(from: OverallStatus | null, to: OverallStatus): boolean {
  return SEVERITY[to] > SEVERITY[from ?? 'PASS'];
}

function parseStatus(value: string | null): OverallStatus | null {
  return OVERALL_STATUSES.find((s) => s === value) ?? null;
}

/** The checks behind a WARN or FAIL, worst first, as the mail and the audit entry name them. */
function problemsOf(report: EmailHealthReport) {
  return report.checks
    .filter((c) => c.status === 'FAIL' || c.status === 'WARN')
    .sort((a, b) => (a.status === b.status ? 0 : a.status === 'FAIL' ? -1 : 1));
}

export function emailHealthPageUrl(appOrigin: string) {
  return `${appOrigin}/admin/system/email-health`;
}

export function emailHealthAlertEmail(input: {
  orgName: string;
  from: OverallStatus | null;
  report: EmailHealthReport;
  appOrigin: string;
}): EmailContent {
  const to = input.report.overall_status;
  return {
    subject: `Parley email health: ${to}`,
    title: `Email health is ${to}`,
    paragraphs: [
      `The email health checks of ${input.orgName} went from ${input.from ?? 'PASS'} to ${to}. Mail from Parley may be delayed, refused or filed as spam until this is fixed.`,
      ...problemsOf(input.report).map((c) => `${c.name} (${c.status}): ${c.summary}`),
    ],
    action: { label: 'Open Email Health', url: emailHealthPageUrl(input.appOrigin) },
  };
}

/**
 * Records the organisation's overall e-mail health status from a report computed before the caller's
 * transaction, and alerts its admins when it got worse (docs/decisions/042-email-health-alerts.md).
 * The organisation's row is locked first and the last status re-read under the lock, so two instances
 * with the same report alert once. An alert is one in-app notification per active admin and one
 * 'system_alerts' mail each (queueEmail records it suppressed for an address that turned system alerts
 * off), with an `email_health_alert_sent` entry, all in the caller's transaction with the new status.
 * Returns the outbox ids to deliver after commit.
 */
export async function recordEmailHealthStatus(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: { orgId: string; report: EmailHealthReport },
): Promise<{ from: OverallStatus | null; to: OverallStatus; isAlerted: boolean; outboxIds: string[] }> {
  const to = input.report.overall_status;
  const org = await lockOrganizationForHealth(tx, input.orgId);
  if (!org) return { from: null, to, isAlerted: false, outboxIds: [] };
  const from = parseStatus(await readSystemConfigValue(tx, org.id, EMAIL_HEALTH_LAST_STATUS_KEY));
  if (from === to) return { from, to, isAlerted: false, outboxIds: [] };
  const now = deps.clock.now();
  await writeSystemConfigValue(tx, {
    orgId: org.id,
    key: EMAIL_HEALTH_LAST_STATUS_KEY,
    value: to,
    updatedAt: now,
  });
  if (!isAlertingChange(from, to)) return { from, to, isAlerted: false, outboxIds: [] };

  const admins = (await listOrgRecipients(tx, org.id)).filter((r) => r.role === 'admin');
  const problems = problemsOf(input.report);
  await notifyMembers(tx, deps, {
    orgId: org.id,
    recipients: admins,
    kind: 'email_health_alert',
    messageId: null,
    title: `Email health: ${to}`,
    body: problems.map((c) => `${c.name} (${c.status})`).join(', '),
    // The mail goes below, as a system alert the unsubscribe page can turn off.
    email: null,
    now,
  });
  const content = emailHealthAlertEmail({
    orgName: org.name,
    from,
    report: input.report,
    appOrigin: deps.appOrigin,
  });
  const outboxIds: string[] = [];
  for (const admin of admins) {
    const queued = await queueEmail(tx, deps, {
      orgId: org.id,
      to: admin.email,
      template: 'email_health_alert',
      category: 'system_alerts',
      content,
    });
    if (!queued.isSuppressed) outboxIds.push(queued.outboxId);
  }
  await appendAudit(tx, deps.clock, {
    orgId: org.id,
    actorId: null,
    actionType: EMAIL_HEALTH_ALERT_ACTION,
    entityType: 'organization',
    entityId: org.id,
    details: { from, to, failing_checks: problems.map((c) => c.name) },
  });
  return { from, to, isAlerted: true, outboxIds };
}

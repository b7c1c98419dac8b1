import type { Config } from '../config';
import type { EmailDeps } from '../features/email/email.service';
import type { EmailHealthProvider } from '../features/weekly-report/weekly-report.service';
import type { AuditSigner } from '../lib/audit-signer';
import { AUDIT_CHECKPOINTS_INTERVAL_MS, runAuditCheckpoints } from './audit-checkpoints';
import { EMAIL_HEALTH_ALERTS_INTERVAL_MS, runEmailHealthAlerts } from './email-health-alerts';
import { LIBRARY_REMINDERS_INTERVAL_MS, runLibraryReminders } from './library-reminders';
import { OUTBOX_RETRY_INTERVAL_MS, retryOutbox } from './outbox-retry';
import { REPORTS_INTERVAL_MS, runReportJobs } from './reports';
import { scheduleJobs } from './runner';
import { SWEEP_INTERVAL_MS, sweepExpiredRows } from './sweep';
import { runWeeklyReports, WEEKLY_REPORT_INTERVAL_MS } from './weekly-report';

/**
 * The scheduled jobs of a server process (started by main.ts, not createApp: tests call the job
 * functions with their own clock). Returns `stop()`, which waits for runs under way. `emailHealthStatus`
 * gives the weekly report its e-mail health line; without it the line says 'not available'. `config`
 * is what the e-mail health alerts' report checks (MAIL_FROM's domain, SMTP_URL, the webhook).
 */
export function startJobs(
  deps: EmailDeps & { config: Config; auditSigner: AuditSigner; emailHealthStatus?: EmailHealthProvider },
) {
  return scheduleJobs(
    [
      {
        name: 'outbox-retry',
        intervalMs: OUTBOX_RETRY_INTERVAL_MS,
        run: (signal) => retryOutbox(deps, { signal }),
      },
      { name: 'sweep', intervalMs: SWEEP_INTERVAL_MS, run: (signal) => sweepExpiredRows(deps, { signal }) },
      {
        name: 'library-reminders',
        intervalMs: LIBRARY_REMINDERS_INTERVAL_MS,
        run: () => runLibraryReminders(deps),
      },
      {
        name: 'audit-checkpoints',
        intervalMs: AUDIT_CHECKPOINTS_INTERVAL_MS,
        run: () => runAuditCheckpoints(deps),
      },
      {
        name: 'weekly-report',
        intervalMs: WEEKLY_REPORT_INTERVAL_MS,
        run: () => runWeeklyReports(deps),
      },
      {
        name: 'reports',
        intervalMs: REPORTS_INTERVAL_MS,
        run: (signal) => runReportJobs(deps, { signal }),
      },
      {
        name: 'email-health-alerts',
        intervalMs: EMAIL_HEALTH_ALERTS_INTERVAL_MS,
        run: () => runEmailHealthAlerts(deps),
      },
    ],
    { logger: deps.logger },
  );
}

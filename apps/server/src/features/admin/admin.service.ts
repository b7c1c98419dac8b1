import {
  APPROVAL_LEVELS,
  type ApprovalMatrix,
  type SystemHealthResponse,
  WEEKLY_REPORT_OVERDUE_DAYS,
} from '@parley/contracts';
import type { GuardrailPolicy } from '@parley/guardrails';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { getAuditChainStatus } from '../audit/audit-chain-status';
import { loadCompliancePolicy } from '../compliance/compliance.service';
import { readSystemConfigValue } from '../organizations/organizations.service';
import { findNextWeeklyReportAt, WEEKLY_REPORT_ACTION } from '../weekly-report/weekly-report.service';
import { countLivePendingInvitations, findLatestAuditAt, findOrganizationCreatedAt } from './admin.queries';

const OVERDUE_AFTER_MS = WEEKLY_REPORT_OVERDUE_DAYS * 24 * 3_600_000;

/** The audit action a weekly report leaves behind: the job's (docs/decisions/041-weekly-report-schedule.md). */
export { WEEKLY_REPORT_ACTION };

/**
 * docs/product.md §9: overdue when more than 7 days passed since the last report or, before the first,
 * since the organisation was created (a week-old workspace has had a Monday; a new one has not).
 */
export function isWeeklyReportOverdue(lastAt: Date | null, orgCreatedAt: Date | null, now: Date): boolean {
  const since = lastAt ?? orgCreatedAt;
  return since === null || now.getTime() - since.getTime() > OVERDUE_AFTER_MS;
}

/**
 * The System Health card of docs/product.md §2, live for one organisation. The origin comparison is
 * decision 009: the fixed production origin is APP_ORIGIN, compared with where the request came from.
 */
export async function getSystemHealth(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config' | 'auditSigner'>,
  actor: Pick<Actor, 'orgId'>,
  input: { requestOrigin: string | null },
): Promise<SystemHealthResponse> {
  const now = ctx.clock.now();
  const [
    pendingInvitations,
    lastWeeklyReportAt,
    orgCreatedAt,
    ssoRequiredValue,
    compliance,
    auditChain,
    nextReport,
  ] = await Promise.all([
    countLivePendingInvitations(ctx.db, actor.orgId, now),
    findLatestAuditAt(ctx.db, actor.orgId, WEEKLY_REPORT_ACTION),
    findOrganizationCreatedAt(ctx.db, actor.orgId),
    readSystemConfigValue(ctx.db, actor.orgId, 'sso_required'),
    loadCompliancePolicy(ctx.db, actor.orgId),
    getAuditChainStatus(ctx, actor.orgId),
    findNextWeeklyReportAt(ctx, actor.orgId),
  ]);
  const health: Omit<SystemHealthResponse, 'guardrail_notes' | 'audit_chain'> = {
    allowed_origin: {
      configured: ctx.config.appOrigin,
      request_origin: input.requestOrigin,
      matches: input.requestOrigin === ctx.config.appOrigin,
    },
    // The same flag app.ts uses to send Strict-Transport-Security.
    hsts_active: ctx.config.isHttps,
    pending_invitations: pendingInvitations,
    last_weekly_report: {
      at: lastWeeklyReportAt?.toISOString() ?? null,
      is_overdue: isWeeklyReportOverdue(lastWeeklyReportAt, orgCreatedAt, now),
    },
    sso_required: ssoRequiredValue === 'true',
  };
  return {
    ...health,
    guardrail_notes: [
      checkerNote(compliance.policy, compliance.matrix),
      ...deploymentNotes(health, nextReport.schedule),
    ],
    audit_chain: auditChain,
  };
}

/** The compliance checker as the organisation set it up: what is enabled and what needs a director. */
export function checkerNote(policy: GuardrailPolicy, matrix: ApprovalMatrix): string {
  const rules = [...policy.lexicon, ...policy.patterns];
  const enabled = rules.filter((rule) => rule.enabled).length;
  const needsDirector = APPROVAL_LEVELS.filter(
    (level) => level !== 'none' && !matrix[level].includes('ir_associate'),
  );
  return `The compliance checker runs on every generated draft and before every approval: ${enabled} of ${rules.length} guardrails are enabled, and drafts with ${needsDirector.join(' or ')} flags need a director's approval.`;
}

/** What an admin should know about this deployment; only what is true today. */
function deploymentNotes(
  health: Omit<SystemHealthResponse, 'guardrail_notes' | 'audit_chain'>,
  weeklyReport: { day: string; time: string; timeZone: string },
): string[] {
  const notes: string[] = [];
  if (!health.allowed_origin.matches) {
    notes.push(
      `This page was opened at ${health.allowed_origin.request_origin ?? 'an unknown origin'}, but links in e-mails point to ${health.allowed_origin.configured}. Ask whoever runs the server to set Parley's address to the one members use.`,
    );
  }
  if (!health.hsts_active) {
    notes.push("HSTS is off because Parley's address is not https. Serve Parley over https in production.");
  }
  if (health.sso_required) {
    notes.push(
      'SSO is marked as required, but Parley offers no SSO sign-in yet: members sign in with a password or a magic link.',
    );
  }
  if (health.last_weekly_report.at === null) {
    const day = `${weeklyReport.day.charAt(0).toUpperCase()}${weeklyReport.day.slice(1)}`;
    notes.push(
      `No weekly report has been sent yet: it goes out each ${day} at ${weeklyReport.time} (${weeklyReport.timeZone}).`,
    );
  }
  return notes;
}

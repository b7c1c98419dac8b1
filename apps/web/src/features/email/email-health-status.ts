/** docs/product.md §4: the overall status of the email health report is PASS, WARN or FAIL. */
export type OverallEmailHealth = 'PASS' | 'WARN' | 'FAIL';

/** What the sidebar dot shows: the overall status, or a pulsing neutral dot while loading. */
export type EmailHealthDotStatus = OverallEmailHealth | 'loading';

/** The part of GET /api/email/health the sidebar reads. */
export type EmailHealthSummary = { overall_status: string };

/**
 * docs/product.md §4/§8: PASS green, WARN yellow, FAIL red, neutral while loading, and WARN when the request
 * fails (an unreadable status counts as a failure too).
 */
export function toEmailHealthDotStatus(query: {
  isPending: boolean;
  isError: boolean;
  data: EmailHealthSummary | undefined;
}): EmailHealthDotStatus {
  if (query.isError) return 'WARN';
  if (query.isPending || !query.data) return 'loading';
  const status = query.data.overall_status;
  return status === 'PASS' || status === 'FAIL' ? status : 'WARN';
}

export const EMAIL_HEALTH_DOT_LABELS: Record<EmailHealthDotStatus, string> = {
  loading: 'checking',
  PASS: 'pass',
  WARN: 'warning',
  FAIL: 'failing',
};

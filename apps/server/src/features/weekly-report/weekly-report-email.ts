import type { EmailHealthStatus } from '@parley/contracts';
import type { EmailContent } from '../email/email-layout';

/** The figures of one organisation's week (docs/product.md §2 Admin panel, weekly report). */
export type WeeklyFigures = {
  messagesReceived: number;
  repliesSent: number;
  /** Median hours from a message's arrival to the approval of its reply; null when none was sent. */
  medianHoursToReply: number | null;
  /** Flags on the versions checked in the week, by severity. */
  flags: { high: number; medium: number; low: number };
  approvalsWaiting: number;
  emailHealth: EmailHealthStatus | null;
};

/** A day in the organisation's zone, as the digest names the week ('4 Jan 2027'). */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);
}

function hours(value: number | null): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

/** The digest mail, plain figures in Parley's one layout; queueEmail adds the unsubscribe footnote. */
export function weeklyReportEmail(input: {
  orgName: string;
  timeZone: string;
  weekStart: Date;
  weekEnd: Date;
  figures: WeeklyFigures;
  appOrigin: string;
}): EmailContent {
  const { figures } = input;
  const week = `${dayIn(input.timeZone, input.weekStart)} – ${dayIn(input.timeZone, input.weekEnd)}`;
  return {
    subject: `Weekly report for ${input.orgName}: ${week}`,
    title: `${input.orgName}: the week of ${week}`,
    paragraphs: [
      `Messages received: ${figures.messagesReceived}`,
      `Replies sent (approved and sent): ${figures.repliesSent}`,
      `Median time to reply (received to approved): ${hours(figures.medianHoursToReply)}`,
      `Compliance flags on drafts checked this week: ${figures.flags.high} high, ${figures.flags.medium} medium, ${figures.flags.low} low`,
      `Approvals waiting now: ${figures.approvalsWaiting}`,
      `E-mail health: ${figures.emailHealth ?? 'not available'}`,
    ],
    action: { label: 'Open Parley', url: `${input.appOrigin}/` },
    footnote: 'You receive this because the weekly digest is on in your Parley settings.',
  };
}

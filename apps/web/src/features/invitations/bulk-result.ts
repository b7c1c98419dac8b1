import {
  type BulkInvitationAction,
  type BulkInvitationOutcome,
  INVITATION_TEXTS,
  MAIL_DELIVERY_TEXTS,
} from '@parley/contracts';

/**
 * The toast after Resend Selected / Delete Selected: 'Resent N invitations. M failed.' or
 * 'Deleted N invitations. M failed.', a success when none failed, a warning when some did, an error
 * when all did. Resent invitations whose mail did not leave make it a warning that says so.
 */
export function bulkResultToast(
  action: BulkInvitationAction,
  result: { succeeded: number; failed: number; results?: readonly BulkInvitationOutcome[] },
): { tone: 'success' | 'warning' | 'error'; text: string; description?: string } {
  const text = action === 'resend' ? INVITATION_TEXTS.bulkResent : INVITATION_TEXTS.bulkDeleted;
  const unsent = (result.results ?? []).filter((r) => r.ok && r.delivery && r.delivery !== 'sent');
  const tone =
    result.failed === 0 && unsent.length === 0 ? 'success' : result.succeeded > 0 ? 'warning' : 'error';
  if (unsent.length === 0) return { tone, text: text(result.succeeded, result.failed) };
  const reason = unsent.every((r) => r.delivery === 'stored')
    ? MAIL_DELIVERY_TEXTS.stored
    : MAIL_DELIVERY_TEXTS.notSent;
  const count = `${unsent.length} e-mail${unsent.length === 1 ? ' was' : 's were'} not sent`;
  return { tone, text: text(result.succeeded, result.failed), description: `${count}: ${reason}` };
}

import { type BulkInvitationAction, INVITATION_TEXTS } from '@parley/contracts';

/**
 * The toast after Resend Selected / Delete Selected: 'Resent N invitations. M failed.' or
 * 'Deleted N invitations. M failed.', a success when none failed, a warning when some did, an error
 * when all did.
 */
export function bulkResultToast(
  action: BulkInvitationAction,
  result: { succeeded: number; failed: number },
): { tone: 'success' | 'warning' | 'error'; text: string } {
  const text = action === 'resend' ? INVITATION_TEXTS.bulkResent : INVITATION_TEXTS.bulkDeleted;
  const tone = result.failed === 0 ? 'success' : result.succeeded > 0 ? 'warning' : 'error';
  return { tone, text: text(result.succeeded, result.failed) };
}

import type { Tx } from '../../db/client';
import type { EmailDeps } from '../email/email.service';
import type { EmailContent } from '../email/email-layout';
import { notifyMembers } from '../notifications/notifications.service';

/**
 * What a member is told when a key rotation removed their unused recovery codes (docs/operations.md,
 * Rotating the encryption key): in the app and by e-mail, whatever their notification settings, since
 * until they generate new codes a lost phone locks them out.
 */
export const RECOVERY_CODES_CLEARED_TEXTS = {
  title: 'Your recovery codes were replaced',
  body: 'An administrator changed Parley’s encryption key, so your unused recovery codes no longer work. Generate new ones in Settings.',
} as const;

function recoveryCodesClearedEmail(settingsUrl: string): EmailContent {
  return {
    subject: 'Parley: generate new recovery codes',
    title: RECOVERY_CODES_CLEARED_TEXTS.title,
    paragraphs: [
      'An administrator of your Parley workspace changed the encryption key that protects sign-in secrets. Recovery codes cannot be carried over to a new key, so your unused codes no longer work.',
      'Your authenticator app works as before. Sign in with it and generate new recovery codes, so that losing your phone does not lock you out.',
    ],
    action: { label: 'Generate new codes', url: settingsUrl },
    footnote: 'You receive this security notice whatever your e-mail settings.',
  };
}

/** Tells each member in `owners` (in the rotation's transaction); returns the outbox ids queued. */
export async function noticeRecoveryCodesCleared(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  owners: readonly { userId: string; email: string; orgId: string }[],
): Promise<string[]> {
  const now = deps.clock.now();
  const queued: string[] = [];
  for (const owner of owners) {
    const ids = await notifyMembers(tx, deps, {
      orgId: owner.orgId,
      recipients: [
        {
          userId: owner.userId,
          email: owner.email,
          wantsApprovalEmails: false,
          wantsComplianceEmails: false,
        },
      ],
      kind: 'recovery_codes_cleared',
      messageId: null,
      title: RECOVERY_CODES_CLEARED_TEXTS.title,
      body: RECOVERY_CODES_CLEARED_TEXTS.body,
      email: recoveryCodesClearedEmail(`${deps.appOrigin}/settings`),
      isSecurityNotice: true,
      now,
    });
    queued.push(...ids);
  }
  return queued;
}

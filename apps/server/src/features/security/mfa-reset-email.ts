import type { EmailContent } from '../email/email-layout';

/** To the member whose factors an admin reset: who did it and why, and what happens next. */
export function mfaResetEmail(input: { adminName: string; reason: string; appOrigin: string }): EmailContent {
  return {
    subject: 'Parley: your two-factor authentication was reset',
    title: 'Your two-factor authentication was reset',
    paragraphs: [
      `${input.adminName}, an admin of your organisation, removed your authenticator app, passkeys and recovery codes, and signed you out everywhere.`,
      `The reason given: “${input.reason}”`,
      'When you next sign in, Parley asks you to set up two-factor authentication again if your organisation requires it. If you did not expect this, tell your admin.',
    ],
    action: { label: 'Sign in to Parley', url: `${input.appOrigin}/auth` },
    footnote: 'A security notice: sent whatever your e-mail settings.',
  };
}

import { describe, expect, it } from 'vitest';
import { bulkResultToast } from './bulk-result';

describe('the toast after a bulk action', () => {
  it('says how many were resent and how many failed', () => {
    expect(bulkResultToast('resend', { succeeded: 3, failed: 0 })).toEqual({
      tone: 'success',
      text: 'Resent 3 invitations. 0 failed.',
    });
    expect(bulkResultToast('resend', { succeeded: 2, failed: 1 })).toEqual({
      tone: 'warning',
      text: 'Resent 2 invitations. 1 failed.',
    });
  });

  it('is an error when every invitation failed', () => {
    expect(bulkResultToast('delete', { succeeded: 0, failed: 4 })).toEqual({
      tone: 'error',
      text: 'Deleted 0 invitations. 4 failed.',
    });
    expect(bulkResultToast('delete', { succeeded: 4, failed: 0 }).text).toBe(
      'Deleted 4 invitations. 0 failed.',
    );
  });

  it('warns when resent invitations were kept in the outbox instead of sent', () => {
    expect(
      bulkResultToast('resend', {
        succeeded: 2,
        failed: 0,
        results: [
          { id: 'a', ok: true, email_sent: false, delivery: 'stored' },
          { id: 'b', ok: true, email_sent: true, delivery: 'sent' },
        ],
      }),
    ).toEqual({
      tone: 'warning',
      text: 'Resent 2 invitations. 0 failed.',
      description:
        '1 e-mail was not sent: No mail server is configured, so the e-mail was kept in the outbox and not sent.',
    });
  });
});

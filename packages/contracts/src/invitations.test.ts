import { describe, expect, it } from 'vitest';
import {
  bulkInvitationActionInputSchema,
  COMMON_PASSWORDS,
  choosePasswordSchema,
  createInvitationInputSchema,
  INVITATION_BULK_MAX,
  invitationUnavailableMessage,
  isCommonPassword,
  PASSWORD_MIN_LENGTH,
} from './index';

describe('the password policy (decision 008)', () => {
  it('lists only passwords long enough to pass the length rule, each once', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(90);
    expect(COMMON_PASSWORDS.filter((p) => p.length < PASSWORD_MIN_LENGTH)).toEqual([]);
    expect(new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase())).size).toBe(COMMON_PASSWORDS.length);
  });

  it('refuses a common password whatever its case or spacing', () => {
    expect(isCommonPassword('PassWord1234')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(true);
    expect(isCommonPassword('a sturdy passphrase 2026')).toBe(false);
    expect(choosePasswordSchema.safeParse('Qwerty123456').error?.issues[0]?.message).toBe(
      'This password is too common',
    );
  });

  it('refuses fewer than 12 characters', () => {
    expect(choosePasswordSchema.safeParse('eleven-char').error?.issues[0]?.message).toBe(
      'Use at least 12 characters',
    );
  });
});

describe('invitation inputs', () => {
  it('default the role to ir_associate and lower-case the address (docs/product.md §9)', () => {
    expect(createInvitationInputSchema.parse({ email: ' New@Example.COM ' })).toEqual({
      email: 'new@example.com',
      role: 'ir_associate',
    });
  });

  it('say why a link can no longer be used', () => {
    expect(invitationUnavailableMessage('deleted')).toBe('This invitation has been deleted');
    expect(invitationUnavailableMessage('expired')).toBe('This invitation has expired');
    expect(invitationUnavailableMessage('accepted')).toBe('This invitation has already been accepted');
    expect(invitationUnavailableMessage('pending')).toBeNull();
  });
});

describe('a bulk invitation action', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const messageOf = (input: unknown) =>
    bulkInvitationActionInputSchema.safeParse(input).error?.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));

  it('takes resend or delete and 1 to INVITATION_BULK_MAX distinct invitation ids', () => {
    expect(bulkInvitationActionInputSchema.parse({ action: 'resend', ids: [id(1)] })).toEqual({
      action: 'resend',
      ids: [id(1)],
    });
    const most = Array.from({ length: INVITATION_BULK_MAX }, (_, n) => id(n));
    expect(bulkInvitationActionInputSchema.safeParse({ action: 'delete', ids: most }).success).toBe(true);
  });

  it('names the field of each refusal', () => {
    expect(messageOf({ action: 'archive', ids: [id(1)] })).toEqual([
      { path: 'action', message: 'Use resend or delete' },
    ]);
    expect(messageOf({ action: 'resend', ids: [] })).toEqual([
      { path: 'ids', message: 'Select at least one invitation' },
    ]);
    expect(
      messageOf({ action: 'resend', ids: Array.from({ length: INVITATION_BULK_MAX + 1 }, (_, n) => id(n)) }),
    ).toEqual([{ path: 'ids', message: `Select at most ${INVITATION_BULK_MAX} invitations` }]);
    expect(messageOf({ action: 'resend', ids: [id(1), id(1)] })).toEqual([
      { path: 'ids', message: 'List each invitation once' },
    ]);
    expect(messageOf({ action: 'delete', ids: [id(1), 'nope'] })).toEqual([
      { path: 'ids.1', message: 'Not an invitation id' },
    ]);
    expect(messageOf({ action: 'delete' })).toEqual([{ path: 'ids', message: 'List the invitation ids' }]);
  });
});

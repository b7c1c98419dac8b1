import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  choosePasswordSchema,
  createInvitationInputSchema,
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
  it('default the role to ir_associate and lower-case the address (SPEC §9)', () => {
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

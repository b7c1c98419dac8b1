import { z } from 'zod';

/** Decision 008: at least 12 characters (NIST SP 800-63B's floor is 8) and at most 1024. */
export const PASSWORD_MIN_LENGTH = 12;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(1024, { error: 'Use at most 1024 characters' });

/**
 * A small built-in list of the most common passwords that are long enough to pass the length rule
 * (docs/decisions/008-password-policy.md); compared case-insensitively, ignoring spaces.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '000000000000',
  '0123456789ab',
  '1111111111111',
  '111111111111',
  '112233445566',
  '121212121212',
  '123123123123',
  '123456654321',
  '123451234512345',
  '123456123456',
  '1234567890-=',
  '1234567890123',
  '12345678901234',
  '123456789012',
  '123456789abc',
  '123456789qwerty',
  '123qweasdzxc',
  '1q2w3e4r5t6y',
  '1q2w3e4r5t6y7u',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  '1qazxsw23edc',
  '987654321000',
  'a1b2c3d4e5f6',
  'aaaaaaaaaaaa',
  'abc123abc123',
  'abc123456789',
  'abcd12345678',
  'abcdef123456',
  'abcdefghijkl',
  'access123456',
  'administrator',
  'administrator1',
  'asdfghjkl123',
  'asdfasdfasdf',
  'baseball1234',
  'changeme1234',
  'changemenow!',
  'correcthorsebatterystaple',
  'dragon123456',
  'football1234',
  'freedom12345',
  'iloveyou1234',
  'iloveyouforever',
  'letmein12345',
  'letmeinplease',
  'login1234567',
  'master123456',
  'monkey123456',
  'mypassword123',
  'mypassword12',
  'nopassword123',
  'oneandonly123',
  'p@ssw0rd1234',
  'p@ssword1234',
  'passw0rd1234',
  'password!234',
  'password.123',
  'password0000',
  'password1!23',
  'password1111',
  'passwordqwerty',
  'password123!',
  'password1234',
  'password12345',
  'password123456',
  'password2020',
  'password2021',
  'password2022',
  'password2023',
  'password2024',
  'password2025',
  'password2026',
  'passwordpassword',
  'princess1234',
  'qazwsxedcrfv',
  'qwer1234asdf',
  'qwerty123456',
  'qwerty1234567',
  'qwertyqwerty',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'qwertyuiop[]',
  'secret123456',
  'shadow123456',
  'starwars1234',
  'sunshine1234',
  'superman1234',
  'trustno11234',
  'welcome12345',
  'welcome123456',
  'welcome2024!',
  'welcome2025!',
  'welcome2026!',
  'whatever1234',
  'zaq12wsxcde3',
  'zxcvbnm12345',
  'zxcvbnmasdfg',
];

const COMMON_PASSWORD_SET = new Set(COMMON_PASSWORDS.map((p) => normalizePassword(p)));

function normalizePassword(password: string): string {
  return password.toLowerCase().replace(/\s+/g, '');
}

/** Decision 008: true for a password on the built-in list, whatever its case or spacing. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORD_SET.has(normalizePassword(password));
}

/**
 * Decision 008, the policy for any password a person chooses: at least 12 characters and not one
 * of the most common passwords ('This password is too common').
 */
export const choosePasswordSchema = newPasswordSchema.refine((password) => !isCommonPassword(password), {
  error: 'This password is too common',
});

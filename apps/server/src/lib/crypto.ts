import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: for session and link tokens. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

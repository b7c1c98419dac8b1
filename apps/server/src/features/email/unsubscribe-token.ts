import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The unsubscribe key is derived from ENCRYPTION_KEY, so no second secret has to be managed. */
export function deriveUnsubscribeKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'parley unsubscribe v1', 32));
}

/** docs/product.md §2 Unsubscribe: the token is an HMAC of the lower-cased address, made by the server. */
export function createUnsubscribeToken(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('base64url');
}

export function isValidUnsubscribeToken(key: Buffer, email: string, token: string): boolean {
  const expected = Buffer.from(createUnsubscribeToken(key, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

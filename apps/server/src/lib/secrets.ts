import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * ENCRYPTION_KEY (README Configuration), as bytes. In embedded mode without one, a key is generated once
 * into DATA_DIR/encryption.key (owner-only) so TOTP secrets and unsubscribe tokens survive restarts.
 */
export function loadEncryptionKey(config: { encryptionKey: string | undefined; dataDir: string }): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'base64');
  const file = path.join(config.dataDir, 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

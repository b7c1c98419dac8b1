import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';

export const ENCRYPTION_KEY_FILE = 'encryption.key';

/** Where the key came from: `rotate-key` writes a new one back there when it can. */
export type EncryptionKeySource = { kind: 'environment' } | { kind: 'file'; file: string };

export type LoadedEncryptionKey = { key: Buffer; source: EncryptionKeySource; isNew: boolean };

/** 32 bytes in base64, as `openssl rand -base64 32` prints them. */
const KEY_TEXT = /^[A-Za-z0-9+/]{43}=$/;

/** Reads a key file's text as a key, or says what is wrong with it. */
export function parseEncryptionKey(text: string, from: string): Buffer {
  const trimmed = text.trim();
  if (!KEY_TEXT.test(trimmed))
    throw new Error(`${from} must hold 32 bytes in base64 (openssl rand -base64 32)`);
  return Buffer.from(trimmed, 'base64');
}

export function generateEncryptionKeyText(): string {
  return randomBytes(32).toString('base64');
}

/** Names a key in logs and audit entries without giving it away: first 16 hex of its SHA-256. */
export function encryptionKeyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/**
 * ENCRYPTION_KEY (README Configuration), as bytes. In development without one, a key is generated once
 * into DATA_DIR/encryption.key (owner-only) so TOTP secrets and unsubscribe tokens survive restarts;
 * config.ts refuses to start without ENCRYPTION_KEY in production or with DATABASE_URL.
 */
export function readEncryptionKey(
  config: { encryptionKey: string | undefined; dataDir: string },
  options: { create: boolean } = { create: true },
): LoadedEncryptionKey | null {
  if (config.encryptionKey) {
    return {
      key: Buffer.from(config.encryptionKey, 'base64'),
      source: { kind: 'environment' },
      isNew: false,
    };
  }
  const file = path.join(config.dataDir, ENCRYPTION_KEY_FILE);
  const isNew = !existsSync(file);
  if (isNew && !options.create) return null;
  if (isNew) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${generateEncryptionKeyText()}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { key: parseEncryptionKey(readFileSync(file, 'utf8'), file), source: { kind: 'file', file }, isNew };
}

/**
 * readEncryptionKey, announcing a key kept in DATA_DIR on every start: where it is and that a backup of
 * the data does not hold it (docs/operations.md, Keys).
 */
export function loadEncryptionKey(
  config: { encryptionKey: string | undefined; dataDir: string },
  logger: Pick<Logger, 'info' | 'warn'>,
): Buffer {
  const loaded = readEncryptionKey(config);
  if (!loaded) throw new Error('the encryption key could not be created');
  if (loaded.source.kind === 'file') {
    const fields = { file: loaded.source.file, keyId: encryptionKeyIdOf(loaded.key) };
    const backUp = `copy it somewhere safe away from DATA_DIR (backups of the database do not hold it; without it TOTP secrets cannot be opened), or set ENCRYPTION_KEY to its content (docs/operations.md)`;
    if (loaded.isNew) logger.warn(`generated the encryption key: ${backUp}`, fields);
    else logger.info(`secrets are sealed with the encryption key in DATA_DIR: ${backUp}`, fields);
  }
  return loaded.key;
}

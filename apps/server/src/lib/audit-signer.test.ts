import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedAuditSigner } from '../../test/audit-keys';
import { checkpointSignatureValid, signCheckpointFields } from './audit-checkpoint';
import { AUDIT_SIGNING_KEY_FILE, loadAuditSigner } from './audit-signer';
import type { Logger } from './logger';

const dir = mkdtempSync(path.join(tmpdir(), 'parley-signer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m) => warnings.push(m) };
  return { logger, warnings };
}

describe('the audit signing key', () => {
  it('is generated once into DATA_DIR (owner-only) with a warning to back it up, then reused', () => {
    const dataDir = path.join(dir, 'data');
    const first = recordingLogger();
    const signer = loadAuditSigner(
      { auditSigningKey: undefined, dataDir, databaseUrl: undefined },
      first.logger,
    );
    expect(first.warnings).toEqual([expect.stringContaining('back it up')]);
    expect(statSync(path.join(dataDir, AUDIT_SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);

    const again = recordingLogger();
    const reused = loadAuditSigner(
      { auditSigningKey: undefined, dataDir, databaseUrl: undefined },
      again.logger,
    );
    expect(again.warnings).toEqual([]);
    expect(reused.keyId).toBe(signer.keyId);
    expect(reused.publicKeyPem).toBe(signer.publicKeyPem);
  });

  it('comes from AUDIT_SIGNING_KEY when set, and nothing is written', () => {
    const given = fixedAuditSigner(3);
    const dataDir = path.join(dir, 'unused');
    const { logger, warnings } = recordingLogger();
    const signer = loadAuditSigner(
      { auditSigningKey: given.privateKey, dataDir, databaseUrl: undefined },
      logger,
    );
    expect(signer.keyId).toBe(given.keyId);
    expect(warnings).toEqual([]);
    expect(() => statSync(dataDir)).toThrow();
  });

  it('has a key id of 16 hex digits, and its signatures verify only with its own public key', () => {
    const [a, b] = [fixedAuditSigner(1), fixedAuditSigner(2)];
    expect(a.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(a.keyId).not.toBe(b.keyId);
    const signed = signCheckpointFields(
      {
        chain: 'c',
        seq: 1,
        head_hash: 'a'.repeat(64),
        signed_at: '2026-01-01T00:00:00.000Z',
        key_id: a.keyId,
      },
      a.privateKey,
    );
    expect(checkpointSignatureValid(signed, a.publicKey)).toBe(true);
    expect(checkpointSignatureValid(signed, b.publicKey)).toBe(false);
    expect(checkpointSignatureValid({ ...signed, seq: 2 }, a.publicKey)).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditFormatExample } from '../../../test/audit-format-example';
import { fixedAuditSigner, TEST_AUDIT_SIGNER } from '../../../test/audit-keys';
import { verifyAuditExport } from './audit-export-verifier';

const docFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../docs/audit-format.md',
);
const example = auditFormatExample(TEST_AUDIT_SIGNER);
const exampleLines = [...example.entries.map((entry) => entry.line), example.checkpointLine];
const verify = (lines: string[], key = TEST_AUDIT_SIGNER.publicKey) =>
  verifyAuditExport(() => Readable.from(lines.map((line) => `${line}\n`)), key);

describe('the audit format document', () => {
  it("holds the worked example exactly as Parley's code computes it", () => {
    const doc = readFileSync(docFile, 'utf8');
    for (const entry of example.entries) {
      expect(doc).toContain(entry.hashInput);
      expect(doc).toContain(`hash \`${entry.hash}\``);
    }
    expect(doc).toContain(example.signingInput);
    expect(doc).toContain(`key id \`${TEST_AUDIT_SIGNER.keyId}\``);
    expect(doc).toContain(TEST_AUDIT_SIGNER.publicKeyPem.trim());
    expect(doc).toContain(exampleLines.join('\n'));
  });
});

describe('the offline verifier', () => {
  it('verifies the worked example and reports its last checkpoint', async () => {
    expect(await verify(exampleLines)).toEqual({
      valid: true,
      chain: example.checkpoint.chain,
      entries: 2,
      firstSeq: 1,
      lastSeq: 2,
      lastCheckpoint: example.checkpoint,
      filtered: false,
    });
  });

  it('verifies a filtered export entry by entry, and still refuses a gap in an unfiltered one', async () => {
    const [first, second] = example.entries.map((e) => e.line);
    const header = JSON.stringify({ type: 'export', filtered: true, filters: { action: ['x'] } });
    // The second entry alone, under the checkpoint of the head: its predecessor is not in the file.
    expect(await verify([header, second ?? '', example.checkpointLine])).toMatchObject({
      valid: true,
      filtered: true,
      entries: 1,
    });
    // Without the header the same file is a chain with its start missing mid-way: not accepted as whole.
    const gapped = [
      first ?? '',
      JSON.stringify({ ...JSON.parse(second ?? '{}'), seq: 3 }),
      example.checkpointLine,
    ];
    expect(await verify(gapped)).toMatchObject({ valid: false, problem: { reason: 'seq_gap' } });
    // The header anywhere but first is refused.
    expect(await verify([first ?? '', header, second ?? '', example.checkpointLine])).toMatchObject({
      valid: false,
      problem: { reason: 'malformed_line' },
    });
  });

  it('refuses a checkpoint signed by another key, naming the key as unknown', async () => {
    const other = fixedAuditSigner(9);
    expect(await verify(exampleLines, other.publicKey)).toMatchObject({
      valid: false,
      line: 3,
      problem: { reason: 'checkpoint_key_unknown', seq: 2 },
    });
  });

  it('refuses entries no checkpoint covers', async () => {
    expect(await verify(exampleLines.slice(0, 2))).toMatchObject({
      valid: false,
      line: null,
      problem: { reason: 'checkpoint_missing' },
    });
  });

  it('names a line that is not an entry or a checkpoint', async () => {
    const lines = [exampleLines[0] ?? '', '{"type":"entry","seq":"two"}', ...exampleLines.slice(1)];
    expect(await verify(lines)).toMatchObject({
      valid: false,
      line: 2,
      problem: { reason: 'malformed_line' },
      detail: expect.stringContaining('chain'),
    });
  });

  it('refuses a created_at the hash could not have been computed from', async () => {
    const entry = JSON.parse(exampleLines[0] ?? '{}');
    const lines = [
      JSON.stringify({ ...entry, created_at: '2026-01-02T03:04:05.678+00:00' }),
      ...exampleLines.slice(1),
    ];
    expect(await verify(lines)).toMatchObject({
      valid: false,
      line: 1,
      problem: { reason: 'malformed_line' },
    });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type EntryLine, hashOfLine } from '../../../test/audit-export';
import { auditFormatExample } from '../../../test/audit-format-example';
import { fixedAuditSigner, TEST_AUDIT_SIGNER } from '../../../test/audit-keys';
import {
  type CheckpointLine,
  checkpointLine,
  type SignedCheckpoint,
  signCheckpointFields,
} from '../../lib/audit-checkpoint';
import { GENESIS_HASH } from '../../lib/audit-hash';
import {
  type PublishedCheckpoint,
  readPublishedCheckpoints,
  verifyAuditExport,
} from './audit-export-verifier';

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
      published: [],
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

/** Entry lines of a chain of `count` entries, one a minute, each hashed and linked as Parley would. */
function chainOf(count: number, change: { seq: number; details: Record<string, unknown> } | null = null) {
  const lines: EntryLine[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const line: EntryLine = {
      type: 'entry',
      chain: CHAIN,
      seq,
      id: `entry-${seq}`,
      created_at: minute(seq),
      actor_id: null,
      action_type: 'test_event',
      entity_type: 'test',
      entity_id: String(seq),
      details: seq === change?.seq ? change.details : { seq },
      prev_hash: lines.at(-1)?.hash ?? GENESIS_HASH,
      hash: '',
    };
    line.hash = hashOfLine(line);
    lines.push(line);
  }
  return lines;
}

const CHAIN = example.checkpoint.chain;
const minute = (n: number) => new Date(Date.UTC(2026, 0, 2, 3, n)).toISOString();

/** A checkpoint of `lines` at `seq`, signed at minute `at` (by the test key unless told). */
function signedAt(lines: EntryLine[], seq: number, at: number, signer = TEST_AUDIT_SIGNER): CheckpointLine {
  return checkpointLine(
    signCheckpointFields(
      {
        chain: CHAIN,
        seq,
        head_hash: lines[seq - 1]?.hash ?? '',
        signed_at: minute(at),
        key_id: signer.keyId,
      },
      signer.privateKey,
    ),
  );
}

const publishedFile = (...lines: CheckpointLine[]): PublishedCheckpoint[] =>
  lines.map((line, index) => ({
    checkpoint: signedCheckpointOf(line),
    source: 'published.jsonl',
    line: index + 1,
  }));

function signedCheckpointOf({ type: _, ...checkpoint }: CheckpointLine): SignedCheckpoint {
  return checkpoint;
}

const verifyWith = (lines: object[], published: PublishedCheckpoint[]) =>
  verifyAuditExport(
    () => Readable.from(lines.map((line) => `${JSON.stringify(line)}\n`)),
    TEST_AUDIT_SIGNER.publicKey,
    published,
  );

describe('the offline verifier with published checkpoints', () => {
  const chain = chainOf(6);
  const honest = [...chain, signedAt(chain, 6, 10)];

  it('confirms each published checkpoint against the entry at its seq, the export read twice for an earlier one', async () => {
    const published = publishedFile(signedAt(chain, 4, 5), signedAt(chain, 6, 10));
    let reads = 0;
    const result = await verifyAuditExport(
      () => {
        reads += 1;
        return Readable.from(honest.map((line) => `${JSON.stringify(line)}\n`));
      },
      TEST_AUDIT_SIGNER.publicKey,
      published,
    );
    expect(result).toMatchObject({
      valid: true,
      published: [
        { source: 'published.jsonl', line: 1, checkpoint: { seq: 4 }, confirmed: true },
        { source: 'published.jsonl', line: 2, checkpoint: { seq: 6 }, confirmed: true },
      ],
    });
    expect(reads).toBe(2);
  });

  it("fails a chain rewritten without the key on the export's own checkpoint", async () => {
    const rewritten = chainOf(6, { seq: 3, details: { seq: 99 } });
    const lines = [...rewritten, signedAt(chain, 6, 10)];
    expect(await verifyWith(lines, publishedFile(signedAt(chain, 4, 5)))).toMatchObject({
      valid: false,
      line: 7,
      problem: { reason: 'checkpoint_mismatch', seq: 6, entry_id: 'entry-6' },
    });
  });

  it('fails an honest export of a chain rewritten before it, where only the published checkpoint knows', async () => {
    // Rewritten in the database before the export, which Parley then signed as it found it.
    const rewritten = chainOf(6, { seq: 3, details: { seq: 99 } });
    const lines = [...rewritten, signedAt(rewritten, 6, 10)];
    expect(await verifyWith(lines, [])).toMatchObject({ valid: true });
    expect(await verifyWith(lines, publishedFile(signedAt(chain, 4, 5)))).toMatchObject({
      valid: false,
      source: 'published.jsonl',
      line: 1,
      problem: { reason: 'checkpoint_mismatch', seq: 4, entry_id: 'entry-4' },
    });
  });

  it('fails an export that ends before a published checkpoint signed after it: truncated, or just older', async () => {
    const shorter = [...chain.slice(0, 4), signedAt(chain, 4, 5)];
    const result = await verifyWith(shorter, publishedFile(signedAt(chain, 6, 10)));
    expect(result).toMatchObject({
      valid: false,
      source: 'published.jsonl',
      line: 1,
      problem: { reason: 'truncated', seq: 6 },
      detail: expect.stringContaining('export again'),
    });
  });

  it('fails an export signed after a published checkpoint it goes back from: the chain was rolled back', async () => {
    // Entries 5 and 6 removed after seq 6 was published, and the shorter chain signed again later.
    const takenBack = [...chain.slice(0, 4), signedAt(chain, 4, 20)];
    expect(await verifyWith(takenBack, publishedFile(signedAt(chain, 6, 10)))).toMatchObject({
      valid: false,
      line: 5,
      problem: { reason: 'checkpoint_rollback', seq: 4 },
      detail: `signed ${minute(20)}, after the checkpoint at seq 6 signed ${minute(10)} (published.jsonl line 1)`,
    });
  });

  it('refuses a forged published checkpoint, or one signed by another key, naming its file and line', async () => {
    const forged = { ...signedAt(chain, 4, 5), head_hash: 'f'.repeat(64) };
    expect(await verifyWith(honest, publishedFile(signedAt(chain, 2, 3), forged))).toMatchObject({
      valid: false,
      source: 'published.jsonl',
      line: 2,
      problem: { reason: 'checkpoint_signature_invalid', seq: 4 },
    });
    const other = signedAt(chain, 4, 5, fixedAuditSigner(9));
    expect(await verifyWith(honest, publishedFile(other))).toMatchObject({
      source: 'published.jsonl',
      problem: { reason: 'checkpoint_key_unknown' },
    });
  });

  it('refuses a published checkpoint of another chain', async () => {
    const elsewhere = { ...signedAt(chain, 4, 5), chain: 'system' };
    expect(await verifyWith(honest, publishedFile(elsewhere))).toMatchObject({
      valid: false,
      source: 'published.jsonl',
      problem: { reason: 'malformed_line' },
      detail: `chain: system is not the export's ${CHAIN}`,
    });
  });

  it('in a filtered export, confirms what the file holds and says what it cannot', async () => {
    const header = { type: 'export', filtered: true, filters: { action: ['test_event'] } };
    const lines = [
      header,
      ...chain.filter((line) => line.seq === 2 || line.seq === 4),
      signedAt(chain, 6, 10),
    ];
    const result = await verifyWith(lines, publishedFile(signedAt(chain, 2, 3), signedAt(chain, 3, 4)));
    expect(result).toMatchObject({
      valid: true,
      filtered: true,
      published: [
        { checkpoint: { seq: 2 }, confirmed: true },
        { checkpoint: { seq: 3 }, confirmed: false },
      ],
    });
    // The order still holds there: a head published before the export's own, and further on, was taken back.
    const further = chainOf(8);
    expect(await verifyWith(lines, publishedFile(signedAt(further, 8, 9)))).toMatchObject({
      valid: false,
      problem: { reason: 'checkpoint_rollback', seq: 6 },
    });
  });
});

describe('a file of published checkpoints', () => {
  const read = (text: string) => readPublishedCheckpoints(Readable.from([text]), 'published.jsonl');

  it('holds checkpoint lines, blank lines skipped', async () => {
    const line = JSON.stringify(signedAt(chainOf(2), 2, 3));
    expect(await read(`${line}\n\n${line}\n`)).toMatchObject({
      checkpoints: [
        { source: 'published.jsonl', line: 1, checkpoint: { seq: 2 } },
        { source: 'published.jsonl', line: 3, checkpoint: { seq: 2 } },
      ],
    });
  });

  it('names the line that is not a checkpoint, and refuses a file without one', async () => {
    expect(await read(`${exampleLines[0]}\n`)).toEqual({
      line: 1,
      error: 'type: "entry" is not "checkpoint"',
    });
    expect(await read('{"type":"checkpoint","seq":2}\n')).toMatchObject({
      line: 1,
      error: expect.stringContaining('chain'),
    });
    expect(await read('not json\n')).toEqual({ line: 1, error: 'not JSON' });
    expect(await read('\n')).toEqual({ line: null, error: 'holds no checkpoint line' });
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { auditFormatExample } from '../../../test/audit-format-example';
import { TEST_AUDIT_SIGNER } from '../../../test/audit-keys';
import { checkpointLine, signCheckpointFields } from '../../lib/audit-checkpoint';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** tsx by absolute URL: the CLI runs from a directory with no node_modules. */
const tsx = pathToFileURL(createRequire(path.join(serverDir, 'package.json')).resolve('tsx')).href;
const dir = mkdtempSync(path.join(tmpdir(), 'parley-audit-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const example = auditFormatExample(TEST_AUDIT_SIGNER);
const goodLines = [...example.entries.map((e) => e.line), example.checkpointLine];
const file = (name: string, text: string) => {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
};
const pubkey = file('key.pem', TEST_AUDIT_SIGNER.publicKeyPem);
const good = file('good.jsonl', `${goodLines.join('\n')}\n`);

/**
 * The CLI as an examiner runs it: a separate process with no Parley environment at all (no DATA_DIR,
 * no DATABASE_URL), in a directory holding nothing but the two files.
 */
function auditCli(args: string[]) {
  return run(process.execPath, ['--import', tsx, path.join(serverDir, 'src/cli.ts'), 'audit', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
  });
}

/** The good export verified against published checkpoint files, one `--checkpoint` each. */
const verifyGoodAgainst = (...published: string[]) =>
  auditCli(['verify', '--file', good, '--pubkey', pubkey, ...published.flatMap((f) => ['--checkpoint', f])]);

describe('npm run cli -- audit verify', () => {
  it('prints OK with the count and the last checkpoint, exits 0, and writes nothing', async () => {
    const before = readdirSync(dir).sort();
    // Relative paths: read from where the command was typed.
    const { stdout } = await auditCli(['verify', '--file', path.basename(good), '--pubkey', 'key.pem']);
    expect(stdout).toBe(
      [
        `OK: 2 entries verified (seq 1 to 2, chain ${example.checkpoint.chain}).`,
        `Last checkpoint: seq 2, head ${example.checkpoint.head_hash}, signed 2026-01-02T04:00:00.000Z with key ${TEST_AUDIT_SIGNER.keyId}.`,
        '',
      ].join('\n'),
    );
    expect(readdirSync(dir).sort()).toEqual(before);
  }, 60_000);

  it('prints the first problem with its line and reason, and exits 1', async () => {
    const changed = goodLines.map((line, i) =>
      i === 1 ? line.replace('"reply_approved"', '"reply_rejected"') : line,
    );
    const bad = file('bad.jsonl', `${changed.join('\n')}\n`);
    await expect(auditCli(['verify', '--file', bad, '--pubkey', pubkey])).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(
        "FAILED at line 2: hash_mismatch: Entry 2's contents do not match its hash.",
      ),
    });
  }, 60_000);

  it('exits 2 naming what is missing or unreadable', async () => {
    await expect(auditCli(['verify', '--file', good])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--pubkey: required'),
    });
    await expect(auditCli(['verify', '--file', good, '--pubkey', good])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is not an Ed25519 public key'),
    });
    await expect(
      auditCli(['verify', '--file', path.join(dir, 'missing.jsonl'), '--pubkey', pubkey]),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('cannot be read') });
  }, 120_000);

  it('checks the export against published checkpoint files, and says which it confirmed', async () => {
    const published = file('published.jsonl', `${example.checkpointLine}\n`);
    const { stdout } = await verifyGoodAgainst('published.jsonl');
    expect(stdout).toContain(
      `Published checkpoint confirmed: seq 2, head ${example.checkpoint.head_hash}, signed 2026-01-02T04:00:00.000Z (published.jsonl line 1): entry 2 has that hash.`,
    );
    // A checkpoint published after the export, further along: the export cannot confirm it.
    const later = signCheckpointFields(
      {
        chain: example.checkpoint.chain,
        seq: 3,
        head_hash: 'a'.repeat(64),
        signed_at: '2026-01-02T05:00:00.000Z',
        key_id: TEST_AUDIT_SIGNER.keyId,
      },
      TEST_AUDIT_SIGNER.privateKey,
    );
    const mailed = file('mailed.jsonl', `${JSON.stringify(checkpointLine(later))}\n`);
    await expect(verifyGoodAgainst(published, mailed)).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`FAILED at ${mailed} line 1: truncated:`),
    });
  }, 120_000);

  it('exits 2 naming --checkpoint when its file is not checkpoint lines', async () => {
    await expect(verifyGoodAgainst(good)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`--checkpoint: ${good} line 1: type: "entry" is not "checkpoint"`),
    });
  }, 60_000);
});

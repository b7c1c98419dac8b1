import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parsePublicKeyPem } from '../../lib/audit-checkpoint';
import { countText } from '../../lib/count-text';
import {
  type ExportVerifyResult,
  type PublishedCheckpoint,
  readPublishedCheckpoints,
  verifyAuditExport,
} from './audit-export-verifier';

export const AUDIT_VERIFY_USAGE = `Usage:
  npm run cli -- audit verify --file export.jsonl --pubkey parley-audit-public-key.pem
                              [--checkpoint published.jsonl ...]

Verifies a JSON Lines export of the audit log offline (docs/audit-format.md): no database, no
configuration. --checkpoint (repeatable) names a file of checkpoint lines published outside Parley:
each must verify under the key and hold in the export. Exit status 0 when it verifies, 1 when it does
not, 2 for a usage error.`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/**
 * `audit verify`: the offline verifier from the command line. Returns the exit status; reads nothing but
 * the two files named (never the environment or DATA_DIR).
 */
export async function runAuditVerifyCommand(
  args: string[],
  output: Output,
  /** Relative paths are read from here (where the operator typed the command). */
  cwd = process.cwd(),
): Promise<number> {
  const usage = (problem: string) => {
    output.err(`${problem}\n\n${AUDIT_VERIFY_USAGE}\n`);
    return 2;
  };
  let values: { file?: string; pubkey?: string; checkpoint?: string[] };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: {
        file: { type: 'string' },
        pubkey: { type: 'string' },
        checkpoint: { type: 'string', multiple: true },
      },
      allowPositionals: true,
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (positionals[0] !== 'verify' || positionals.length > 1) return usage('Unknown audit command.');
  if (!values.file) return usage('--file: required (the JSON Lines export)');
  if (!values.pubkey) return usage('--pubkey: required (the PEM public key from Parley)');

  let pem: Buffer;
  try {
    pem = readFileSync(path.resolve(cwd, values.pubkey));
  } catch {
    return usage(`--pubkey: ${values.pubkey} cannot be read`);
  }
  let publicKey: ReturnType<typeof parsePublicKeyPem>;
  try {
    publicKey = parsePublicKeyPem(pem);
  } catch {
    return usage(`--pubkey: ${values.pubkey} is not an Ed25519 public key (PEM)`);
  }
  const file = path.resolve(cwd, values.file);
  try {
    if (!statSync(file).isFile()) return usage(`--file: ${file} is not a file`);
  } catch {
    return usage(`--file: ${file} cannot be read`);
  }

  const published: PublishedCheckpoint[] = [];
  for (const name of values.checkpoint ?? []) {
    const source = path.resolve(cwd, name);
    try {
      if (!statSync(source).isFile()) return usage(`--checkpoint: ${name} is not a file`);
    } catch {
      return usage(`--checkpoint: ${name} cannot be read`);
    }
    const read = await readPublishedCheckpoints(createReadStream(source), name);
    if ('error' in read) {
      const where = read.line === null ? '' : ` line ${read.line}`;
      return usage(
        `--checkpoint: ${name}${where}: ${read.error} (one checkpoint line, as an export ends with, per line)`,
      );
    }
    published.push(...read.checkpoints);
  }

  const result = await verifyAuditExport(() => createReadStream(file), publicKey, published);
  if (result.valid) {
    const c = result.lastCheckpoint;
    output.out(
      [
        result.filtered
          ? `OK (filtered export): ${countText(result.entries, 'entry', 'entries')} ${result.entries === 1 ? 'matches its' : 'each match their'} hash, in chain order (seq ${result.firstSeq} to ${result.lastSeq}, chain ${result.chain}). The file holds only the entries its filters matched, so it cannot show that none is missing between them: verify an unfiltered export for that.`
          : `OK: ${countText(result.entries, 'entry', 'entries')} verified (seq ${result.firstSeq} to ${result.lastSeq}, chain ${result.chain}).`,
        `Last checkpoint: seq ${c.seq}, head ${c.head_hash}, signed ${c.signed_at} with key ${c.key_id}.`,
        ...result.published.map((item) => publishedLine(item, result)),
        '',
      ].join('\n'),
    );
    return 0;
  }
  const where = `${result.source ? `${result.source} ` : ''}${result.line === null ? 'the file' : `line ${result.line}`}`;
  const { problem } = result;
  output.out(
    [
      `FAILED at ${where}: ${problem.reason}: ${problem.message}`,
      ...(problem.entry_id ? [`Entry id: ${problem.entry_id}`] : []),
      ...(result.detail ? [`Detail: ${result.detail}`] : []),
      `Entries verified before it: ${result.entries}.`,
      '',
    ].join('\n'),
  );
  return 1;
}

/** What a published checkpoint was held against: its entry, or (not in the file) its key and order only. */
function publishedLine(
  item: PublishedCheckpoint & { confirmed: boolean },
  result: Extract<ExportVerifyResult, { valid: true }>,
): string {
  const { seq, head_hash, signed_at } = item.checkpoint;
  const what = `seq ${seq}, head ${head_hash}, signed ${signed_at} (${item.source} line ${item.line})`;
  if (item.confirmed) return `Published checkpoint confirmed: ${what}: entry ${seq} has that hash.`;
  const why = result.filtered
    ? `entry ${seq} is not in this filtered export`
    : `entry ${seq} comes before this export's first entry (seq ${result.firstSeq})`;
  return `Published checkpoint NOT confirmed: ${what}: its key, signature and order hold, but ${why}; verify an unfiltered export from seq 1 to confirm it.`;
}

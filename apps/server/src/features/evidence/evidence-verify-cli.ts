import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countText } from '../../lib/count-text';
import { verifyEvidencePack } from './verify-evidence-pack';

export const EVIDENCE_VERIFY_USAGE = `Usage:
  npm run cli -- audit verify-pack --file parley-evidence-….zip --pubkey parley-audit-public-key.pem

Verifies an evidence pack offline (docs/decisions/031-evidence-packs.md): its signed manifest, every
file against it, its audit entries and checkpoint, and its approvals and replies against their hashes.
An approved text pseudonymised by a later erasure (its audit entry in the pack) is reported as a note.
Use the public key downloaded from Parley, not the copy inside the pack. Exit status 0 when it
verifies, 1 when it does not, 2 for a usage error.`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/** `audit verify-pack`: reads nothing but the two files named. Returns the exit status. */
export async function runEvidenceVerifyCommand(args: string[], output: Output, cwd = process.cwd()) {
  const usage = (problem: string) => {
    output.err(`${problem}\n\n${EVIDENCE_VERIFY_USAGE}\n`);
    return 2;
  };
  let values: { file?: string; pubkey?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { file: { type: 'string' }, pubkey: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (!values.file) return usage('--file: required (the evidence pack, a .zip)');
  if (!values.pubkey) return usage('--pubkey: required (the PEM public key from Parley)');
  const read = (name: string, what: string) => {
    try {
      return readFileSync(path.resolve(cwd, name));
    } catch {
      return usage(`--${what}: ${name} cannot be read`);
    }
  };
  const pem = read(values.pubkey, 'pubkey');
  if (typeof pem === 'number') return pem;
  const zip = read(values.file, 'file');
  if (typeof zip === 'number') return zip;

  const result = await verifyEvidencePack(zip, pem.toString('utf8'));
  // Notes explain what the pack records (a thread pseudonymised since, say); they never fail it.
  const notes = result.notes.length
    ? `Note(s):\n${result.notes.map((n) => `  ${n.file}: ${n.note}`).join('\n')}\n`
    : '';
  if (result.ok) {
    const checkpoint = result.checkpoint;
    output.out(
      `OK: ${countText(result.threads, 'thread')}, ${countText(result.entries, 'audit entry', 'audit entries')}; every file matches the signed manifest.\n` +
        (checkpoint ? `Checkpoint: seq ${checkpoint.seq}, signed ${checkpoint.signed_at}.\n` : '') +
        notes,
    );
    return 0;
  }
  output.out(
    `FAILED: ${result.problems.length} problem(s)\n${result.problems.map((p) => `  ${p.file}: ${p.reason}`).join('\n')}\n` +
      notes,
  );
  return 1;
}

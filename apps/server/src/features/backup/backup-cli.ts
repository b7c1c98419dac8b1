import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config';
import { AUDIT_SIGNING_KEY_FILE, loadAuditSigner } from '../../lib/audit-signer';
import type { Clock } from '../../lib/clock';
import { countText } from '../../lib/count-text';
import type { Logger } from '../../lib/logger';
import { BackupRefusedError, backupTo, restoreFrom } from './backup.service';

export const BACKUP_USAGE = `Usage:
  npm run cli -- backup --to FILE
  npm run cli -- restore --from FILE [--force]

One file holds the database, the uploaded documents and investors' e-mail attachments
(docs/operations.md). It does NOT hold
ENCRYPTION_KEY or the audit signing key: back those up separately. With the embedded database, stop
Parley first. restore refuses a target that holds data unless --force, then verifies the audit chain
of every organisation; exit status 1 when one does not verify.`;

const KEYS_NOT_INCLUDED =
  'The backup does not hold the encryption key or the audit signing key: keep copies of them apart from it (docs/operations.md).';

type Output = { out: (text: string) => void; err: (text: string) => void };

/** `backup` and `restore`: return the exit status (0 done, 1 refused or not verified, 2 usage). */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  output: Output,
  deps: { config: Config; clock: Clock; cwd: string; logger: Logger },
): Promise<number> {
  const usage = (problem: string) => {
    output.err(`${problem}\n\n${BACKUP_USAGE}\n`);
    return 2;
  };
  let values: { to?: string; from?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { to: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean' } },
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { config, clock } = deps;
  try {
    if (command === 'backup') {
      if (!values.to) return usage('--to: required (the backup file to write)');
      const file = path.resolve(deps.cwd, values.to);
      const manifest = await backupTo(config, file, clock);
      output.out(
        `Backed up the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database'}, ${countText(manifest.documents, 'document file')} and ${countText(manifest.attachments ?? 0, 'attachment file')} to ${file}.\n${KEYS_NOT_INCLUDED}\n`,
      );
      return 0;
    }
    if (!values.from) return usage('--from: required (the backup file to restore)');
    const file = path.resolve(deps.cwd, values.from);
    if (!existsSync(file)) return usage(`--from: ${file} does not exist`);
    // Checkpoints are verified against this server's key: without it every chain would fail.
    const keyFile = path.join(config.dataDir, AUDIT_SIGNING_KEY_FILE);
    if (!config.auditSigningKey && !existsSync(keyFile)) {
      output.err(
        `Put the audit signing key back first (AUDIT_SIGNING_KEY, or ${keyFile}): restore verifies the audit log with it. Nothing was restored.\n`,
      );
      return 1;
    }
    const auditSigner = loadAuditSigner(config, deps.logger);
    const result = await restoreFrom(config, file, { force: values.force === true, clock, auditSigner });
    const lines = [
      `Restored ${file} (made ${result.manifest.createdAt}) with ${countText(result.manifest.documents, 'document file')} and ${countText(result.manifest.attachments ?? 0, 'attachment file')}.`,
      ...result.movedAside.map((dir) => `What was there before is kept in ${dir}.`),
      `Audit log of ${countText(result.chains.length, 'organisation')}:`,
      ...result.chains.map(
        (c) =>
          `  ${c.valid ? 'verified' : 'NOT VERIFIED'}  ${c.name} (${countText(c.entries, 'entry', 'entries')})${c.problem ? `: ${c.problem}` : ''}`,
      ),
      KEYS_NOT_INCLUDED,
    ];
    output.out(`${lines.join('\n')}\n`);
    return result.chains.every((c) => c.valid) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof BackupRefusedError)) throw error;
    output.err(`${error.message}\n`);
    return 1;
  }
}

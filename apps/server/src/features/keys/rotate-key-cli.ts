import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { countText } from '../../lib/count-text';
import {
  ENCRYPTION_KEY_FILE,
  generateEncryptionKeyText,
  parseEncryptionKey,
  readEncryptionKey,
} from '../../lib/secrets';
import { KeyRotationError, rotateEncryptionKey } from './key-rotation.service';

export const ROTATE_KEY_USAGE = `Usage:
  npm run cli -- rotate-key [--new-key-file FILE]

Re-seals every secret under a new ENCRYPTION_KEY in one transaction (docs/operations.md). Without
--new-key-file a key is generated and written to DATA_DIR/${ENCRYPTION_KEY_FILE}, the old one kept beside it;
with ENCRYPTION_KEY set (always with DATABASE_URL), --new-key-file is required and you then set
ENCRYPTION_KEY to that file's content. Stop Parley first.`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/** `rotate-key`: returns the exit status (0 rotated, 1 refused or failed with nothing changed, 2 usage). */
export async function runRotateKeyCommand(
  args: string[],
  output: Output,
  deps: { config: Config; clock: Clock; cwd: string },
): Promise<number> {
  const usage = (problem: string) => {
    output.err(`${problem}\n\n${ROTATE_KEY_USAGE}\n`);
    return 2;
  };
  let values: { 'new-key-file'?: string };
  try {
    ({ values } = parseArgs({ args, options: { 'new-key-file': { type: 'string' } } }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { config, clock } = deps;
  const current = readEncryptionKey(config, { create: false });
  if (!current) {
    output.err(
      `There is no encryption key yet (${path.join(config.dataDir, ENCRYPTION_KEY_FILE)}): nothing is sealed, nothing to rotate.\n`,
    );
    return 1;
  }
  if (current.source.kind === 'environment' && !values['new-key-file']) {
    return usage('--new-key-file: required while ENCRYPTION_KEY is set (openssl rand -base64 32 > new.key)');
  }

  let nextText: string;
  if (values['new-key-file']) {
    const file = path.resolve(deps.cwd, values['new-key-file']);
    try {
      nextText = readFileSync(file, 'utf8').trim();
      parseEncryptionKey(nextText, file);
    } catch (error) {
      return usage(`--new-key-file: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    nextText = generateEncryptionKeyText();
  }
  const next = parseEncryptionKey(nextText, 'the new key');

  // The new key is on disk before the transaction commits, so a crash in between never leaves the
  // data sealed under a key that exists nowhere.
  const keyFile = current.source.kind === 'file' ? current.source.file : null;
  const pending = keyFile ? `${keyFile}.new` : null;
  if (pending) writeFileSync(pending, `${nextText}\n`, { mode: 0o600, flag: 'w' });

  const database = await openDatabase(config);
  let result: Awaited<ReturnType<typeof rotateEncryptionKey>>;
  try {
    await database.migrate();
    result = await rotateEncryptionKey(
      { db: database.db, clock, appOrigin: config.appOrigin },
      { current: current.key, next },
    );
  } catch (error) {
    if (pending && existsSync(pending)) unlinkSync(pending);
    if (!(error instanceof KeyRotationError)) throw error;
    output.err(`Key not rotated: ${error.message}.\n`);
    return 1;
  } finally {
    await database.close();
  }

  const lines = [
    `Re-sealed ${countText(result.totpSecretsResealed, 'TOTP secret')} and ${countText(result.ssoSecretsResealed, 'single sign-on client secret')} under the new key ${result.newKeyId} (was ${result.oldKeyId}); recorded in the audit log of ${countText(result.organizations, 'organisation')}.`,
  ];
  if (result.recoveryCodeUsersCleared > 0) {
    lines.push(
      `Recovery codes cannot be re-keyed: the unused codes of ${countText(result.recoveryCodeUsersCleared, 'user')} were removed. Each is told in Parley and by e-mail (sent once Parley runs again) to generate new codes in Settings; their authenticator works as before.`,
    );
  }
  if (keyFile && pending) {
    const oldCopy = `${keyFile}.old-${clock.now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(keyFile, oldCopy);
    renameSync(pending, keyFile);
    lines.push(
      `The new key is in ${keyFile}; the old one is kept in ${oldCopy} (delete it once your backups hold the new key).`,
      'Back the new key up now, apart from the data: database backups do not hold it.',
    );
  } else {
    lines.push(
      'Now set ENCRYPTION_KEY to the new key on every Parley instance and start them: until then they cannot open TOTP secrets.',
      'Back the new key up now, apart from the data: database backups do not hold it.',
    );
  }
  output.out(`${lines.join('\n')}\n`);
  return 0;
}

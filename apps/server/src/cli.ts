import { parseArgs } from 'node:util';
import { choosePasswordSchema, roleSchema } from '@parley/contracts';
import { z } from 'zod';
import { ConfigError, invocationDir, loadConfig } from './config';
import { openDatabase } from './db/client';
import { AUDIT_VERIFY_USAGE, runAuditVerifyCommand } from './features/audit/audit-verify-cli';
import { BACKUP_USAGE, runBackupCommand } from './features/backup/backup-cli';
import { EVIDENCE_VERIFY_USAGE, runEvidenceVerifyCommand } from './features/evidence/evidence-verify-cli';
import { ROTATE_KEY_USAGE, runRotateKeyCommand } from './features/keys/rotate-key-cli';
import { createFirstAdmin } from './features/users/bootstrap.service';
import { findMemberRoles, findUserIdByEmail } from './features/users/users.queries';
import { changeUserRole } from './features/users/users.service';
import { systemClock } from './lib/clock';
import { DataDirLockedError } from './lib/data-dir-lock';
import { AppError } from './lib/errors';
import { createLogger } from './lib/logger';

const USAGE = `Usage:
  npm run cli -- create-admin --email E --password P --name N [--org "Organisation name"]
  npm run cli -- set-role --email E --role admin|ir_director|ir_associate|is_associate

With the embedded database, run these while the server is stopped (one process holds DATA_DIR).

${ROTATE_KEY_USAGE}

${BACKUP_USAGE}

${AUDIT_VERIFY_USAGE}

${EVIDENCE_VERIFY_USAGE}`;

/** The same password policy as every password a person chooses on the web (docs/decisions/008-password-policy.md). */
const createAdminSchema = z.object({
  email: z.email(),
  password: choosePasswordSchema,
  name: z.string().trim().min(1),
  org: z.string().trim().min(1).default('Parley'),
});
const setRoleSchema = z.object({ email: z.email(), role: roleSchema });

function parseOrExit<T extends z.ZodType>(schema: T, values: unknown): z.infer<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
  process.stderr.write(`${lines.join('\n')}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  // Offline: before any configuration or database is touched, so it runs anywhere with the two files.
  if (command === 'audit') {
    const write = (stream: NodeJS.WriteStream) => (text: string) => stream.write(text);
    const output = { out: write(process.stdout), err: write(process.stderr) };
    process.exitCode =
      rest[0] === 'verify-pack'
        ? await runEvidenceVerifyCommand(rest.slice(1), output, invocationDir())
        : await runAuditVerifyCommand(rest, output, invocationDir());
    return;
  }
  if (command === 'rotate-key' || command === 'backup' || command === 'restore') {
    const write = (stream: NodeJS.WriteStream) => (text: string) => stream.write(text);
    const output = { out: write(process.stdout), err: write(process.stderr) };
    const config = loadConfig();
    const deps = { config, clock: systemClock, cwd: invocationDir(), logger: createLogger(config.logLevel) };
    process.exitCode =
      command === 'rotate-key'
        ? await runRotateKeyCommand(rest, output, deps)
        : await runBackupCommand(command, rest, output, deps);
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      org: { type: 'string' },
      role: { type: 'string' },
    },
  });
  if (command !== 'create-admin' && command !== 'set-role') {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const deps = { db: database.db, clock: systemClock };
    if (command === 'create-admin') {
      const input = parseOrExit(createAdminSchema, values);
      const result = await createFirstAdmin(deps, { ...input, orgName: input.org });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      const input = parseOrExit(setRoleSchema, values);
      const userId = await findUserIdByEmail(database.db, input.email.toLowerCase());
      const member = userId ? await findMemberRoles(database.db, userId) : null;
      if (!userId || !member)
        throw new AppError('NOT_FOUND', { message: `No member with the e-mail ${input.email}` });
      await changeUserRole(deps, { orgId: member.orgId, userId: null }, { userId, role: input.role });
      process.stdout.write(`${JSON.stringify({ userId, role: input.role })}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof AppError || error instanceof DataDirLockedError
      ? error.message
      : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});

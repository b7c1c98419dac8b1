import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { type Database, openPglite, openPostgres, pgliteDirOf } from '../../db/client';
import type { AuditSigner } from '../../lib/audit-signer';
import type { Clock } from '../../lib/clock';
import { acquireDataDirLock } from '../../lib/data-dir-lock';
import { verifyAuditChain } from '../audit/audit.service';
import { readZip } from '../evidence/verify-evidence-pack';
import { countPublicTables, listOrganizations } from './backup.queries';

const run = promisify(execFile);

/** What a backup file holds (docs/operations.md, Backup and restore): never a key. */
export type BackupManifest = {
  format: 'parley-backup';
  version: 1;
  database: 'pglite' | 'postgres';
  createdAt: string;
  documents: number;
  /** Investors' e-mail attachments (decision 058); absent in backups made before they were kept. */
  attachments?: number;
};

const MANIFEST = 'manifest.json';
const DATABASE_ENTRY = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;
const DOCUMENTS_PREFIX = 'documents/';
const ATTACHMENTS_PREFIX = 'attachments/';

export type BackupTarget = {
  databaseUrl: string | undefined;
  dataDir: string;
  documentsDir: string;
  /** DATA_DIR/attachments: investors' e-mail attachments (docs/decisions/058-inbound-email.md). */
  attachmentsDir: string;
};

/** The folders of files a backup holds beside the database, each under its own prefix in the zip. */
function fileFolders(target: BackupTarget) {
  return [
    { prefix: DOCUMENTS_PREFIX, dir: target.documentsDir },
    { prefix: ATTACHMENTS_PREFIX, dir: target.attachmentsDir },
  ];
}

/** Refused for a reason the operator can act on (exit status 1, nothing written). */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

const isNonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** The PostgreSQL client tools, or a message that says what to install. */
async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupRefusedError(
        `${tool} is not installed on this machine: install the PostgreSQL client tools of your server's major version (docs/operations.md)`,
      );
    }
    throw new BackupRefusedError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * Writes one zip: the database (PGlite's data directory dumped, or pg_dump's custom format), the
 * uploaded documents, the e-mail attachments and a manifest. The keys stay out on purpose: a stolen backup must not open the
 * secrets it holds or sign for its audit log.
 */
export async function backupTo(target: BackupTarget, file: string, clock: Clock): Promise<BackupManifest> {
  if (existsSync(file)) throw new BackupRefusedError(`${file} already exists: choose a new file name`);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const work = mkdtempSync(path.join(tmpdir(), 'parley-backup-'));
  try {
    const dump = path.join(work, DATABASE_ENTRY[kind]);
    if (target.databaseUrl) {
      await runPgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        dump,
        '--dbname',
        target.databaseUrl,
      ]);
    } else {
      if (!isNonEmptyDir(pgliteDirOf(target.dataDir))) {
        throw new BackupRefusedError(`There is no database in ${target.dataDir} to back up`);
      }
      const database = await openPglite(target.dataDir);
      try {
        writeFileSync(dump, await database.dumpDataDir());
      } finally {
        await database.close();
      }
    }
    const documents = listFiles(target.documentsDir);
    const attachments = listFiles(target.attachmentsDir);
    const manifest: BackupManifest = {
      format: 'parley-backup',
      version: 1,
      database: kind,
      createdAt: clock.now().toISOString(),
      documents: documents.length,
      attachments: attachments.length,
    };
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST);
    zip.addFile(dump, DATABASE_ENTRY[kind]);
    for (const name of documents)
      zip.addFile(path.join(target.documentsDir, name), `${DOCUMENTS_PREFIX}${name}`);
    for (const name of attachments)
      zip.addFile(path.join(target.attachmentsDir, name), `${ATTACHMENTS_PREFIX}${name}`);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    writeFileSync(file, Buffer.concat(chunks), { flag: 'wx', mode: 0o600 });
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function manifestOf(files: Map<string, Buffer>): BackupManifest {
  try {
    const value = JSON.parse(files.get(MANIFEST)?.toString('utf8') ?? '') as Partial<BackupManifest>;
    if (
      value.format === 'parley-backup' &&
      value.version === 1 &&
      (value.database === 'pglite' || value.database === 'postgres')
    )
      return value as BackupManifest;
  } catch {
    // reported below
  }
  throw new BackupRefusedError('not a Parley backup (made by npm run cli -- backup)');
}

async function hasPostgresTables(url: string): Promise<boolean> {
  const database = openPostgres(url, { max: 1 });
  try {
    return (await countPublicTables(database.db)) > 0;
  } finally {
    await database.close();
  }
}

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where --force moved what was there before, if anything. */
  movedAside: string[];
  chains: { orgId: string; name: string; valid: boolean; entries: number; problem: string | null }[];
};

/**
 * Restores a backup into an empty target (or, with force, over one: PGlite's files are moved aside, a
 * PostgreSQL database is cleaned by pg_restore), migrates it, and re-walks every organisation's audit
 * chain with this server's signing key.
 */
export async function restoreFrom(
  target: BackupTarget,
  file: string,
  options: { force: boolean; clock: Clock; auditSigner: AuditSigner },
): Promise<RestoreResult> {
  let files: Map<string, Buffer>;
  try {
    files = (await readZip(readFileSync(file))).files;
  } catch {
    throw new BackupRefusedError(`${file} is not a Parley backup (made by npm run cli -- backup)`);
  }
  const manifest = manifestOf(files);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupRefusedError(
      `this backup is of ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; restore it ${manifest.database === 'pglite' ? 'without' : 'with'} DATABASE_URL set`,
    );
  }
  const dump = files.get(DATABASE_ENTRY[kind]);
  if (!dump) throw new BackupRefusedError(`the backup has no ${DATABASE_ENTRY[kind]}`);

  const stamp = options.clock.now().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  const moveAside = (dir: string) => {
    const aside = `${dir}.before-restore-${stamp}`;
    renameSync(dir, aside);
    movedAside.push(aside);
  };
  const hasFiles = fileFolders(target).some(({ dir }) => isNonEmptyDir(dir));
  let database: Database;
  if (kind === 'pglite') {
    // Held from the check to the load, so no other process opens the directory in between.
    const lock = acquireDataDirLock(target.dataDir);
    try {
      const hasDatabase = isNonEmptyDir(pgliteDirOf(target.dataDir));
      if ((hasDatabase || hasFiles) && !options.force) {
        throw new BackupRefusedError(
          `${target.dataDir} already holds data: restore into an empty DATA_DIR, or pass --force to move it aside`,
        );
      }
      if (hasDatabase) moveAside(pgliteDirOf(target.dataDir));
    } catch (error) {
      lock.release();
      throw error;
    }
    database = await openPglite(target.dataDir, { loadDataDir: new Blob([dump]), lock });
  } else {
    const url = target.databaseUrl ?? '';
    if (((await hasPostgresTables(url)) || hasFiles) && !options.force) {
      throw new BackupRefusedError(
        'the database already holds tables: restore into an empty database, or pass --force to replace them',
      );
    }
    const work = mkdtempSync(path.join(tmpdir(), 'parley-restore-'));
    try {
      const dumpFile = path.join(work, DATABASE_ENTRY.postgres);
      writeFileSync(dumpFile, dump);
      await runPgTool('pg_restore', [
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        ...(options.force ? ['--clean', '--if-exists'] : []),
        '--dbname',
        url,
        dumpFile,
      ]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    database = openPostgres(url, { max: 2 });
  }

  try {
    for (const { prefix, dir } of fileFolders(target)) {
      if (isNonEmptyDir(dir)) moveAside(dir);
      for (const [name, bytes] of files) {
        if (!name.startsWith(prefix)) continue;
        const out = path.resolve(dir, name.slice(prefix.length));
        // A crafted entry (../) must not write outside its directory.
        if (!out.startsWith(`${path.resolve(dir)}${path.sep}`)) continue;
        // Investors' and funds' files: readable by the server's user only (decision 037).
        mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
        writeFileSync(out, bytes, { mode: 0o600 });
      }
    }
    await database.migrate();
    const ctx = { db: database.db, clock: options.clock, auditSigner: options.auditSigner };
    const chains: RestoreResult['chains'] = [];
    for (const org of await listOrganizations(database.db)) {
      const result = await verifyAuditChain(ctx, org.id);
      chains.push({
        orgId: org.id,
        name: org.name,
        valid: result.valid,
        entries: result.entries,
        problem: result.problem?.message ?? null,
      });
    }
    return { manifest, movedAside, chains };
  } finally {
    await database.close();
  }
}

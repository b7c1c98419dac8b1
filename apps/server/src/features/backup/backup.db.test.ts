import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedAuditSigner } from '../../../test/audit-keys';
import { buildMember, uniqueSuffix } from '../../../test/factories';
import { TEST_AUDIT_SIGNER } from '../../../test/test-app';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { signCheckpoint } from '../audit/audit-checkpoints.service';
import { createOrganization } from '../organizations/organizations.service';
import { createMember } from '../users/users.service';
import { BackupRefusedError, backupTo, restoreFrom } from './backup.service';

const root = mkdtempSync(path.join(tmpdir(), 'parley-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const clock = fixedClock(new Date('2026-11-29T04:00:00Z'));

function hasPgDump() {
  try {
    execFileSync('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** An organisation with a member, a signed checkpoint, an uploaded document and an e-mail attachment. */
async function createData(database: Database, documentsDir: string, attachmentsDir: string) {
  await database.migrate();
  const orgName = `Backed up ${uniqueSuffix()}`;
  const orgId = await database.db.transaction((tx) =>
    createOrganization(tx, clock, { name: orgName, actorId: null }),
  );
  await createMember({ db: database.db, clock }, { ...buildMember({ role: 'admin', orgId }), actorId: null });
  await database.db.transaction((tx) =>
    signCheckpoint(tx, { clock, auditSigner: TEST_AUDIT_SIGNER }, orgId, { trigger: 'on_demand' }),
  );
  mkdirSync(path.join(documentsDir, orgId), { recursive: true });
  writeFileSync(path.join(documentsDir, orgId, 'memo.txt'), 'fund memo');
  mkdirSync(path.join(attachmentsDir, orgId), { recursive: true });
  writeFileSync(path.join(attachmentsDir, orgId, 'statement'), 'investor statement');
  return { orgId, orgName };
}

const ownDatabases: string[] = [];
afterAll(async () => {
  if (ownDatabases.length === 0) return;
  const admin = openPostgres(process.env.TEST_DATABASE_URL ?? '', { max: 1 });
  for (const name of ownDatabases)
    await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  await admin.close();
});

/** A database of the test's own on the CI PostgreSQL, dropped at the end. */
async function ownPostgresDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const name = `${new URL(url).pathname.slice(1)}_${uniqueSuffix()}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  ownDatabases.push(name);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

function targetIn(dir: string, databaseUrl?: string) {
  return {
    databaseUrl,
    dataDir: dir,
    documentsDir: path.join(dir, 'documents'),
    attachmentsDir: path.join(dir, 'attachments'),
  };
}

const restoreWith = (target: ReturnType<typeof targetIn>, file: string, auditSigner = TEST_AUDIT_SIGNER) =>
  restoreFrom(target, file, { force: false, clock, auditSigner });

/** The drill's check: the organisation, its document and a chain that verifies under the key. */
async function expectRestored(
  target: ReturnType<typeof targetIn>,
  file: string,
  data: { orgId: string; orgName: string },
) {
  const result = await restoreWith(target, file);
  expect(result.chains).toEqual([
    { orgId: data.orgId, name: data.orgName, valid: true, entries: expect.any(Number), problem: null },
  ]);
  expect(result.chains[0]?.entries).toBeGreaterThanOrEqual(2);
  expect(readFileSync(path.join(target.documentsDir, data.orgId, 'memo.txt'), 'utf8')).toBe('fund memo');
  const attachment = path.join(target.attachmentsDir, data.orgId, 'statement');
  expect(readFileSync(attachment, 'utf8')).toBe('investor statement');
  expect(statSync(attachment).mode & 0o777).toBe(0o600);
}

describe('backup and restore', () => {
  it.runIf(process.env.TEST_DB !== 'postgres')(
    'the embedded database: data, documents, attachments and a verified audit chain come back in a fresh DATA_DIR',
    async () => {
      const source = targetIn(path.join(root, 'source'));
      const database = await openPglite(source.dataDir);
      const { orgId, orgName } = await createData(database, source.documentsDir, source.attachmentsDir);
      await database.close();

      const file = path.join(root, 'embedded.zip');
      expect(await backupTo(source, file, clock)).toMatchObject({
        database: 'pglite',
        documents: 1,
        attachments: 1,
      });
      await expect(backupTo(source, file, clock)).rejects.toThrow('already exists');

      const restored = targetIn(path.join(root, 'restored'));
      await expectRestored(restored, file, { orgId, orgName });

      // The target now holds data: a second restore is refused before anything is touched.
      await expect(restoreWith(restored, file)).rejects.toThrow(BackupRefusedError);

      // Another server's key does not verify the checkpoint: the walk really checks it.
      const elsewhere = targetIn(path.join(root, 'elsewhere'));
      const other = await restoreWith(elsewhere, file, fixedAuditSigner(8));
      expect(other.chains[0]).toMatchObject({ valid: false, problem: expect.any(String) });
    },
    240_000,
  );

  it.runIf(process.env.TEST_DB === 'postgres' && hasPgDump())(
    'PostgreSQL: pg_dump and pg_restore bring the data and a verified audit chain into an empty database',
    async () => {
      const sourceUrl = await ownPostgresDatabase();
      const source = targetIn(path.join(root, 'pg-source'), sourceUrl);
      const database = openPostgres(sourceUrl, { max: 2 });
      const { orgId, orgName } = await createData(database, source.documentsDir, source.attachmentsDir);
      await database.close();

      const file = path.join(root, 'postgres.zip');
      expect(await backupTo(source, file, clock)).toMatchObject({
        database: 'postgres',
        documents: 1,
        attachments: 1,
      });

      const restored = targetIn(path.join(root, 'pg-restored'), await ownPostgresDatabase());
      await expectRestored(restored, file, { orgId, orgName });
      await expect(restoreWith(restored, file)).rejects.toThrow('already holds tables');

      // A backup of one kind is refused by the other.
      await expect(restoreWith(targetIn(path.join(root, 'wrong-kind')), file)).rejects.toThrow(
        'restore it with DATABASE_URL set',
      );
    },
    120_000,
  );
});

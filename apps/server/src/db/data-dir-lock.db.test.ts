import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE,
  processLockEnvironment,
} from '../lib/data-dir-lock';
import { openDatabase, openPglite, pgliteDirOf } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'parley-open-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('opening a data directory', () => {
  it.runIf(process.env.TEST_DB !== 'postgres')(
    'a second PGlite open of the same DATA_DIR is refused while the first is open, and allowed after',
    async () => {
      const dataDir = path.join(root, 'pglite');
      const first = await openPglite(dataDir);
      await first.db.execute(sql`create table kept (n int)`);
      await expect(openPglite(dataDir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dataDir)).rejects.toThrow(
        /^Parley is already running on .* \(pid \d+, since .*\)\. Stop it first, then run this again\.$/,
      );
      await first.close();
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      const second = await openPglite(dataDir);
      await expect(second.db.execute(sql`select count(*) from kept`)).resolves.toBeDefined();
      await second.close();
    },
    120_000,
  );

  it('a refused open writes nothing into the directory', async () => {
    const dataDir = path.join(root, 'untouched');
    // This live process holds it, as a running server would.
    const holder = acquireDataDirLock(dataDir);
    await expect(
      openPglite(dataDir, { lockEnvironment: { ...processLockEnvironment, pid: 1 } }),
    ).rejects.toThrow(DataDirLockedError);
    expect(existsSync(pgliteDirOf(dataDir))).toBe(false);
    holder.release();
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'with DATABASE_URL several processes share the database and DATA_DIR gets no lock',
    async () => {
      const dataDir = path.join(root, 'postgres');
      const config = { databaseUrl: process.env.TEST_DATABASE_URL, dataDir };
      const first = await openDatabase(config);
      const second = await openDatabase(config);
      await first.db.execute(sql`select 1`);
      await second.db.execute(sql`select 1`);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      await Promise.all([first.close(), second.close()]);
    },
  );
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir, dumped once; each test file loads its own copy. */
    pgliteTemplate: string;
  }
}

/** Migrates once per run: PGlite into a dump that test files load, PostgreSQL in place. */
export default async function setup(project: TestProject) {
  if (project.name === 'server-db-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const database = openPostgres(url, { max: 1 });
    await database.migrate();
    await database.close();
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pglite-'));
  const client = await createPglite();
  await wrapPglite(client).migrate();
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  acquireDataDirLock,
  type DataDirLock,
  type LockEnvironment,
  releaseOnExit,
} from '../lib/data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every query function takes, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either, so a service can run them inside its transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel for as long as the returned stop function has not been called: on
   * PostgreSQL over a dedicated connection (not a pool client) that reconnects after an error, on
   * PGlite through its own listen(). Payloads arrive as sent by pg_notify. `onState` hears when the
   * connection drops (false: notifications may be missed until it is back) and when LISTEN is in
   * place again (true). close() ends every listener still running.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** How the LISTEN connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'parley-realtime';

function assertChannelName(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
}

/** Delay before reconnecting a dropped LISTEN connection: 0.5 s doubling up to 15 s. */
function reconnectDelayMs(attempt: number) {
  return Math.min(15_000, 500 * 2 ** attempt);
}

async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  assertChannelName(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  /** The connection dropped since LISTEN was last in place. */
  let lost = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      // The connection is gone (server restart, network): drop it and connect a new one.
      if (client === next) {
        client = null;
        lost = true;
        onState(false);
      }
      next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    if (lost) {
      lost = false;
      onState(true);
    }
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => {
        attempt += 1;
        scheduleReconnect();
      });
    }, reconnectDelayMs(attempt));
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number: a constant key so concurrent instances migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_250_001;

/**
 * Called before each statement the app sends (drizzle's query logger): the crash-safety test throws
 * from it to stop a write between two statements (docs/architecture.md, Crash safety).
 */
export type StatementHook = (sql: string) => void;

const loggerOf = (onStatement: StatementHook | undefined) =>
  onStatement ? { logQuery: (query: string) => onStatement(query) } : undefined;

export function openPostgres(
  url: string,
  options: { max?: number; onStatement?: StatementHook } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const db = drizzleNodePg(pool, { schema, logger: loggerOf(options.onStatement) }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async listen(channel, onPayload, onState = () => {}) {
      const stop = await listenPostgres(url, channel, onPayload, onState);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

export function wrapPglite(client: PGlite, options: { onStatement?: StatementHook } = {}): Database {
  const db = drizzlePglite(client, { schema, logger: loggerOf(options.onStatement) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      // listen() must be awaited before the first notification can arrive.
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** The extensions the migrations create (PGlite loads them only when they are passed at create). */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

/** An in-memory or loaded PGlite with Parley's extensions: for tests, tools and benchmarks. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}) {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}

/** Where PGlite keeps its files inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/**
 * PGlite persisted in DATA_DIR. One process at a time may hold it, so this takes DATA_DIR's lock first
 * (unless the caller already holds it) and throws DataDirLockedError, having written nothing, when
 * another process has it (docs/operations.md, The data directory lock). `loadDataDir` fills a new
 * directory from a dump.
 */
export async function openPglite(
  dataDir: string,
  options: { loadDataDir?: Blob; lock?: DataDirLock; lockEnvironment?: LockEnvironment } = {},
): Promise<Database & { dumpDataDir(): Promise<Buffer> }> {
  const lock = options.lock ?? acquireDataDirLock(dataDir, options.lockEnvironment);
  const stopReleasing = releaseOnExit(lock);
  const unlock = () => {
    stopReleasing();
    lock.release();
  };
  try {
    const dir = pgliteDirOf(dataDir);
    mkdirSync(dir, { recursive: true });
    const client = await createPglite({
      dataDir: dir,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const database = wrapPglite(client);
    return {
      ...database,
      close: () => database.close().finally(unlock),
      dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

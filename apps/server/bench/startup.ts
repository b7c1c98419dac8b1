/**
 * Start-up and idle memory of the server process (docs/decisions/045-compiled-server.md): the server
 * as `npm start` runs it (the compiled apps/server/dist, built first when out of date) and, for
 * reference, as `npm run dev` runs it (TypeScript through tsx). Each runs on a throwaway DATA_DIR with
 * PGlite and, when BENCH_DATABASE_URL is set, on a PostgreSQL database of its own created on that
 * server and dropped afterwards (the bench's database stays empty). Each is started twice: a first
 * start (migrations, generated keys), then a restart, whose time from spawn until /api/health answers
 * 200 and whose resident memory once it settles are what the goal is about. Never fails on a figure.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/free-port';

/** Idle resident memory on PostgreSQL that a small deployment should fit in (decision 045). */
export const IDLE_RSS_GOAL_MB = 120;
const START_TIMEOUT_MS = 120_000;
/** Memory has settled when it moved less than this over the last SETTLE_SAMPLES polls. */
const SETTLE_BAND_KB = 1024;
const SETTLE_SAMPLES = 10;
const POLL_MS = 200;
/** A bounded poll: a process whose memory still moves after this is reported as it is then. */
const SETTLE_TIMEOUT_MS = 30_000;

const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.join(serverRoot, '../..');

const WAYS = {
  compiled: ['dist/main.mjs'],
  tsx: ['--import', 'tsx', 'src/main.ts'],
} as const;
type Way = keyof typeof WAYS;

type Started = { child: ChildProcess; ms: number; output: () => string };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the server and resolves once /api/health answers 200, with the time that took. */
async function startServer(way: Way, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: serverRoot,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      APP_ORIGIN: origin,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the ${way} server exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) return { child, ms: performance.now() - started, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${way} server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await pause(50);
  }
}

async function stopServer({ child }: Started) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** VmRSS and VmHWM (peak) of a process, in kB, from /proc (Linux). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

/** Polls VmRSS until it stays within SETTLE_BAND_KB for SETTLE_SAMPLES polls, or SETTLE_TIMEOUT_MS. */
async function settledMemory(pid: number) {
  const samples: number[] = [];
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    samples.push(memoryOf(pid).rssKb);
    const recent = samples.slice(-SETTLE_SAMPLES);
    const settled =
      recent.length === SETTLE_SAMPLES && Math.max(...recent) - Math.min(...recent) < SETTLE_BAND_KB;
    if (settled || Date.now() > deadline) return { ...memoryOf(pid), settled };
    await pause(POLL_MS);
  }
}

/** A PostgreSQL database of its own on BENCH_DATABASE_URL's server, dropped by `drop()`. */
async function scratchDatabase(serverUrl: string, label: string) {
  const name = `parley_startup_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

type Row = {
  database: string;
  way: Way;
  firstMs: number;
  restartMs: number;
  rssMb: number;
  peakMb: number;
  settled: boolean;
};

async function measure(way: Way, database: 'PGlite' | 'PostgreSQL', serverUrl?: string): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-startup-'));
  const scratch = serverUrl ? await scratchDatabase(serverUrl, way) : null;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (scratch) {
    env.DATABASE_URL = scratch.url;
    env.ENCRYPTION_KEY = randomBytes(32).toString('base64');
    env.AUDIT_SIGNING_KEY = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
  }
  try {
    const first = await startServer(way, env);
    await stopServer(first);
    const again = await startServer(way, env);
    try {
      const memory = await settledMemory(again.child.pid ?? 0);
      return {
        database,
        way,
        firstMs: first.ms,
        restartMs: again.ms,
        rssMb: memory.rssKb / 1024,
        peakMb: memory.peakKb / 1024,
        settled: memory.settled,
      };
    } finally {
      await stopServer(again);
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStartupBench() {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), 'server'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server did not build (node scripts/build.mjs server)');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const rows: Row[] = [];
  for (const way of Object.keys(WAYS) as Way[]) {
    rows.push(await measure(way, 'PGlite'));
    if (serverUrl) rows.push(await measure(way, 'PostgreSQL', serverUrl));
  }
  console.log(
    '\nServer start-up: spawn until /api/health answers 200; memory once settled after the restart',
  );
  console.log(
    '| database | run as | first start (ms) | restart (ms) | idle RSS (MB) | peak RSS (MB) | goal |',
  );
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const goal =
      row.database === 'PostgreSQL' && row.way === 'compiled'
        ? `≤ ${IDLE_RSS_GOAL_MB} MB: ${row.rssMb <= IDLE_RSS_GOAL_MB ? 'met' : 'NOT MET'}`
        : 'reference';
    console.log(
      `| ${row.database} | ${row.way} | ${row.firstMs.toFixed(0)} | ${row.restartMs.toFixed(0)} | ${row.rssMb.toFixed(0)}${row.settled ? '' : ' (still moving)'} | ${row.peakMb.toFixed(0)} | ${goal} |`,
    );
  }
  if (!serverUrl) console.log('(PostgreSQL rows: set BENCH_DATABASE_URL; the goal is for PostgreSQL)');
}

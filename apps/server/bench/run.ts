/**
 * Benchmarks (npm run bench): figures to watch, never pass/fail. In-memory PGlite, or PostgreSQL
 * when BENCH_DATABASE_URL names an empty database. The start-up rows run the server as its own
 * process (bench/startup.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPglite, openPostgres, wrapPglite } from '../src/db/client';
import { verifyAuditChain } from '../src/features/audit/audit.service';
import { createOutboxMailer } from '../src/features/email/mailer';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { createMember } from '../src/features/users/users.service';
import { appendAudit } from '../src/lib/audit';
import { auditSignerOf } from '../src/lib/audit-signer';
import { systemClock } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { runAnalyticsBench } from './analytics';
import { runAuditChainBench } from './audit-chain';
import { runAuditListBench } from './audit-list';
import { runCommunicationClassBench } from './communication-class';
import { runDraftingBench } from './drafting';
import { type Capture, type RawQuery, runInboxBench, type Statement } from './inbox';
import { CUSTOM_PLANS, preparedOnPglite, preparedOnPool } from './prepared';
import { runStartupBench } from './startup';

// BENCH_ONLY=startup runs the server's start-up and idle memory rows alone; a whole run starts with
// them, before this process fills the machine's memory with its own database.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'startup') {
  await runStartupBench();
  if (process.env.BENCH_ONLY === 'startup') process.exit(0);
}

const ORIGIN = 'http://bench.test';
const url = process.env.BENCH_DATABASE_URL;
const pglite = url ? null : await createPglite();
const database = pglite ? wrapPglite(pglite) : openPostgres(url ?? '');
// The raw-SQL side of the inbox benchmark goes through the driver itself, not through the app.
const pool = url ? new pg.Pool({ connectionString: url, max: 4, options: CUSTOM_PLANS }) : null;
const raw: RawQuery = (text, params) =>
  pool ? pool.query(text, params) : (pglite as NonNullable<typeof pglite>).query(text, params);
// The floor of an inbox row: its page query alone, as a prepared statement (docs/benchmarks.md).
const prepared = pool ? preparedOnPool(pool) : preparedOnPglite(pglite as NonNullable<typeof pglite>);

// Records the statements the app sends (drizzle calls the driver's query(config | text, params)),
// so the benchmark replays exactly the SQL a request ran, session check included.
let recording: Statement[] | null = null;
const record = (first: unknown, params: unknown) => {
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  if (recording && typeof text === 'string') {
    recording.push({ text, params: Array.isArray(params) ? params : [] });
  }
};
if (pglite) {
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: object) => {
    record(text, params);
    return query(text, params, options);
  }) as typeof pglite.query;
} else {
  const query = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    if (this !== pool) record(args[0], args[1]);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Pool.prototype.query;
}
const capture: Capture = async (run) => {
  recording = [];
  try {
    await run();
    return recording;
  } finally {
    recording = null;
  }
};
await database.migrate();
const deps = { db: database.db, clock: systemClock };
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_ORIGIN: ORIGIN });
const auditSigner = auditSignerOf(generateKeyPairSync('ed25519').privateKey);
const app = createApp({
  config,
  database,
  logger: createLogger('silent'),
  mailer: createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} }),
  encryptionKey: Buffer.alloc(32, 1),
  auditSigner,
});

async function measure(label: string, count: number, run: (i: number) => Promise<unknown>, parallel = 1) {
  const started = performance.now();
  for (let i = 0; i < count; i += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, k) => run(i + k)));
  }
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(48)} ${String(count).padStart(6)} ops  ${(ms / count).toFixed(2).padStart(8)} ms/op  ${((count / ms) * 1000).toFixed(0).padStart(7)} ops/s`,
  );
}

const orgId = await database.db.transaction((tx) =>
  createOrganization(tx, systemClock, { name: 'Bench', actorId: null }),
);
const email = 'bench@parley.test';
const password = 'bench-password-2026';
const userId = await createMember(deps, {
  email,
  password,
  name: 'Bench',
  role: 'ir_director',
  orgId,
  actorId: null,
});

console.log(`database: ${database.kind}`);
const appendOne = (i: number) =>
  database.db.transaction((tx) =>
    appendAudit(tx, systemClock, {
      orgId,
      actorId: null,
      actionType: 'bench',
      entityType: 'bench',
      entityId: String(i),
      details: { i },
    }),
  );
await measure('audit append, one org, sequential', 2000, appendOne);
await measure('audit append, one org, 10 concurrent', 2000, appendOne, 10);
await measure('audit verify, 4,000+ entries', 5, () =>
  verifyAuditChain({ db: database.db, clock: systemClock, auditSigner }, orgId),
);

const signIn = async () =>
  app.request(`${ORIGIN}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
await measure('sign-in (argon2id verify + session + audit)', 20, signIn);
const cookie = (await signIn()).headers.get('set-cookie')?.split(';')[0] ?? '';
await measure('GET /api/auth/session (guarded request)', 1000, async () =>
  app.request(`${ORIGIN}/api/auth/session`, { headers: { cookie } }),
);

// BENCH_ONLY=audit-list runs the Audit Logs list rows alone (300,000 entries under each filter).
if (process.env.BENCH_ONLY === 'audit-list') {
  await runAuditListBench({ database });
  await pool?.end();
  await database.close();
  process.exit(0);
}
// BENCH_ONLY=audit runs the audit chain rows alone (a million entries: verify and offline verify).
if (process.env.BENCH_ONLY === 'audit') {
  await runAuditChainBench({ database, auditSigner });
  await runAuditListBench({ database });
  await pool?.end();
  await database.close();
  process.exit(0);
}
// BENCH_ONLY=analytics runs the Analytics page rows alone (a history of 100,000 then 1,000,000 messages).
if (process.env.BENCH_ONLY === 'analytics') {
  await runAnalyticsBench({ app, database, origin: ORIGIN });
  await pool?.end();
  await database.close();
  process.exit(0);
}
// BENCH_ONLY=class runs the communication class rows alone (a month of 3,000 replies sent).
if (process.env.BENCH_ONLY === 'class') {
  await runCommunicationClassBench({ database, orgId });
  await pool?.end();
  await database.close();
  process.exit(0);
}
const runInbox = () =>
  runInboxBench({ app, database, raw, prepared, capture, origin: ORIGIN, orgId, userId, email, password });
// BENCH_ONLY=inbox runs the inbox rows alone (100,000 then 1,000,000 messages, then throughput).
if (process.env.BENCH_ONLY === 'inbox') {
  await runInbox();
  await pool?.end();
  await database.close();
  process.exit(0);
}
await runAuditChainBench({ database, auditSigner });
await runAuditListBench({ database });
await runDraftingBench({ database, orgId });
await runCommunicationClassBench({ database, orgId });
await runAnalyticsBench({ app, database, origin: ORIGIN });
// BENCH_ONLY=drafting leaves out the inbox at 100,000 and 1,000,000 messages (most of the run).
if (process.env.BENCH_ONLY !== 'drafting') {
  await runInbox();
}

await pool?.end();
await database.close();

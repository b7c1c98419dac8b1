import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, insertProject } from '../test/factories';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './db/client';
import { auditChainHeads, auditCheckpoints } from './db/schema';
import { LINK_REQUESTS_PER_EMAIL } from './features/auth-links/auth-links.service';
import { createOrganization } from './features/organizations/organizations.service';
import { createMember } from './features/users/users.service';
import { systemClock } from './lib/clock';

/**
 * Two server processes on one PostgreSQL, the way an organisation that outgrows one machine runs Parley
 * (docs/deploy.md): what one instance does, the other sees. PostgreSQL only: an embedded database
 * belongs to the one process that opened it.
 */
const serverDir = path.dirname(fileURLToPath(import.meta.url));
const onPostgres = process.env.TEST_DB === 'postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Instance = { origin: string; process: ChildProcess; log: string[] };

/** Starts `node src/main.ts` and waits (generously: a busy 2-core machine) until it listens. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(serverDir, '..'),
    env: { ...process.env, ...env, PORT: String(port), APP_ORIGIN: origin, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${log.join('')}`)), 90_000);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.join('').includes('Parley is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${log.join('')}`));
    });
  });
  child.removeAllListeners('exit');
  return { origin, process: child, log };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}

function call(
  instance: Instance,
  method: string,
  route: string,
  init: { cookie?: string; body?: unknown } = {},
) {
  return fetch(`${instance.origin}${route}`, {
    method,
    headers: {
      origin: instance.origin,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function signIn(instance: Instance, email: string, password: string) {
  const res = await call(instance, 'POST', '/api/auth/sign-in', { body: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Waits for a condition that another process brings about, without a fixed sleep. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let database: Database & { url?: string };
  let a: Instance | undefined;
  let b: Instance | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-two-'));
  const email = `two-${randomBytes(4).toString('hex')}@parley.test`;
  const password = 'two-instances-2026';
  let projectId = '';

  beforeAll(async () => {
    database = await openTestDatabase({ empty: true });
    const orgId = await database.db.transaction((tx) =>
      createOrganization(tx, systemClock, { name: 'Two instances', actorId: null }),
    );
    await createMember(
      { db: database.db, clock: systemClock },
      { ...buildMember({ orgId, role: 'ir_associate' }), email, password, actorId: null },
    );
    projectId = await insertProject(database.db, { orgId });
    // Shared by every instance (docs/deploy.md): the keys, and DATA_DIR for the uploaded documents.
    const env = {
      DATABASE_URL: database.url ?? '',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
    };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a session revoked on one is refused on the other', async () => {
    const [one, two] = [a as Instance, b as Instance];
    const cookie = await signIn(one, email, password);
    expect((await call(two, 'GET', '/api/auth/session', { cookie })).status).toBe(200);
    expect((await call(one, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBeLessThan(300);
    expect((await call(two, 'GET', '/api/auth/session', { cookie })).status).toBe(401);
  });

  it("a change made through one reaches the other's event streams", async () => {
    const [one, two] = [a as Instance, b as Instance];
    const cookie = await signIn(one, email, password);
    const controller = new AbortController();
    const events = await fetch(`${two.origin}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}: ${received}`);
        received += new TextDecoder().decode(value);
      }
    };
    try {
      await readUntil(': connected');
      const res = await call(one, 'POST', '/api/messages', {
        cookie,
        body: {
          investor_name: 'Margot Example',
          investor_email: 'margot@example.com',
          project_id: projectId,
          subject: 'Seen on the other instance',
          body_text: 'When is the next distribution?',
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await readUntil(id);
    } finally {
      controller.abort();
    }
  });

  it('a rate limit counts the attempts made on both', async () => {
    const [one, two] = [a as Instance, b as Instance];
    const statuses: number[] = [];
    for (let i = 0; i <= LINK_REQUESTS_PER_EMAIL.limit; i++) {
      const res = await call(i % 2 === 0 ? one : two, 'POST', '/api/auth/password-reset', {
        body: { email },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s < 300)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a scheduled job runs on one instance at a time, and its work is done once', async () => {
    // Both instances run the checkpoint job within their first 30 s (jobs/runner.ts); each chain that
    // has entries is due once, and is signed once between them.
    const finished = (instance: Instance) =>
      instance.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('"job":"audit-checkpoints"'));
    await eventually(
      async () => [finished(a as Instance).length, finished(b as Instance).length],
      ([x, y]) => (x ?? 0) > 0 && (y ?? 0) > 0,
      'both instances to run the checkpoint job',
    );
    const counted = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
    const chains = await counted(
      database.db.select({ value: count() }).from(auditChainHeads).where(gt(auditChainHeads.seq, 0)),
    );
    expect(chains).toBeGreaterThan(0);
    expect(await counted(database.db.select({ value: count() }).from(auditCheckpoints))).toBe(chains);
    const signed = [...finished(a as Instance), ...finished(b as Instance)].map(
      (line) => (JSON.parse(line) as { result?: { signed?: number } }).result?.signed ?? 0,
    );
    expect(signed.reduce((x, y) => x + y, 0)).toBe(chains);
  }, 120_000);
});

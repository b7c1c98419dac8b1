import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@parley/contracts';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { createMember } from '../src/features/users/users.service';
import { systemClock } from '../src/lib/clock';
import { base32Decode, hotp, totpStep } from '../src/lib/totp';
import { buildMember, insertProject } from './factories';
import { freePort } from './free-port';
import { openTestDatabase } from './test-app';

/**
 * Parley as real server processes (`node src/main.ts`) on one PostgreSQL, for the tests that need
 * more than one process or a process that dies: two instances, the kill -9 loop.
 */
const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Instance = { origin: string; process: ChildProcess; log: string[] };

/**
 * One deployment's ground: an organisation on a database of its own with a fund and a member of
 * each role given (all with `password`), and the environment every instance of it shares
 * (docs/deploy.md): the database, the keys and DATA_DIR.
 */
export async function openDeployment(name: string, roles: readonly Role[]) {
  const database: Database & { url?: string } = await openTestDatabase({ empty: true });
  const orgId = await database.db.transaction((tx) =>
    createOrganization(tx, systemClock, { name, actorId: null }),
  );
  const password = `${name}-2026`;
  const emails: Partial<Record<Role, string>> = {};
  for (const role of roles) {
    const email = `${role}-${randomBytes(4).toString('hex')}@parley.test`;
    await createMember(
      { db: database.db, clock: systemClock },
      { ...buildMember({ orgId, role }), email, password, actorId: null },
    );
    emails[role] = email;
  }
  const projectId = await insertProject(database.db, { orgId });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-deployment-'));
  return {
    database,
    orgId,
    projectId,
    password,
    /** The address of the member of `role`. */
    emailOf: (role: Role) => emails[role] ?? '',
    env: sharedEnvironment(database.url ?? '', dataDir),
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Deployment = Awaited<ReturnType<typeof openDeployment>>;

function sharedEnvironment(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
  };
}

/**
 * Starts `node src/main.ts` and waits (generously: a busy 2-core machine) until it listens, on `port`
 * when given (a restarted instance keeps its address) or on a free one.
 */
export async function startInstance(env: Record<string, string>, port?: number): Promise<Instance> {
  const listenOn = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(listenOn), APP_ORIGIN: origin, NODE_ENV: 'development' },
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

/** Stops an instance with `signal` (SIGTERM: a graceful stop; SIGKILL: a crash) and waits for it. */
export async function stopInstance(instance: Instance | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!instance || instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill(signal);
  await exited;
}

export function call(
  instance: Pick<Instance, 'origin'>,
  method: string,
  route: string,
  init: { cookie?: string; body?: unknown; form?: FormData } = {},
) {
  const json = init.body !== undefined;
  return fetch(`${instance.origin}${route}`, {
    method,
    headers: {
      origin: instance.origin,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(json ? { body: JSON.stringify(init.body) } : init.form ? { body: init.form } : {}),
  });
}

function cookieOf(res: Response) {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * Signs a member in with their password; a role that must use MFA enrols an authenticator on the
 * way (docs/product.md §4), so the session returned is complete.
 */
export async function signIn(instance: Instance, email: string, password: string) {
  const res = await call(instance, 'POST', '/api/auth/sign-in', { body: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  const { mfa } = (await res.json()) as { mfa: 'none' | 'verify' | 'enroll' };
  const cookie = cookieOf(res);
  if (mfa === 'none') return cookie;
  expect(mfa, 'a new member enrols').toBe('enroll');
  const setup = await call(instance, 'POST', '/api/mfa/totp/setup', { cookie, body: {} });
  expect(setup.status, await setup.clone().text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = hotp(base32Decode(secret), totpStep(new Date()));
  const enrolled = await call(instance, 'POST', '/api/mfa/totp/verify-enrollment', {
    cookie,
    body: { code },
  });
  expect(enrolled.status, await enrolled.clone().text()).toBe(200);
  return cookieOf(enrolled);
}

/** Waits for a condition that another process brings about, without a fixed sleep. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

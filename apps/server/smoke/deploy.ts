/**
 * The production shape of docs/deploy.md, checked on a machine without Docker: two instances started
 * the way deploy/Dockerfile starts them (NODE_ENV=production, keys from the environment, one DATA_DIR),
 * on one PostgreSQL, behind nginx running deploy/nginx.conf with its upstreams pointed at loopback.
 * Through the proxy it completes the first-start setup, enrols MFA, follows an event stream (which
 * nginx must not buffer) while a change is made, and checks the client address Parley records.
 *
 *   createdb -h 127.0.0.1 -U postgres parley_smoke
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/parley_smoke npm run smoke:deploy
 *
 * Needs `nginx` on PATH and an empty database; exits non-zero on the first check that fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { base32Decode, hotp, totpStep } from '../src/lib/totp';
import { freePort } from '../test/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'parley-deploy-smoke-'));
const children: ChildProcess[] = [];
let stopping = false;

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${what}`);
  console.log(`ok   ${what}`);
}

/** Starts a process and resolves once its output contains `ready` (90 s: a busy 2-core machine). */
function start(command: string, args: string[], env: Record<string, string>, ready: string) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  children.push(child);
  let output = '';
  return new Promise<{ output: () => string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready && output.includes(ready)) {
        clearTimeout(timer);
        resolve({ output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres'))
    throw new Error('Set DATABASE_URL to an empty PostgreSQL database.');
  if (spawnSync('nginx', ['-v']).error)
    throw new Error('nginx is not on PATH (apt-get install nginx-light).');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  check(build.status === 0, 'the web app and the server build (npm run build, as the Dockerfile does)');

  const [proxyPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${proxyPort}`;
  // As deploy/.env holds them: the signing key on one line with \n escapes.
  const signingKey = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString()
    .trim()
    .replaceAll('\n', '\\n');
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    AUDIT_SIGNING_KEY: signingKey,
    DATA_DIR: path.join(work, 'data'),
    APP_ORIGIN: origin,
    TRUST_PROXY_HOPS: '1',
  };
  const server = ['apps/server/dist/main.mjs'];
  const one = await start(
    process.execPath,
    server,
    { ...shared, PORT: String(port1) },
    'Parley is listening',
  );
  const two = await start(
    process.execPath,
    server,
    { ...shared, PORT: String(port2) },
    'Parley is listening',
  );
  check(true, 'two production instances start on one PostgreSQL with the keys from the environment');

  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace('parley-1:3000', `127.0.0.1:${port1}`)
    .replace('parley-2:3000', `127.0.0.1:${port2}`)
    .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`);
  check(
    site.includes(`127.0.0.1:${port2}`) && site.includes(`:${proxyPort};`),
    'deploy/nginx.conf is pointed at loopback',
  );
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `pid ${work}/nginx.pid;\nerror_log ${work}/nginx-error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n${site}\n}\n`,
  );
  const tested = spawnSync('nginx', ['-t', '-p', work, '-c', path.join(work, 'nginx.conf')], {
    encoding: 'utf8',
  });
  check(
    tested.status === 0,
    `nginx accepts the configuration ${tested.stderr.trim().split('\n').at(-1) ?? ''}`,
  );
  start('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {}, '').catch(
    (error: unknown) => {
      if (!stopping) console.error(String(error));
    },
  );

  const call = async (
    method: string,
    route: string,
    init: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(`${origin}${route}`, {
          method,
          headers: {
            origin,
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.cookie ? { cookie: init.cookie } : {}),
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        });
      } catch (error) {
        // nginx may still be binding its port on the first call.
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const healths = await Promise.all(Array.from({ length: 4 }, () => call('GET', '/api/health')));
  check(
    healths.every((r) => r.status === 200),
    '/api/health answers 200 through nginx',
  );

  // Each instance printed a setup link and voided the one before it: the later one works.
  const links = [one.output(), two.output()].flatMap((text) => [...text.matchAll(/setup\?token=([\w-]+)/g)]);
  const token = links.map((m) => m[1]).at(-1) ?? '';
  const setup = await call('POST', '/api/setup', {
    body: {
      token,
      organization: 'Smoke Capital',
      name: 'Sam Smoke',
      email: 'sam@smoke.test',
      password: 'smoke test password 2026',
    },
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  check(
    setup.status === 200,
    `the last printed setup link creates the first admin through nginx (${setup.status})`,
  );
  let cookie = cookieOf(setup);
  const enrol = await call('POST', '/api/mfa/totp/setup', { cookie, body: {} });
  const { secret } = (await enrol.json()) as { secret: string };
  const verified = await call('POST', '/api/mfa/totp/verify-enrollment', {
    cookie,
    body: { code: hotp(base32Decode(secret), totpStep(new Date())) },
  });
  check(verified.status === 200, 'the admin enrols an authenticator (each call may reach either instance)');
  cookie = cookieOf(verified);

  const sessions = (await (await call('GET', '/api/auth/sessions', { cookie })).json()) as {
    items: { client_address: string | null }[];
  };
  const addresses = sessions.items.map((s) => s.client_address);
  check(
    addresses.every((a) => a === '127.0.0.1'),
    `Parley records the address nginx saw, not the one the client wrote (${addresses.join(', ')})`,
  );

  const controller = new AbortController();
  const events = await fetch(`${origin}/api/events`, { headers: { cookie }, signal: controller.signal });
  const reader = (events.body as ReadableStream<Uint8Array>).getReader();
  let received = '';
  const readUntil = async (text: string, what: string) => {
    const timeout = setTimeout(() => controller.abort(), 30_000);
    try {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
    } catch {
      // aborted: checked below
    } finally {
      clearTimeout(timeout);
    }
    check(received.includes(text), what);
  };
  await readUntil(': connected', 'the event stream opens through nginx at once (not buffered)');
  const fund = await call('POST', '/api/projects', {
    cookie,
    body: { name: 'Smoke Fund', fund_type: 'Real Estate' },
  });
  const { id: projectId } = (await fund.json()) as { id: string };
  const ids: string[] = [];
  // Four changes, so some are made on the instance the stream is not on.
  for (let n = 0; n < 4; n++) {
    const message = await call('POST', '/api/messages', {
      cookie,
      body: {
        investor_name: 'Ivy Investor',
        investor_email: 'ivy@example.com',
        project_id: projectId,
        subject: `Smoke ${n}`,
        body_text: 'When is the next distribution?',
      },
    });
    check(message.status === 201, `a message is created through nginx (${n + 1} of 4)`);
    ids.push(((await message.json()) as { id: string }).id);
  }
  for (const id of ids)
    await readUntil(id, `its event reaches the stream, whichever instance made it (${id.slice(0, 8)})`);
  controller.abort();
  console.log('\nThe production shape works: two instances, one PostgreSQL, nginx in front.');
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

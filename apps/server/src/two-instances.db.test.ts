import { count, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Deployment,
  eventually,
  type Instance,
  openDeployment,
  signIn,
  startInstance,
  stopInstance,
} from '../test/server-process';
import { auditChainHeads, auditCheckpoints } from './db/schema';
import { LINK_REQUESTS_PER_EMAIL } from './features/auth-links/auth-links.service';

/**
 * Two server processes on one PostgreSQL, the way an organisation that outgrows one machine runs Parley
 * (docs/deploy.md): what one instance does, the other sees. PostgreSQL only: an embedded database
 * belongs to the one process that opened it.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let deployment: Deployment | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    deployment = await openDeployment('two-instances', ['ir_associate']);
    [a, b] = await Promise.all([startInstance(deployment.env), startInstance(deployment.env)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await deployment?.close();
  }, 60_000);

  const ground = () => deployment as Deployment;
  const associate = () => ground().emailOf('ir_associate');

  it('a session revoked on one is refused on the other', async () => {
    const [one, two] = [a as Instance, b as Instance];
    const cookie = await signIn(one, associate(), ground().password);
    expect((await call(two, 'GET', '/api/auth/session', { cookie })).status).toBe(200);
    expect((await call(one, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBeLessThan(300);
    expect((await call(two, 'GET', '/api/auth/session', { cookie })).status).toBe(401);
  });

  it("a change made through one reaches the other's event streams", async () => {
    const [one, two] = [a as Instance, b as Instance];
    const cookie = await signIn(one, associate(), ground().password);
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
          project_id: ground().projectId,
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
        body: { email: associate() },
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
      ground().database.db.select({ value: count() }).from(auditChainHeads).where(gt(auditChainHeads.seq, 0)),
    );
    expect(chains).toBeGreaterThan(0);
    expect(await counted(ground().database.db.select({ value: count() }).from(auditCheckpoints))).toBe(
      chains,
    );
    const signed = [...finished(a as Instance), ...finished(b as Instance)].map(
      (line) => (JSON.parse(line) as { result?: { signed?: number } }).result?.signed ?? 0,
    );
    expect(signed.reduce((x, y) => x + y, 0)).toBe(chains);
  }, 120_000);
});

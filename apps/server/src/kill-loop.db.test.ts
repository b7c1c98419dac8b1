import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessageInput } from '../test/factories';
import { halfDone } from '../test/invariants';
import {
  call,
  type Deployment,
  type Instance,
  openDeployment,
  signIn,
  startInstance,
  stopInstance,
} from '../test/server-process';
import { aiResponses, investorMessages } from './db/schema';

/**
 * The kill -9 loop (docs/architecture.md, Crash safety): clients keep writing through one server
 * process on PostgreSQL while it is killed at random points and started again. Afterwards nothing is
 * half-done, the audit chain verifies, and every write the server acknowledged is there. PostgreSQL
 * only: the embedded database belongs to the process, which the kill would take with it.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
/** Requests sent across the loop, kills included; CI prints the count. */
const OPERATIONS = 1_000;
const CLIENTS = 4;
/** Completed requests between two kills, drawn with a fixed seed. */
const KILL_GAPS = fc.sample(fc.integer({ min: 40, max: 120 }), { seed: 20261129, numRuns: 40 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.skipIf(!onPostgres)('killed at random points under load', () => {
  let deployment: Deployment | undefined;
  let server: Instance | undefined;

  beforeAll(async () => {
    deployment = await openDeployment('kill-loop', ['admin', 'ir_director', 'ir_associate']);
    server = await startInstance(deployment.env);
  }, 200_000);

  afterAll(async () => {
    await stopInstance(server);
    await deployment?.close();
  }, 60_000);

  it(`loses nothing across ${OPERATIONS} requests`, async () => {
    const { database, env, orgId, projectId, password, emailOf } = deployment as Deployment;
    const first = server as Instance;
    // Sessions live in the database: they outlive every restart.
    const cookie = {
      admin: await signIn(first, emailOf('admin'), password),
      director: await signIn(first, emailOf('ir_director'), password),
      associate: await signIn(first, emailOf('ir_associate'), password),
    };
    const port = Number(new URL(first.origin).port);
    let live: Promise<Instance> = Promise.resolve(first);
    let sent = 0;
    let completed = 0;
    let interrupted = 0;
    let kills = 0;
    const failures: string[] = [];
    const acknowledged = { messages: [] as string[], approved: [] as string[] };

    /** One request through whichever process is up; a connection the kill cut counts as interrupted. */
    async function send(method: string, route: string, init: Parameters<typeof call>[3]) {
      const instance = await live;
      sent++;
      try {
        const res = await call(instance, method, route, init);
        completed++;
        if (res.status >= 500) failures.push(`${method} ${route}: ${res.status} ${await res.text()}`);
        return res.status < 300 ? ((await res.json()) as Record<string, unknown>) : null;
      } catch {
        interrupted++;
        return null;
      }
    }

    /** A reply's whole way: the message, a saved draft, submitted, approved and sent. */
    async function story(n: number) {
      if (n % 6 === 0) {
        const role = 'ir_associate';
        await send('POST', '/api/invitations', {
          cookie: cookie.admin,
          body: { email: `kill-invitee-${n}-${randomBytes(3).toString('hex')}@parley.test`, role },
        });
      }
      if (n % 6 === 3) {
        const form = new FormData();
        form.append('file', new File([`# Letter ${n}\n\nThe fund pays quarterly.\n`], `letter-${n}.md`));
        await send('POST', `/api/projects/${projectId}/documents`, { cookie: cookie.associate, form });
      }
      const message = await send('POST', '/api/messages', {
        cookie: cookie.associate,
        body: buildMessageInput({ project_id: projectId, subject: `Question ${n}` }),
      });
      if (!message) return;
      const messageId = message.id as string;
      acknowledged.messages.push(messageId);
      const text = `Dear Jane,\n\nThank you for question ${n}.\n\nKind regards`;
      const draft = await send('POST', `/api/messages/${messageId}/drafts`, {
        cookie: cookie.associate,
        body: { text, based_on_version: 0 },
      });
      if (!draft) return;
      const named = { version: draft.version as number, text_sha256: sha256(text) };
      if (
        !(await send('POST', `/api/messages/${messageId}/submit`, { cookie: cookie.associate, body: named }))
      )
        return;
      if (await send('POST', `/api/messages/${messageId}/approve`, { cookie: cookie.director, body: named }))
        acknowledged.approved.push(messageId);
    }

    async function client(offset: number) {
      for (let n = offset; sent < OPERATIONS; n += CLIENTS) await story(n);
    }

    async function killer() {
      for (const gap of KILL_GAPS) {
        const at = completed + interrupted + gap;
        while (completed + interrupted < at && sent < OPERATIONS) await new Promise((r) => setImmediate(r));
        if (sent >= OPERATIONS) return;
        let restarted: (instance: Instance) => void = () => {};
        const next = new Promise<Instance>((resolve) => {
          restarted = resolve;
        });
        const dying = await live;
        live = next;
        await stopInstance(dying, 'SIGKILL');
        kills++;
        server = await startInstance(env, port);
        restarted(server);
      }
    }

    await Promise.all([killer(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
    console.info(
      `kill -9 loop: ${sent} requests, ${completed} answered, ${interrupted} cut by ${kills} kills, ${failures.length} 5xx`,
    );
    expect(sent).toBeGreaterThanOrEqual(OPERATIONS);
    expect(kills).toBeGreaterThanOrEqual(5);
    expect(failures).toEqual([]);

    // One more crash, then a fresh start, as an operator would bring it back.
    await stopInstance(server, 'SIGKILL');
    server = await startInstance(env, port);
    expect(await halfDone(database.db, orgId)).toEqual([]);
    const verify = await call(server, 'GET', '/api/audit/verify', { cookie: cookie.admin });
    expect(verify.status).toBe(200);
    const chain = (await verify.json()) as { valid: boolean; entries: number };
    expect(chain.valid, JSON.stringify(chain)).toBe(true);
    // Every write the server acknowledged is there.
    const messages = await database.db
      .select({ id: investorMessages.id })
      .from(investorMessages)
      .where(inArray(investorMessages.id, acknowledged.messages));
    expect(messages.length).toBe(acknowledged.messages.length);
    const approved = await database.db
      .selectDistinct({ id: aiResponses.messageId })
      .from(aiResponses)
      .where(and(inArray(aiResponses.messageId, acknowledged.approved), isNotNull(aiResponses.approvedAt)));
    expect(approved.length).toBe(acknowledged.approved.length);
    const resolved = await database.db
      .select({ id: investorMessages.id })
      .from(investorMessages)
      .where(
        and(inArray(investorMessages.id, acknowledged.approved), eq(investorMessages.status, 'resolved')),
      );
    expect(resolved.length).toBe(acknowledged.approved.length);
  }, 900_000);
});

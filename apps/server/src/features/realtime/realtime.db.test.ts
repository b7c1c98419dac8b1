import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ROLES, rolesWith } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMessageInput, insertProject } from '../../../test/factories';
import {
  createTestContext,
  json,
  TEST_AUDIT_SIGNER,
  TEST_ENCRYPTION_KEY,
  TEST_ORIGIN,
} from '../../../test/test-app';
import { createApp } from '../../app';
import { type Database, LISTENER_APPLICATION_NAME, openPostgres } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { REALTIME_CHANNEL } from '../../lib/realtime';
import { createOutboxMailer } from '../email/mailer';
import { RealtimeHub } from './realtime.hub';

const ctx = await createTestContext();
const logger = createLogger('silent');
const timing = { heartbeatMs: 300, sessionCheckMs: 200 };

/** One server instance: its own app, hub and HTTP server on loopback, over the given database. */
async function startInstance(database: Database) {
  const realtime = new RealtimeHub({ database, logger });
  const app = createApp({
    config: ctx.config,
    database,
    logger,
    clock: ctx.clock,
    mailer: createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} }),
    encryptionKey: TEST_ENCRYPTION_KEY,
    auditSigner: TEST_AUDIT_SIGNER,
    realtime,
    realtimeTiming: timing,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    realtime,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await realtime.stop();
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Instance 1 shares the test's database; instance 2 has its own connections (PostgreSQL) — on
// PGlite, one embedded database can only be shared in-process, so both use the same instance.
const url = process.env.TEST_DATABASE_URL;
const secondDatabase = ctx.database.kind === 'postgres' && url ? openPostgres(url, { max: 2 }) : ctx.database;
const one = await startInstance(ctx.database);
const two = await startInstance(secondDatabase);
afterAll(async () => {
  await one.close();
  await two.close();
  if (secondDatabase !== ctx.database) await secondDatabase.close();
});

type Stream = {
  status: number;
  headers: Headers;
  events: Record<string, unknown>[];
  text: () => string;
  ended: Promise<void>;
  waitFor: (predicate: (event: Record<string, unknown>) => boolean, ms?: number) => Promise<unknown>;
  close: () => Promise<void>;
};

/** Opens GET /api/events like a browser tab and collects what arrives. */
async function openEvents(base: string, cookie?: string): Promise<Stream> {
  const res = await fetch(`${base}/api/events`, {
    headers: { origin: TEST_ORIGIN, accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  });
  const events: Record<string, unknown>[] = [];
  let raw = '';
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  const reader = res.body?.getReader();
  if (res.ok && reader) {
    const decoder = new TextDecoder();
    ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          raw += decoder.decode(value, { stream: true });
          events.splice(0, events.length, ...parseEvents(raw));
          for (const wake of waiters) wake();
        }
      } catch {
        // cancelled
      }
    })();
    // The server writes ': connected' once the subscription is in place.
    await waitUntil(() => raw.includes(': connected'), 2_000, waiters);
  }
  return {
    status: res.status,
    headers: res.headers,
    events,
    text: () => raw,
    ended,
    async waitFor(predicate, ms = 1_000) {
      await waitUntil(() => events.some(predicate), ms, waiters);
      return events.find(predicate);
    },
    async close() {
      await reader?.cancel().catch(() => {});
      if (!reader) await res.body?.cancel().catch(() => {});
    },
  };
}

function parseEvents(raw: string): Record<string, unknown>[] {
  return raw
    .split('\n\n')
    .slice(0, -1)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data));
}

function waitUntil(condition: () => boolean, ms: number, waiters: Set<() => void>) {
  return new Promise<void>((resolve, reject) => {
    if (condition()) return resolve();
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`not within ${ms} ms`));
    }, ms);
    const check = () => {
      if (!condition()) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    waiters.add(check);
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('GET /api/events', () => {
  it('refuses a request without a session with 401', async () => {
    const stream = await openEvents(one.url);
    expect(stream.status).toBe(401);
  });

  it('refuses a session that still owes MFA with 403 MFA_REQUIRED', async () => {
    const admin = await ctx.signInAs('admin', undefined, { mfa: 'pending' });
    expect(admin.mfa).not.toBe('none');
    const res = await fetch(`${one.url}/api/events`, {
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('MFA_REQUIRED');
  });

  it('is open to every role that reads the workspace', async () => {
    const allowed = rolesWith('workspace.read');
    for (const role of ROLES) {
      const { cookie } = await ctx.signInAs(role);
      const res = await fetch(`${one.url}/api/events`, { headers: { origin: TEST_ORIGIN, cookie } });
      expect(res.status, role).toBe(allowed.includes(role) ? 200 : 403);
      await res.body?.cancel();
    }
  });

  it('streams uncached, unbuffered server-sent events with a heartbeat', async () => {
    const user = await ctx.signInAs('is_associate');
    const stream = await openEvents(one.url, user.cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await sleep(timing.heartbeatMs * 2 + 100);
    expect(stream.text()).toContain(': heartbeat');
    await stream.close();
  });

  it("delivers a new message's id to the organisation's streams within a second, and nothing to another organisation", async () => {
    const a1 = await ctx.signInAs('is_associate');
    const a2 = await ctx.signInAs('ir_associate', a1.orgId);
    const b1 = await ctx.signInAs('ir_associate');
    const projectId = await insertProject(ctx.db, { orgId: a1.orgId });
    const streamA = await openEvents(one.url, a1.cookie);
    const streamB = await openEvents(one.url, b1.cookie);

    const res = await ctx.request('POST', '/api/messages', {
      cookie: a2.cookie,
      body: buildMessageInput({ project_id: projectId, subject: 'Secret subject about the Q3 distribution' }),
    });
    expect(res.status).toBe(201);
    const { id } = await json(res);

    const event = await streamA.waitFor((e) => e.messageId === id, 1_000);
    // A logged message starts its own thread (docs/decisions/058-inbound-email.md).
    expect(event).toEqual({ type: 'message.created', messageId: id, threadId: id });
    expect(streamA.text()).not.toContain('Secret subject');
    await sleep(200);
    expect(streamB.events).toEqual([]);
    await streamA.close();
    await streamB.close();
  });

  it('reaches a stream on another server instance sharing the database', async () => {
    const a1 = await ctx.signInAs('ir_director');
    const a2 = await ctx.signInAs('ir_associate', a1.orgId);
    const projectId = await insertProject(ctx.db, { orgId: a1.orgId });
    const onTwo = await openEvents(two.url, a1.cookie);

    const res = await fetch(`${one.url}/api/messages`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: a2.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(
        buildMessageInput({ project_id: projectId, subject: 'Secret subject about the Q3 distribution' }),
      ),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await onTwo.waitFor((e) => e.messageId === id, 1_000)).toEqual({
      type: 'message.created',
      messageId: id,
      threadId: id,
    });
    await onTwo.close();
  });

  it('drops notifications that are not valid events and never forwards extra fields', async () => {
    const user = await ctx.signInAs('ir_associate');
    const stream = await openEvents(one.url, user.cookie);
    const messageId = '00000000-0000-4000-8000-00000000abcd';
    const notify = (payload: string) =>
      ctx.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
    await notify('not json');
    await notify(JSON.stringify({ type: 'message.deleted', orgId: user.orgId, messageId }));
    await notify(JSON.stringify({ type: 'draft.saved', orgId: user.orgId, messageId: 'nope', version: 2 }));
    await notify(
      JSON.stringify({ type: 'draft.saved', orgId: user.orgId, messageId, version: 3, body_text: 'secret' }),
    );
    expect(await stream.waitFor((e) => e.messageId === messageId)).toEqual({
      type: 'draft.saved',
      messageId,
      version: 3,
    });
    expect(stream.events).toHaveLength(1);
    await stream.close();
  });

  it('closes the stream once its session is signed out', async () => {
    const user = await ctx.signInAs('ir_associate');
    const stream = await openEvents(one.url, user.cookie);
    const out = await ctx.request('POST', '/api/auth/sign-out', { cookie: user.cookie });
    expect(out.status).toBe(204);
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), sleep(1_500).then(() => 'still open')]),
    ).resolves.toBe('ended');
  });

  it('stops fan-out to a stream once the client goes away', async () => {
    const user = await ctx.signInAs('ir_associate');
    const before = one.realtime.subscriberCount;
    const stream = await openEvents(one.url, user.cookie);
    expect(one.realtime.subscriberCount).toBe(before + 1);
    await stream.close();
    for (let i = 0; i < 20 && one.realtime.subscriberCount > before; i++) await sleep(50);
    expect(one.realtime.subscriberCount).toBe(before);
  });

  it.skipIf(ctx.database.kind !== 'postgres')(
    'keeps delivering after PostgreSQL drops the listening connection',
    async () => {
      const a1 = await ctx.signInAs('ir_associate');
      const projectId = await insertProject(ctx.db, { orgId: a1.orgId });
      const stream = await openEvents(two.url, a1.cookie);
      const killed = (await ctx.db.execute(
        sql`select pg_terminate_backend(pid) as terminated from pg_stat_activity
            where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      )) as unknown as { rows: { terminated: boolean }[] };
      expect(killed.rows.some((row) => row.terminated)).toBe(true);
      // The listener reconnects after 0.5 s; keep creating until an event gets through.
      let received: unknown;
      for (let attempt = 0; attempt < 10 && !received; attempt++) {
        await sleep(500);
        const res = await ctx.request('POST', '/api/messages', {
          cookie: a1.cookie,
          body: buildMessageInput({
            project_id: projectId,
            subject: 'Secret subject about the Q3 distribution',
          }),
        });
        const { id } = await json(res);
        received = await stream.waitFor((e) => e.messageId === id, 500).catch(() => undefined);
      }
      expect(received).toMatchObject({ type: 'message.created' });
      await stream.close();
    },
  );
});

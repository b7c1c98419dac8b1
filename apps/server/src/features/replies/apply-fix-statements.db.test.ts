import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import type { Database } from '../../db/client';

const ctx = await createTestContext();

/**
 * Records every statement the driver sends while observing, under either driver: on PGlite by
 * wrapping the client's query and transaction (a PGlite transaction sends BEGIN itself, so it is
 * recorded as one), on PostgreSQL by wrapping pg's Client.query, which the pool's clients share.
 */
function observeStatements(database: Database) {
  const statements: string[] = [];
  const record = (query: unknown) => {
    const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
    statements.push((text ?? '').trim().toLowerCase());
  };
  const restores: (() => void)[] = [];

  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { query, transaction } = client;
    const observedTx = (tx: Transaction): Transaction =>
      new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver);
          return (sql: string, ...rest: unknown[]) => {
            record(sql);
            return (target.query as (...args: unknown[]) => unknown)(sql, ...rest);
          };
        },
      });
    client.query = ((sql: string, ...rest: unknown[]) => {
      record(sql);
      return (query as (...args: unknown[]) => unknown).call(client, sql, ...rest);
    }) as PGlite['query'];
    client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => {
      record('begin');
      return transaction.call(client, (tx) => callback(observedTx(tx)));
    }) as PGlite['transaction'];
    restores.push(() => {
      client.query = query;
      client.transaction = transaction;
    });
  } else {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const { query } = prototype;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return query.apply(this, args);
    };
    restores.push(() => {
      prototype.query = query;
    });
  }

  return {
    statements,
    stop: () => {
      for (const restore of restores) restore();
    },
  };
}

let stopObserving: (() => void) | null = null;
afterEach(() => stopObserving?.());

const PROMISE = 'Dear Jane,\n\nYour return is guaranteed this year.\n\nKind regards,';

async function fundedMessage(orgId: string) {
  return insertMessage(ctx.db, {
    orgId,
    projectId: await insertProject(ctx.db, { orgId }),
    investorName: 'Jane Investor',
    investorEmail: 'jane@example.com',
    subject: 'Q3 distribution',
    bodyText: 'Hello, how much was the quarterly distribution per unit?',
    createdAt: ctx.clock.now(),
  });
}

describe('Apply Fix through the driver', () => {
  it('opens one transaction and reads the message once, even when it voids a pending approval', async () => {
    const writer = await ctx.signInAs('ir_associate');
    const messageId = await fundedMessage(writer.orgId);
    const post = (path: string, body?: unknown) =>
      ctx.request('POST', `/api/messages/${messageId}${path}`, { cookie: writer.cookie, body });
    expect((await post('/drafts', { text: PROMISE, based_on_version: 0 })).status).toBe(201);
    const [flag] = (await json(await post('/drafts/1/check'))).flags;
    const sha = createHash('sha256').update(PROMISE, 'utf8').digest('hex');
    expect((await post('/submit', { version: 1, text_sha256: sha })).status).toBe(200);

    const observed = observeStatements(ctx.database);
    stopObserving = observed.stop;
    const res = await post('/drafts/1/apply-fix', { start: flag.start, end: flag.end, based_on_version: 1 });
    observed.stop();

    expect(res.status).toBe(201);
    expect((await json(res)).version).toBe(2);
    const { statements } = observed;
    const begins = statements.filter((s) => s === 'begin' || s.startsWith('begin '));
    // Reads of this message's row (the earlier-answers search reads other messages of the fund).
    const messageReads = statements.filter(
      (s) => s.startsWith('select') && s.includes('"investor_messages"."id" = $'),
    );
    expect(begins).toHaveLength(1);
    expect(messageReads).toHaveLength(1);
    expect(messageReads[0]).toContain('for update');
  });
});

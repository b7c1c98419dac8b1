import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import { investorMessages, users } from '../db/schema';
import type { AppEnv } from '../http/env';
import { createErrorHandler } from '../http/errors';
import { generateToken } from './crypto';
import { createLogger } from './logger';

const ctx = await createTestContext();

/** What an investor wrote and who they are: none of it may reach a log line. */
const INVESTOR = {
  name: 'Margarethe Quellwasser',
  email: 'margarethe.quellwasser@pension-fund.example',
  subject: 'Fund III side letter terms',
  text: 'Our committee will not re-up unless the carry drops below 15 percent.',
};

/** A real app error handler over a route whose queries fail, logging to lines the test reads. */
function appLoggingTo(lines: string[]) {
  const logger = createLogger('debug', (line) => lines.push(line));
  return new Hono<AppEnv>()
    .use(requestId())
    .post('/duplicate-account', async () => {
      await ctx.db.insert(users).values({ email: INVESTOR.email });
      await ctx.db.insert(users).values({ email: INVESTOR.email });
      return new Response('unreachable');
    })
    .post('/message-of-no-organisation', async () => {
      await ctx.db.insert(investorMessages).values({
        orgId: randomUUID(),
        investorName: INVESTOR.name,
        investorEmail: INVESTOR.email,
        subject: INVESTOR.subject,
        bodyText: INVESTOR.text,
      });
      return new Response('unreachable');
    })
    .onError(createErrorHandler(logger));
}

function expectNothingOf(lines: string[], secrets: string[]) {
  const written = lines.join('\n');
  for (const secret of secrets) expect(written, secret).not.toContain(secret);
  // The e-mail's parts too, in case a driver quotes or escapes the address.
  expect(written).not.toMatch(/quellwasser|pension-fund/i);
}

describe('error logs', () => {
  it.each([['/duplicate-account'], ['/message-of-no-organisation']])(
    'keep the failing query but not its parameters or values (%s)',
    async (path) => {
      const lines: string[] = [];
      const res = await appLoggingTo(lines).request(path, { method: 'POST' });
      expect(res.status).toBe(500);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0] ?? '{}');
      expect(line).toMatchObject({ level: 'error', message: 'unhandled error', path });
      // Still useful to the operator: which statement failed, and that its parameters were withheld.
      expect(line.error).toMatch(/Failed query: insert into "(users|investor_messages)"/);
      expect(line.error).toContain('params: [redacted]');
      expectNothingOf(lines, Object.values(INVESTOR));
    },
  );

  it('never write tokens, cookies, passwords or mail fields passed by a caller', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const token = generateToken();
    logger.error(`could not use link /auth/magic?token=${token}`, {
      cookie: `parley_session=${token}`,
      headers: { authorization: `Bearer ${token}` },
      password: 'a sturdy passphrase 2026',
      recipientEmail: INVESTOR.email,
      mail: { to: INVESTOR.email, subject: INVESTOR.subject, text: INVESTOR.text },
      error: new Error(`session parley_session=${token} of ${INVESTOR.email}`),
      note: `sent by ${INVESTOR.email} with ${token}`,
      outboxId: 'kept-for-the-operator',
    });
    expectNothingOf(lines, [token, 'a sturdy passphrase 2026', ...Object.values(INVESTOR)]);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ outboxId: 'kept-for-the-operator' });
  });
});

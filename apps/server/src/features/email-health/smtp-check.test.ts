import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink';
import { checkSmtp } from './smtp-check';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('checkSmtp', () => {
  it('is INFO without SMTP_URL: mail stays in the outbox', async () => {
    expect(await checkSmtp({ smtpUrl: undefined })).toEqual({
      name: 'SMTP',
      status: 'INFO',
      summary: 'Mail is kept in the outbox: no mail server is configured.',
      details: { configured: false },
    });
  });

  it('passes when the server accepts a connection and EHLO', async () => {
    const port = Number(new URL(sink.url).port);
    const result = await checkSmtp({ smtpUrl: sink.url });
    expect(result).toMatchObject({
      name: 'SMTP',
      status: 'PASS',
      details: { host: '127.0.0.1', port, secure: false },
    });
    expect(result.details.response_ms).toEqual(expect.any(Number));
    expect(result.summary).toBe(`The SMTP server 127.0.0.1:${port} accepted a connection and EHLO.`);
  });

  it('fails quickly when the port is closed', async () => {
    const port = await closedPort();
    const startedAt = Date.now();
    const result = await checkSmtp({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 10_000 });
    expect(result.status).toBe('FAIL');
    expect(result.details).toMatchObject({ host: '127.0.0.1', port, secure: false });
    expect(result.details.error).toMatch(/ECONNREFUSED/);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('fails at the timeout when the server accepts the connection and never greets', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const mute = createServer((socket) => sockets.add(socket));
    const port = await listen(mute);
    try {
      const startedAt = Date.now();
      const result = await checkSmtp({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 300 });
      const elapsed = Date.now() - startedAt;
      expect(result.status).toBe('FAIL');
      expect(result.details.error).toMatch(/greeting|timeout|within 300 ms/i);
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => mute.close(() => resolve()));
    }
  });

  it('never reports the user or password of SMTP_URL, even when the server repeats them', async () => {
    // A server that rejects every login, quoting the credentials back, as careless servers do.
    const echoing = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        callback(new Error(`no user ${auth.username} with password ${auth.password}`));
      },
    });
    const port = await listen(echoing.server);
    try {
      const result = await checkSmtp({ smtpUrl: `smtp://mailer-user:p%40ss-s3cret@127.0.0.1:${port}` });
      expect(result.status).toBe('FAIL');
      expect(result.details).toMatchObject({ code: 'EAUTH' });
      expect(result.details.error).toMatch(/no user \*\*\* with password \*\*\*/);
      const reported = JSON.stringify(result);
      for (const secret of ['mailer-user', 'p%40ss-s3cret', 'p@ss-s3cret']) {
        expect(reported).not.toContain(secret);
      }
    } finally {
      await new Promise<void>((resolve) => echoing.close(() => resolve()));
    }
  });
});

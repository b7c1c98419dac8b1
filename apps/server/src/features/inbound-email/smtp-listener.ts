import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { INBOUND_EMAIL_MAX_BYTES } from '@parley/contracts';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { parseInboundAddress } from './inbound-address';
import { findOrganizationsBySlugs } from './inbound-email.queries';
import { type IngestContext, ingestInboundEmail, UnknownRecipientError } from './inbound-email.service';

/**
 * The optional SMTP listener (docs/decisions/058-inbound-email.md): an MX (or a relay) hands investors'
 * mail to Parley directly. It takes mail for the organisations' inbound addresses only, refused at
 * RCPT; no AUTH (it is nobody's submission server); STARTTLS only with a configured certificate.
 */

/** Connections at once: an MX delivers over a few; more is somebody hammering the port. */
export const INBOUND_SMTP_MAX_CLIENTS = 50;
/** Recipients per mail: a mail for more of Parley's addresses than this is not an investor's. */
export const INBOUND_SMTP_MAX_RECIPIENTS = 20;

/** Under the server's 10-second shutdown, so the rest of it still runs. */
export const INBOUND_SMTP_CLOSE_TIMEOUT_MS = 5_000;

export type InboundSmtpOptions = {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** PEM files of the certificate and key STARTTLS offers; without them STARTTLS is not offered. */
  tls?: { certPath: string; keyPath: string } | undefined;
};

export type InboundSmtpListener = { port: number; close: () => Promise<void> };

/** Listeners running in this process: GET /api/email/inbound says whether one listens. */
let running = 0;

export function isInboundSmtpListening(): boolean {
  return running > 0;
}

/** An SMTP answer: the code and, in the text, the enhanced status code (RFC 3463). */
function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** The envelope recipients grouped by organisation slug: each organisation gets its own copy. */
function recipientsByOrganization(addresses: readonly string[], domain: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const address of addresses) {
    const recipient = parseInboundAddress(address, domain);
    if (recipient) groups.set(recipient.orgSlug, [...(groups.get(recipient.orgSlug) ?? []), address]);
  }
  return groups;
}

async function deliver(ctx: IngestContext, domain: string, raw: Buffer, session: SMTPServerSession) {
  const { mailFrom, rcptTo } = session.envelope;
  const from = mailFrom ? mailFrom.address : '';
  const groups = recipientsByOrganization(
    rcptTo.map((r) => r.address),
    domain,
  );
  for (const to of groups.values()) {
    await ingestInboundEmail(ctx, { raw, via: 'smtp', envelope: { from, to } });
  }
}

/** Starts the listener; rejects when the port cannot be bound or the certificate files cannot be read. */
export async function startInboundSmtpListener(
  ctx: IngestContext,
  options: InboundSmtpOptions,
): Promise<InboundSmtpListener> {
  const inbound = ctx.config.inbound;
  if (!inbound) throw new Error('the SMTP listener needs INBOUND_EMAIL_DOMAIN');
  const { domain } = inbound;
  const tls = options.tls
    ? { cert: await readFile(options.tls.certPath), key: await readFile(options.tls.keyPath) }
    : null;

  const server = new SMTPServer({
    banner: 'Parley',
    logger: false,
    authOptional: true,
    // Without a certificate smtp-server would offer STARTTLS with a self-signed one of its own.
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { cert: tls.cert, key: tls.key } : {}),
    size: INBOUND_EMAIL_MAX_BYTES,
    maxClients: INBOUND_SMTP_MAX_CLIENTS,
    // On shutdown a delivery still under way gets this long; its sender retries one cut off.
    closeTimeout: INBOUND_SMTP_CLOSE_TIMEOUT_MS,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= INBOUND_SMTP_MAX_RECIPIENTS) {
        callback(smtpError(452, '4.5.3 Too many recipients'));
        return;
      }
      const recipient = parseInboundAddress(address.address, domain);
      if (!recipient) {
        callback(smtpError(550, '5.1.1 No such mailbox here'));
        return;
      }
      findOrganizationsBySlugs(ctx.db, [recipient.orgSlug]).then(
        (orgs) => callback(orgs.length > 0 ? undefined : smtpError(550, '5.1.1 No such mailbox here')),
        (error: unknown) => {
          ctx.logger.error('inbound SMTP: recipient lookup failed', { error: messageOf(error) });
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      // Bounded as it arrives: past the limit the rest is read and dropped, and the mail refused.
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= INBOUND_EMAIL_MAX_BYTES) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > INBOUND_EMAIL_MAX_BYTES) {
          callback(smtpError(552, '5.3.4 Message too big'));
          return;
        }
        deliver(ctx, domain, Buffer.concat(chunks, size), session).then(
          () => callback(null, 'Accepted'),
          (error: unknown) => {
            if (error instanceof UnknownRecipientError) {
              callback(smtpError(550, '5.1.1 No such mailbox here'));
              return;
            }
            ctx.logger.error('inbound SMTP: the mail could not be stored', {
              error: messageOf(error),
              sessionId: session.id,
            });
            callback(smtpError(451, '4.3.0 The mail could not be stored; try again later'));
          },
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors of single connections after the start (a client that resets) are not the listener's end.
  server.on('error', (error) =>
    ctx.logger.warn('inbound SMTP: connection error', { error: messageOf(error) }),
  );
  running++;
  const { port } = server.server.address() as AddressInfo;
  let closed = false;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        running--;
        server.close(() => resolve());
      }),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

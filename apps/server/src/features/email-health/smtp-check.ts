import { performance } from 'node:perf_hooks';
import { type HealthCheck, settleWithin, TIMED_OUT } from './health-check';

const NAME = 'SMTP';
const DEFAULT_TIMEOUT_MS = 5000;

/** Where SMTP_URL points, without its user and password: all the check ever reports of the URL. */
function endpointOf(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  // nodemailer's default ports (smtp-connection): 465 for smtps://, else 587.
  return { host: url.hostname, port: Number(url.port) || (secure ? 465 : 587), secure };
}

/** The URL's user and password, as written and decoded, so an error message cannot carry them. */
function secretsOf(smtpUrl: string): string[] {
  const { username, password } = new URL(smtpUrl);
  return [username, password].filter((part) => part !== '').flatMap((part) => [part, decodeOrKeep(part)]);
}

function decodeOrKeep(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Longest first, so a user name inside the password cannot leave the rest of the password behind. */
function redact(text: string, secrets: string[]): string {
  return [...secrets]
    .sort((a, b) => b.length - a.length)
    .reduce((result, secret) => result.split(secret).join('***'), text);
}

/**
 * The 'SMTP' check of the email health report: connects to SMTP_URL and says EHLO (and logs in when
 * the URL has a user), the way mail would be sent (docs/operations.md, Email health checks).
 */
export async function checkSmtp(input: {
  smtpUrl: string | undefined;
  timeoutMs?: number;
}): Promise<HealthCheck> {
  if (!input.smtpUrl) {
    return {
      name: NAME,
      status: 'INFO',
      summary: 'Mail is kept in the outbox: no mail server is configured.',
      details: { configured: false },
    };
  }
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const endpoint = endpointOf(input.smtpUrl);
  const where = `${endpoint.host}:${endpoint.port}`;
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url: input.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const startedAt = performance.now();
  try {
    const verified = await settleWithin(transport.verify(), timeoutMs, () => transport.close());
    if (verified === TIMED_OUT) throw new Error(`no answer within ${timeoutMs} ms`);
    return {
      name: NAME,
      status: 'PASS',
      summary: `The SMTP server ${where} accepted a connection and EHLO${
        new URL(input.smtpUrl).username ? ' and the login' : ''
      }.`,
      details: { ...endpoint, response_ms: Math.round(performance.now() - startedAt) },
    };
  } catch (error) {
    const message = redact(
      (error instanceof Error ? error.message : String(error)).trim().replace(/\.$/, ''),
      secretsOf(input.smtpUrl),
    );
    const code = (error as { code?: unknown }).code;
    return {
      name: NAME,
      status: 'FAIL',
      summary: `Connecting to the SMTP server ${where} failed: ${message}.`,
      details: { ...endpoint, error: message, ...(typeof code === 'string' ? { code } : {}) },
    };
  } finally {
    transport.close();
  }
}

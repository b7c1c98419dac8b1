import { createPrivateKey, type KeyObject } from 'node:crypto';
import { isIP, isIPv4 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const originSchema = z
  .url({ error: 'must be an origin such as https://parley.example.com' })
  .transform((value) => new URL(value).origin);

/**
 * AUDIT_SIGNING_KEY: an Ed25519 private key as PEM (PKCS#8; `\n` escapes allowed, for one-line
 * environments) or as base64 of its PKCS#8 DER (docs/decisions/034-audit-signing-key.md).
 */
const auditSigningKeySchema = z.string().transform((value, ctx): KeyObject => {
  try {
    const key = value.includes('-----BEGIN')
      ? createPrivateKey(value.replace(/\\n/g, '\n'))
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // reported below
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'must be an Ed25519 private key: PEM (BEGIN PRIVATE KEY) or base64 PKCS#8 (openssl genpkey -algorithm ed25519)',
  });
  return z.NEVER;
});

/**
 * EMAIL_DNS_SERVER: a DNS server's IP address, with an optional port ('192.0.2.53', '192.0.2.53:5353',
 * '2001:db8::53', '[2001:db8::53]:5353'); an address, since a host name would itself need DNS.
 */
function isDnsServer(value: string): boolean {
  if (isIP(value)) return true;
  const withPort = /^(?:\[(?<v6>[^\]]+)\]|(?<v4>[^:]+)):(?<port>\d{1,5})$/.exec(value)?.groups;
  if (!withPort) return false;
  const port = Number(withPort.port);
  const isAddress = withPort.v6 ? isIP(withPort.v6) === 6 : isIPv4(withPort.v4 ?? '');
  return isAddress && port >= 1 && port <= 65535;
}

/** Standard Webhooks recommends secrets of 24 to 64 bytes. */
const WEBHOOK_SECRET_MIN_BYTES = 24;

/**
 * EMAIL_WEBHOOK_SECRET: one or more `whsec_<base64>` secrets, space-separated; a delivery report signed
 * with any of them is accepted, so a secret can be rotated without a gap
 * (docs/decisions/039-email-delivery-webhook.md).
 */
const webhookSecretsSchema = z.string().transform((value, ctx): string[] => {
  const secrets = value.split(/\s+/).filter((secret) => secret !== '');
  for (const secret of secrets) {
    const base64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : '';
    if (
      !/^[A-Za-z0-9+/]+={0,2}$/.test(base64) ||
      base64.length % 4 !== 0 ||
      Buffer.from(base64, 'base64').length < WEBHOOK_SECRET_MIN_BYTES
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `each secret must be whsec_ and at least ${WEBHOOK_SECRET_MIN_BYTES} bytes in base64 (whsec_$(openssl rand -base64 32)), several separated by spaces`,
      });
      return z.NEVER;
    }
  }
  return secrets;
});

/** Every variable of the README's Configuration. This module is the only reader of process.env (STYLE.md). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  APP_ORIGIN: optionalString.pipe(originSchema.optional()),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  EMAIL_DNS_SERVER: optionalString.pipe(
    z
      .string()
      .refine(isDnsServer, { error: "must be an IP address, with an optional port: '192.0.2.53:5353'" })
      .optional(),
  ),
  EMAIL_DKIM_SELECTOR: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, { error: 'must be a DNS label such as default or s1' })
      .default('default'),
  ),
  EMAIL_RETURN_PATH_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^([A-Za-z0-9-]+\.)+[A-Za-z0-9-]+\.?$/, {
        error: 'must be a domain such as bounces.example.com',
      })
      .optional(),
  ),
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  COMPLIANCE_AI_BASE_URL: optionalString.pipe(
    z.union([z.literal('off'), z.url({ error: 'must be a URL, or off' })]).optional(),
  ),
  COMPLIANCE_AI_API_KEY: optionalString,
  COMPLIANCE_AI_MODEL: optionalString,
  EMAIL_WEBHOOK_SECRET: optionalString.pipe(webhookSecretsSchema.optional()),
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, { error: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
      .optional(),
  ),
  AUDIT_SIGNING_KEY: optionalString.pipe(auditSigningKeySchema.optional()),
  TRUST_PROXY_HOPS: z.coerce
    .number({ error: 'must be a whole number of proxies' })
    .int({ error: 'must be a whole number of proxies' })
    .min(0, { error: 'must be 0 or more' })
    .max(5, { error: 'must be at most 5' })
    .default(0),
  INBOUND_EMAIL_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^([A-Za-z0-9-]+\.)+[A-Za-z0-9-]+$/, { error: 'must be a domain such as in.parley.example.com' })
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
  INBOUND_EMAIL_WEBHOOK_SECRET: optionalString.pipe(webhookSecretsSchema.optional()),
  INBOUND_SMTP_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'must be a port number' })
      .transform(Number)
      .pipe(
        z.number().min(1, { error: 'must be a port number' }).max(65535, { error: 'must be a port number' }),
      )
      .optional(),
  ),
  INBOUND_SMTP_HOST: optionalString.pipe(z.string().default('0.0.0.0')),
  INBOUND_SMTP_TLS_CERT: optionalString,
  INBOUND_SMTP_TLS_KEY: optionalString,
  SSO_ALLOW_INSECURE_ISSUER: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Config = {
  port: number;
  dataDir: string;
  /** Where uploaded fund documents are kept: DATA_DIR/documents (docs/decisions/013-fund-documents.md). */
  documentsDir: string;
  databaseUrl: string | undefined;
  /** Public origin for links and the allowed-origin check. */
  appOrigin: string;
  /** APP_ORIGIN is https: cookies are Secure and HSTS is sent. */
  isHttps: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The DNS server the email health report asks (docs/operations.md, Email health checks); undefined: the system's. */
  emailDnsServer: string | undefined;
  /** The DKIM selector the email health report looks up: `${selector}._domainkey.${MAIL_FROM's domain}`. */
  emailDkimSelector: string;
  /** The envelope sender's (bounce) domain the email health report checks; undefined: MAIL_FROM's domain. */
  emailReturnPathDomain: string | undefined;
  ai: AiEndpoint | undefined;
  /**
   * The compliance check's second opinion (docs/decisions/022-second-opinion.md): COMPLIANCE_AI_*,
   * else the drafting endpoint; undefined when neither is set or COMPLIANCE_AI_BASE_URL is 'off'.
   */
  complianceAi: AiEndpoint | undefined;
  /**
   * The secrets delivery reports may be signed with (EMAIL_WEBHOOK_SECRET, `whsec_…`); empty when unset,
   * and the webhook then answers 503 (docs/decisions/039-email-delivery-webhook.md).
   */
  emailWebhookSecrets: readonly string[];
  encryptionKey: string | undefined;
  /**
   * The key that signs audit checkpoints (AUDIT_SIGNING_KEY); without it one is generated into
   * DATA_DIR/audit-signing-key.pem on first start (docs/decisions/034-audit-signing-key.md).
   */
  auditSigningKey: KeyObject | undefined;
  /** Proxies in front of Parley whose X-Forwarded-For is trusted (docs/deploy.md, Client addresses). */
  trustProxyHops: number;
  /**
   * SSO_ALLOW_INSECURE_ISSUER: single sign-on providers may have an http:// issuer (tests, a local
   * provider); off by default, so a provider's tokens never travel in clear (docs/decisions/056-single-sign-on.md).
   */
  ssoAllowInsecureIssuer: boolean;
  /** Inbound e-mail (docs/decisions/058-inbound-email.md); undefined when INBOUND_EMAIL_DOMAIN is unset. */
  inbound: InboundConfig | undefined;
  /** Where e-mail attachments are kept: DATA_DIR/attachments (docs/decisions/058-inbound-email.md). */
  attachmentsDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  isProduction: boolean;
};

/**
 * Inbound e-mail: the domain of the organisations' addresses (`ir+{slug}@domain`), the webhook's
 * secrets (empty: the webhook answers 503), and the SMTP listener when INBOUND_SMTP_PORT is set, with
 * STARTTLS when a certificate and key (PEM file paths) are given.
 */
export type InboundConfig = {
  domain: string;
  webhookSecrets: readonly string[];
  smtp: { port: number; host: string; tls: { certPath: string; keyPath: string } | undefined } | undefined;
};

function inboundOf(e: z.output<typeof envSchema>): InboundConfig | undefined {
  const smtpOnly = [
    e.INBOUND_EMAIL_WEBHOOK_SECRET && 'INBOUND_EMAIL_WEBHOOK_SECRET',
    e.INBOUND_SMTP_PORT !== undefined && 'INBOUND_SMTP_PORT',
  ].filter((name): name is string => typeof name === 'string');
  if (!e.INBOUND_EMAIL_DOMAIN) {
    if (smtpOnly.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  ${smtpOnly[0]}: needs INBOUND_EMAIL_DOMAIN`);
    }
    return undefined;
  }
  if (Boolean(e.INBOUND_SMTP_TLS_CERT) !== Boolean(e.INBOUND_SMTP_TLS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_TLS_CERT: INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together',
    );
  }
  const tls =
    e.INBOUND_SMTP_TLS_CERT && e.INBOUND_SMTP_TLS_KEY
      ? { certPath: e.INBOUND_SMTP_TLS_CERT, keyPath: e.INBOUND_SMTP_TLS_KEY }
      : undefined;
  return {
    domain: e.INBOUND_EMAIL_DOMAIN,
    webhookSecrets: e.INBOUND_EMAIL_WEBHOOK_SECRET ?? [],
    smtp:
      e.INBOUND_SMTP_PORT === undefined
        ? undefined
        : { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST, tls },
  };
}

/** An OpenAI-compatible endpoint: base URL (…/v1), optional bearer key, model name. */
export type AiEndpoint = { baseUrl: string; apiKey: string | undefined; model: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Decision 022: its own endpoint when COMPLIANCE_AI_BASE_URL is a URL (with COMPLIANCE_AI_MODEL, and
 * only COMPLIANCE_AI_API_KEY: the drafting key is never sent to another host); else the drafting
 * endpoint, with COMPLIANCE_AI_MODEL instead of AI_MODEL when set; 'off' turns it off.
 */
function complianceAiOf(e: z.output<typeof envSchema>, ai: AiEndpoint | undefined): AiEndpoint | undefined {
  const base = e.COMPLIANCE_AI_BASE_URL;
  if (base === 'off') return undefined;
  if (base) {
    if (!e.COMPLIANCE_AI_MODEL) {
      throw new ConfigError(
        'Invalid configuration:\n  COMPLIANCE_AI_MODEL: required with COMPLIANCE_AI_BASE_URL',
      );
    }
    return { baseUrl: base, apiKey: e.COMPLIANCE_AI_API_KEY, model: e.COMPLIANCE_AI_MODEL };
  }
  if (e.COMPLIANCE_AI_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  COMPLIANCE_AI_API_KEY: only with COMPLIANCE_AI_BASE_URL',
    );
  }
  if (!ai) {
    if (e.COMPLIANCE_AI_MODEL) {
      throw new ConfigError(
        'Invalid configuration:\n  COMPLIANCE_AI_MODEL: needs COMPLIANCE_AI_BASE_URL or AI_BASE_URL',
      );
    }
    return undefined;
  }
  return { ...ai, model: e.COMPLIANCE_AI_MODEL ?? ai.model };
}

/**
 * The directory the operator ran the command from: npm runs workspace scripts inside apps/server, so a
 * relative path on the command line (or in DATA_DIR) means npm's INIT_CWD.
 */
export function invocationDir(env: Record<string, string | undefined> = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A key kept in DATA_DIR lies beside the data it protects and leaves with every copy of the disk
  // (docs/operations.md, Keys).
  if ((e.DATABASE_URL || e.NODE_ENV === 'production') && !e.ENCRYPTION_KEY) {
    throw new ConfigError(
      `Invalid configuration:\n  ENCRYPTION_KEY: required with ${e.DATABASE_URL ? 'DATABASE_URL' : 'NODE_ENV=production'} (openssl rand -base64 32)`,
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError('Invalid configuration:\n  AI_MODEL: required with AI_BASE_URL');
  }
  const ai =
    e.AI_BASE_URL && e.AI_MODEL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
      : undefined;
  // npm runs workspace scripts inside apps/server: a relative DATA_DIR means the directory npm was run from.
  const dataDir = path.resolve(invocationDir(env), e.DATA_DIR);
  const appOrigin = e.APP_ORIGIN ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    dataDir,
    documentsDir: path.join(dataDir, 'documents'),
    databaseUrl: e.DATABASE_URL,
    appOrigin,
    isHttps: appOrigin.startsWith('https:'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Parley <no-reply@parley.localhost>',
    emailDnsServer: e.EMAIL_DNS_SERVER,
    emailDkimSelector: e.EMAIL_DKIM_SELECTOR,
    emailReturnPathDomain: e.EMAIL_RETURN_PATH_DOMAIN,
    ai,
    complianceAi: complianceAiOf(e, ai),
    emailWebhookSecrets: e.EMAIL_WEBHOOK_SECRET ?? [],
    encryptionKey: e.ENCRYPTION_KEY,
    auditSigningKey: e.AUDIT_SIGNING_KEY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    ssoAllowInsecureIssuer: e.SSO_ALLOW_INSECURE_ISSUER,
    inbound: inboundOf(e),
    attachmentsDir: path.join(dataDir, 'attachments'),
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  };
}

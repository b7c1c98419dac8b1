import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, for full-text search (document passages, audit entries). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A text that is a UUID: only then is it cast (a cast that fails would refuse the insert). */
const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Raw bytes (PostgreSQL bytea): a generated report's files (docs/decisions/044-reports.md). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /**
     * How long correspondence and records are kept, in years (docs/decisions/030-data-retention.md): 7 by
     * default, never below the floor of 6 (RETENTION_FLOOR_YEARS in packages/contracts; the check repeats it
     * so no other writer can go below it).
     */
    retentionYears: integer('retention_years').notNull().default(7),
    /**
     * The response-time target of Analytics, in business days (Mon–Fri, UTC): docs/decisions/043-analytics.md.
     */
    responseTargetDays: integer('response_target_days').notNull().default(2),
    /**
     * The one admin who may still sign in with a password while SSO is required (break glass;
     * docs/decisions/056-single-sign-on.md). Set by an admin; its every use is audited.
     */
    ssoBreakGlassUserId: uuid('sso_break_glass_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The organisation's part of its inbound address, `ir+{inbound_slug}@INBOUND_EMAIL_DOMAIN`
     * (docs/decisions/058-inbound-email.md): made from the name by a trigger when a row is inserted
     * without one (migration 0041), so every writer gets one.
     */
    inboundSlug: text('inbound_slug').notNull().default(''),
  },
  (t) => [
    uniqueIndex('organizations_inbound_slug_key').on(t.inboundSlug),
    check('organizations_inbound_slug_check', sql`${t.inboundSlug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('organizations_retention_years_floor', sql`${t.retentionYears} >= 6`),
    check('organizations_response_target_days_check', sql`${t.responseTargetDays} between 1 and 30`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes one account per address. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'deactivated')`),
  ],
);

/** Profiles (docs/product.md §3): one per user, same id. */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'ir_director', 'ir_associate', 'is_associate'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check(
      'user_roles_role_check',
      sql`${t.role} in ('admin', 'ir_director', 'ir_associate', 'is_associate')`,
    ),
  ],
);

/** One organisation per user; a deferred trigger (migration 0001) refuses a member without a role. */
export const orgMemberships = pgTable(
  'org_memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
  },
  (t) => [index('org_memberships_org_id_idx').on(t.orgId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** When a TOTP or recovery code was last verified in this session (step-up for factor changes). */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true, mode: 'date' }),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** How the session was signed in; null for sessions from before methods were kept. */
    method: text('method', { enum: ['password', 'magic_link', 'setup', 'invitation', 'sso'] }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_aal_check', sql`${t.aal} in ('aal1', 'aal2')`),
  ],
);

/**
 * Per-organisation settings of docs/product.md §3, one row per key with its plain value. The switches
 * (SYSTEM_CONFIG_KEYS in packages/contracts) hold 'true' or 'false' only; other keys (the weekly
 * report's schedule, the last e-mail health status) hold text (docs/decisions/042-email-health-alerts.md).
 */
export const systemConfig = pgTable(
  'system_config',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.key] }),
    check(
      'system_config_value_check',
      sql`${t.key} not in ('sso_required', 'mfa_totp_enforced', 'auth_magic_link_enabled', 'drafter_fallback_enabled', 'mfa_passkey_required_admins') or ${t.value} in ('true', 'false')`,
    ),
  ],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Hash-chained and append-only: migration 0001 adds triggers refusing UPDATE, DELETE and TRUNCATE.
 * `chain` is the organisation id, or 'system' for events with no organisation (an unknown e-mail).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    orgId: uuid('org_id').references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actionType: text('action_type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * The fund the entry concerns, derived from hashed fields only (a fund's own entries, else
     * `details.project_id`), so it cannot be changed without breaking the hash
     * (docs/decisions/033-audit-entry-fund.md). Stored for the Audit Logs fund filter's index.
     */
    projectId: uuid('project_id').generatedAlwaysAs(
      sql.raw(
        `CASE WHEN entity_type = 'project' AND entity_id ~ '${UUID_TEXT}' THEN entity_id::uuid ` +
          `WHEN details->>'project_id' ~ '${UUID_TEXT}' THEN (details->>'project_id')::uuid END`,
      ),
    ),
    /**
     * The words the Audit Logs search finds: the action and entity type, and every string value of the
     * details (names, e-mails, file names, terms). 'simple': ids and names are not English words.
     */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `to_tsvector('simple', replace(action_type, '_', ' ') || ' ' || replace(entity_type, '_', ' ')) || ` +
            `jsonb_to_tsvector('simple', details, '["string"]')`,
        ),
      ),
  },
  (t) => [
    uniqueIndex('audit_logs_chain_seq_key').on(t.chain, t.seq),
    /** A date range's first and last seq, read from the index alone (docs/api.md, Audit Logs). */
    index('audit_logs_chain_created_seq_idx').on(t.chain, t.createdAt, t.seq),
    index('audit_logs_action_created_idx').on(t.actionType, t.createdAt),
    // The Audit Logs filters, newest first within one organisation's chain (docs/api.md).
    index('audit_logs_chain_action_seq_idx').on(t.chain, t.actionType, t.seq),
    index('audit_logs_chain_actor_seq_idx').on(t.chain, t.actorId, t.seq),
    index('audit_logs_chain_project_seq_idx')
      .on(t.chain, t.projectId, t.seq)
      .where(sql`${t.projectId} is not null`),
    index('audit_logs_chain_entity_idx').on(t.chain, t.entityId),
    index('audit_logs_search_tsv_idx').using('gin', t.searchTsv),
    /** A thread's entries for its evidence pack, naming its message in their details (decision 031). */
    index('audit_logs_chain_message_idx').on(t.chain, sql`(${t.details}->>'message_id')`),
  ],
);

/** The head of each chain: locked FOR UPDATE by every append, so appends to one chain are serialised. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/**
 * Signed checkpoints of each chain (docs/audit-format.md, docs/decisions/034-audit-signing-key.md):
 * append-only like audit_logs (the migration's triggers refuse UPDATE, DELETE and TRUNCATE). `id` is the
 * order they were signed in, which verification uses to spot a checkpoint that goes back along the chain.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    headHash: text('head_hash').notNull(),
    /** Exactly the signed ISO-8601 text, so the signature never depends on timestamp round-trips. */
    signedAt: text('signed_at').notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    /** What made it: the hourly job, a member's request, or an export. Not signed. */
    trigger: text('trigger', { enum: ['scheduled', 'on_demand', 'export'] }).notNull(),
  },
  (t) => [
    index('audit_checkpoints_chain_id_idx').on(t.chain, t.id),
    check('audit_checkpoints_trigger_check', sql`${t.trigger} in ('scheduled', 'on_demand', 'export')`),
  ],
);

/** The last verification of each chain, for the Compliance center and System Health (one row per chain). */
export const auditVerifications = pgTable('audit_verifications', {
  chain: text('chain').primaryKey(),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
  valid: boolean('valid').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  checkpointsChecked: integer('checkpoints_checked').notNull(),
  /** The first problem (reason, message, seq, entry_id) when not valid. */
  problem: jsonb('problem').$type<Record<string, unknown>>(),
});

/** The one-time link printed on first start to create the first organisation and admin. */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('setup_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * docs/product.md §3 Invitation. The token is stored only as its SHA-256; `status` holds pending, accepted,
 * expired or revoked, and a pending row past `expires_at` reads as expired.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'ir_director', 'ir_associate', 'is_associate'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'expired', 'revoked'] })
      .notNull()
      .default('pending'),
    accepted: boolean('accepted').notNull().default(false),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deleteReason: text('delete_reason'),
    resendCountLifetime: integer('resend_count_lifetime').notNull().default(0),
    /** The UTC day of the last resend and how many happened that day: the daily cap's counter. */
    resendDay: text('resend_day'),
    resendDayCount: integer('resend_day_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('user_invitations_token_hash_key').on(t.tokenHash),
    index('user_invitations_org_created_idx').on(t.orgId, t.createdAt),
    index('user_invitations_org_email_idx').on(t.orgId, t.email),
    check('user_invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('user_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'expired', 'revoked')`),
  ],
);

/** Single-use sign-in links and password resets, stored as SHA-256 of the token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['magic_link', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('magic_link', 'password_reset')`),
  ],
);

/**
 * Every mail Parley means to send, written in the transaction of the change that sends it, so a
 * failed delivery never loses what was to be sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id),
    createdAt: createdAt(),
    toEmail: text('to_email').notNull(),
    template: text('template').notNull(),
    category: text('category', { enum: ['transactional', 'weekly_reports', 'system_alerts'] }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** queued: waiting; sent: accepted by SMTP; stored: no SMTP configured; failed; suppressed: unsubscribed. */
    status: text('status', { enum: ['queued', 'sent', 'stored', 'failed', 'suppressed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    /**
     * The RFC 5322 message as handed to SMTP, written once before the first attempt: what an
     * evidence pack shows as sent (docs/decisions/031-evidence-packs.md). Null for mail queued
     * before it was kept and for suppressed mail.
     */
    rawMessage: text('raw_message'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the retry job may next try the row (issue: outbox retry). Null on a queued row nobody
     * has claimed yet (the job waits a minute for the sender's own attempt) and after the last try;
     * set to a lease while a delivery is under way and to the backoff after a failure.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_org_created_idx').on(t.orgId, t.createdAt),
    /** Mail to one address (stored lower-cased): erasure (docs/decisions/030-data-retention.md). */
    index('email_outbox_org_to_idx').on(t.orgId, t.toEmail),
    /** A delivery report names its mail by Message-ID (docs/decisions/039-email-delivery-webhook.md). */
    index('email_outbox_message_id_idx').on(t.messageId),
  ],
);

/** One row per delivery attempt or delivery report: the source of docs/product.md §3's email_events_v. */
export const emailEvents = pgTable(
  'email_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id),
    createdAt: createdAt(),
    actionType: text('action_type').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    template: text('template').notNull(),
    success: boolean('success').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    /**
     * The organisation's events newest first, keyset on (created_at, id): the events view and the
     * email health counts over 7 days (docs/decisions/039-email-delivery-webhook.md).
     */
    index('email_events_org_created_id_idx').on(t.orgId, t.createdAt, t.id),
    /** The events of one mail: erasure pseudonymises them with it (docs/decisions/030-data-retention.md). */
    index('email_events_outbox_idx').on(t.outboxId),
    /** Reports whose Message-ID matched no mail are kept without an organisation: counted for 24 hours. */
    index('email_events_orgless_created_idx').on(t.createdAt).where(sql`${t.orgId} is null`),
  ],
);

/**
 * One row per delivery webhook request that was verified (docs/decisions/039-email-delivery-webhook.md):
 * `status` 200 for one whose events were stored — its webhook-id is then taken, so a replay is
 * acknowledged without storing anything twice — or a 5xx when storing failed (the provider retries
 * that id, which the partial unique index lets through), counted for the health report's
 * webhook_5xx_count_24h. Not an organisation's row: one delivery may report mail of several.
 */
export const emailWebhookReceipts = pgTable(
  'email_webhook_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: text('webhook_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: smallint('status').notNull(),
    eventCount: integer('event_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('email_webhook_receipts_webhook_id_key').on(t.webhookId).where(sql`${t.status} < 500`),
    index('email_webhook_receipts_received_idx').on(t.receivedAt),
    check('email_webhook_receipts_status_check', sql`${t.status} between 200 and 599`),
  ],
);

/**
 * docs/product.md §3 Email preferences, per address: honoured by every mail that is not strictly
 * transactional.
 */
export const emailPreferences = pgTable('email_preferences', {
  email: text('email').primaryKey(),
  weeklyReportsEnabled: boolean('weekly_reports_enabled').notNull().default(true),
  systemAlertsEnabled: boolean('system_alerts_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** docs/product.md §3 User MFA TOTP: one authenticator per user; the secret sealed with AES-256-GCM. */
export const userMfaTotp = pgTable('user_mfa_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: createdAt(),
  /** Null until the first code is verified (enrolment finished). */
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  /** The last accepted time step: a code is accepted only for a later step, so never twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes, stored as keyed hashes only. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** Every MFA code attempt: the lockout counts recent failures, the security page counts the last hour. */
export const mfaAttempts = pgTable(
  'mfa_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
    kind: text('kind', { enum: ['totp', 'recovery', 'passkey'] }).notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [
    index('mfa_attempts_user_created_idx').on(t.userId, t.createdAt),
    index('mfa_attempts_org_created_idx').on(t.orgId, t.createdAt),
  ],
);

/** A user's MFA lockout: until when, and how many lockouts in a row (they escalate). */
export const mfaLockouts = pgTable('mfa_lockouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
  lockoutCount: integer('lockout_count').notNull(),
  lastLockoutAt: timestamp('last_lockout_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A passkey (WebAuthn credential) registered by a user (docs/decisions/057-passkeys.md): a second
 * factor wherever TOTP is one. The public key as COSE bytes; the signature counter only ever grows.
 */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('webauthn_credentials_credential_id_key').on(t.credentialId),
    index('webauthn_credentials_user_idx').on(t.userId),
  ],
);

/** A WebAuthn ceremony in flight: its challenge, single-use and short-lived, bound to one session. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_session_idx').on(t.sessionId)],
);

/**
 * An organisation's OpenID Connect provider (docs/decisions/056-single-sign-on.md): at most one. The
 * client secret sealed like TOTP secrets; members sign in with it when their e-mail's domain is allowed.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id),
    /** Shown as 'Sign in with {display_name}'. */
    displayName: text('display_name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Lower-cased e-mail domains; the sign-in page finds the provider by the domain typed. */
    allowedDomains: text('allowed_domains').array().notNull(),
    /** The ID token claim that carries the e-mail address. */
    emailClaim: text('email_claim').notNull().default('email'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_domains_idx').using('gin', t.allowedDomains)],
);

/** A user's identity at the organisation's provider (issuer and subject), linked to their account. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider gave when the identity was linked. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * An OpenID Connect sign-in or link in flight: the state's hash, the nonce and the PKCE verifier,
 * single-use (deleted when the provider returns) and short-lived.
 */
export const ssoFlows = pgTable('sso_flows', {
  stateHash: text('state_hash').primaryKey(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id),
  purpose: text('purpose', { enum: ['sign_in', 'link'] }).notNull(),
  /** The signed-in user linking an identity (purpose link). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Projects: the funds (docs/product.md §3). Every domain row carries org_id (docs/architecture.md Data
 * rules).
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    fundType: text('fund_type').notNull(),
    status: text('status', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_org_name_key').on(t.orgId, t.name),
    check('projects_status_check', sql`${t.status} in ('active', 'closed')`),
  ],
);

/** An uploaded fund document; its file lives in DATA_DIR/documents, its text in document_passages. */
export const projectDocuments = pgTable(
  'project_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** uploaded → indexing → indexed, or failed with `error` saying why. */
    status: text('status', { enum: ['uploaded', 'indexing', 'indexed', 'failed'] })
      .notNull()
      .default('uploaded'),
    error: text('error'),
    pageCount: integer('page_count'),
    passageCount: integer('passage_count').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    indexedAt: timestamp('indexed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Material non-public information (docs/decisions/053-non-public-documents.md): a draft citing the
     * document is flagged 'Selective disclosure' until `public_from` (never, when null) or until it is
     * marked public.
     */
    nonPublic: boolean('non_public').notNull().default(false),
    publicFrom: timestamp('public_from', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('project_documents_project_idx').on(t.projectId, t.createdAt),
    check(
      'project_documents_status_check',
      sql`${t.status} in ('uploaded', 'indexing', 'indexed', 'failed')`,
    ),
  ],
);

/** A passage of a document, remembering its page, indexed for full-text search (GIN on tsv). */
export const documentPassages = pgTable(
  'document_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => projectDocuments.id, { onDelete: 'cascade' }),
    page: integer('page'),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('english', text)`),
    /**
     * A single passage marked material non-public (docs/decisions/053-non-public-documents.md), like a
     * whole document: flagged 'Selective disclosure' when cited, until `public_from` or marked public.
     */
    nonPublic: boolean('non_public').notNull().default(false),
    publicFrom: timestamp('public_from', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('document_passages_tsv_idx').using('gin', t.tsv),
    index('document_passages_project_idx').on(t.projectId),
    index('document_passages_document_idx').on(t.documentId, t.ordinal),
  ],
);

/**
 * docs/product.md §3 investor_messages, with the organisation. Unknown statuses read as open (docs/product.md
 * §4).
 */
export const investorMessages = pgTable(
  'investor_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id').references(() => projects.id),
    investorName: text('investor_name').notNull(),
    investorEmail: text('investor_email').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    sentimentScore: real('sentiment_score'),
    status: text('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id),
    /**
     * The member who looks after the message (docs/decisions/050-triage-unread-and-owner.md): a member of the
     * same organisation, or null; set by PUT /api/messages/:id/owner and the bulk assign.
     */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The thread (docs/decisions/058-inbound-email.md): the id of its first message, which is the
     * message's own id for a new thread. The nil uuid default is replaced by the row's id by a trigger
     * (migration 0041), so every writer starts a thread without knowing the id beforehand.
     */
    threadId: uuid('thread_id').notNull().default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
    /**
     * Whether this is its thread's newest message: the inbox shows one card per thread, this one, and
     * counts only these (investor_message_counts' trigger); a message joining the thread clears it on the one before.
     */
    threadLatest: boolean('thread_latest').notNull().default(true),
    /** compose: logged by a member; email: received by Parley (docs/decisions/058-inbound-email.md). */
    source: text('source', { enum: ['compose', 'email'] })
      .notNull()
      .default('compose'),
    /**
     * Received from an address the organisation has no earlier message from and not in answer to
     * one of its replies: kept, and marked for the reader.
     */
    senderUnknown: boolean('sender_unknown').notNull().default(false),
    /**
     * The question's words, to find the fund's earlier answers to it (GIN below; the subject weighs
     * more than the body): docs/decisions/027-consistency-across-investors.md.
     */
    questionTsv: tsvector('question_tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', subject), 'A') || setweight(to_tsvector('english', body_text), 'B')`,
      ),
  },
  (t) => [
    index('investor_messages_question_tsv_idx').using('gin', t.questionTsv),
    index('investor_messages_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('investor_messages_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc(), t.id.desc()),
    index('investor_messages_project_idx').on(t.projectId, t.createdAt.desc()),
    /** A thread's messages in order (GET /api/messages/:id/thread). */
    index('investor_messages_thread_idx').on(t.threadId, t.createdAt, t.id),
    /**
     * An investor's messages by address: legal holds and erasure (docs/decisions/030-data-retention.md),
     * and the thread's investor panel, newest first (docs/product.md §2 Message detail).
     */
    index('investor_messages_org_email_created_idx').on(
      t.orgId,
      sql`lower(${t.investorEmail})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('investor_messages_name_trgm_idx').using('gin', sql`${t.investorName} gin_trgm_ops`),
    index('investor_messages_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
    check('investor_messages_source_check', sql`${t.source} in ('compose', 'email')`),
    check(
      'investor_messages_sentiment_check',
      sql`${t.sentimentScore} is null or (${t.sentimentScore} >= 0 and ${t.sentimentScore} <= 1)`,
    ),
  ],
);

/**
 * docs/product.md §3 ai_responses: every version of a reply draft. A version is never changed once written,
 * except its approval fields (final_response, approved_by, compliance_tag) set by the approval step.
 * `provenance` says how it was made: drafter, model, the passages given, a hash of the prompt.
 */
/**
 * A citation as a version stores it: the passage's id, document and page, relevance, and — since citations
 * kept them — the passage's text as cited and its document's id, so the record shows what was cited after
 * the document is re-indexed or deleted (docs/api.md, citations). Versions stored before lack both.
 */
export type StoredCitation = {
  id: string;
  doc_path: string;
  relevance: number;
  text?: string;
  document_id?: string | null;
};

export const aiResponses = pgTable(
  'ai_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    /** The message's fund, kept here so Analytics filters a period by fund without a lookup per row (decision 043). */
    projectId: uuid('project_id'),
    versionNumber: integer('version_number').notNull(),
    /** generated: written by a drafter; edited: saved by a person from an earlier version. */
    source: text('source', { enum: ['generated', 'edited'] }).notNull(),
    aiDraft: text('ai_draft').notNull(),
    finalResponse: text('final_response'),
    approvedBy: uuid('approved_by').references(() => users.id),
    complianceTag: text('compliance_tag'),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull(),
    provenance: jsonb('provenance').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** The last compliance check of this version's text: its flags, verdict and time. */
    complianceFlags: jsonb('compliance_flags').$type<Record<string, unknown>[]>(),
    requiresApproval: boolean('requires_approval'),
    complianceCheckedAt: timestamp('compliance_checked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The last check's second opinion: used, not_needed, unavailable or off; null when the check was
     * stored without one (docs/decisions/022-second-opinion.md).
     */
    complianceSecondOpinion: text('compliance_second_opinion', {
      enum: ['used', 'not_needed', 'unavailable', 'off'],
    }),
    /**
     * Approval is bound to the exact text: the SHA-256 of what was approved and sent
     * (docs/decisions/015-compliance-policy-and-approvals.md).
     */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedTextSha256: text('approved_text_sha256'),
    /** The approver's optional 1-5 rating of the draft, for analytics. */
    approvalRating: integer('approval_rating'),
    /** The reply e-mail to the investor, in the outbox. */
    sentEmailId: uuid('sent_email_id').references(() => emailOutbox.id),
    /**
     * Approved over unresolved high-severity flags: the approver's reason and those flags as the
     * server's check found them (docs/product.md §4 Approvals; listed by GET /api/approvals/overrides).
     */
    overrideReason: text('override_reason'),
    overrideFlags: jsonb('override_flags').$type<Record<string, unknown>[]>(),
    /**
     * The communication class the reply was sent as, and the distinct recipients of substantially the
     * same text in the 30 days before it that counted towards it, this investor included
     * (docs/decisions/054-communication-class.md); set with the approval.
     */
    communicationClass: text('communication_class', {
      enum: ['correspondence', 'retail', 'institutional'],
    }),
    classRecipients: integer('class_recipients'),
    /**
     * The sent text's MinHash signature, a character per hash (features/replies/text-signature.ts): an
     * estimate of its similarity to a new reply, read before pg_trgm computes the exact one.
     */
    textSignature: text('text_signature'),
    /**
     * The sent text as replies are compared: without the salutation and the organisation's
     * disclaimer block, which every reply shares (features/replies/communication-class.ts).
     */
    classText: text('class_text'),
  },
  (t) => [
    uniqueIndex('ai_responses_message_version_key').on(t.messageId, t.versionNumber),
    index('ai_responses_org_checked_idx').on(t.orgId, t.complianceCheckedAt),
    check(
      'ai_responses_approval_rating_check',
      sql`${t.approvalRating} is null or (${t.approvalRating} between 1 and 5)`,
    ),
    index('ai_responses_org_created_idx').on(t.orgId, t.createdAt),
    /** The replies approved and sent, newest first per message (decision 027 read them so before its bound). */
    index('ai_responses_sent_idx')
      .on(t.messageId, t.approvedAt.desc())
      .where(sql`${t.approvedAt} is not null and ${t.sentEmailId} is not null`),
    /**
     * A fund's replies approved and sent, newest first: the bounded search for earlier answers
     * (docs/decisions/027-consistency-across-investors.md).
     */
    index('ai_responses_fund_sent_idx')
      .on(t.orgId, t.projectId, t.approvedAt.desc(), t.id.desc())
      .where(
        sql`${t.approvedAt} is not null and ${t.sentEmailId} is not null and ${t.finalResponse} is not null`,
      ),
    /** Analytics: the replies approved in a period (docs/decisions/043-analytics.md). */
    index('ai_responses_org_approved_idx').on(t.orgId, t.approvedAt).where(sql`${t.approvedAt} is not null`),
    index('ai_responses_org_overrides_idx')
      .on(t.orgId, t.approvedAt.desc(), t.id.desc())
      .where(sql`${t.overrideReason} is not null`),
    check(
      'ai_responses_communication_class_check',
      sql`${t.communicationClass} is null or ${t.communicationClass} in ('correspondence', 'retail', 'institutional')`,
    ),
    check(
      'ai_responses_second_opinion_check',
      sql`${t.complianceSecondOpinion} is null or ${t.complianceSecondOpinion} in ('used', 'not_needed', 'unavailable', 'off')`,
    ),
  ],
);

/**
 * 'Not a problem here' (docs/product.md §2 Message detail): a flag of a checked version marked harmless
 * with a reason. Matched to later versions of the message by rule and the SHA-256 of the normalised
 * flagged sentence (features/replies/flagged-sentence.ts), so it follows the sentence, not the offsets.
 * Undo keeps the row (restored_at), so the Cleared flags list and the export read only live rows.
 */
export const flagDismissals = pgTable(
  'flag_dismissals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    /** The version it was made on. */
    responseId: uuid('response_id')
      .notNull()
      .references(() => aiResponses.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    rule: text('rule').notNull(),
    term: text('term').notNull(),
    severity: text('severity', { enum: ['high', 'medium', 'low'] }).notNull(),
    /** The flagged sentence as written, and the flagged span inside it. */
    sentence: text('sentence').notNull(),
    sentenceSha256: text('sentence_sha256').notNull(),
    spanStart: integer('span_start').notNull(),
    spanEnd: integer('span_end').notNull(),
    /** Why the checker flagged it, as the user read it when clearing. */
    rationale: text('rationale').notNull(),
    reason: text('reason').notNull(),
    dismissedBy: uuid('dismissed_by').references(() => users.id),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }).notNull(),
    restoredBy: uuid('restored_by').references(() => users.id),
    restoredAt: timestamp('restored_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('flag_dismissals_live_key')
      .on(t.messageId, t.rule, t.sentenceSha256)
      .where(sql`${t.restoredAt} is null`),
    index('flag_dismissals_org_live_idx')
      .on(t.orgId, t.dismissedAt, t.id)
      .where(sql`${t.restoredAt} is null`),
    check('flag_dismissals_severity_check', sql`${t.severity} in ('high', 'medium', 'low')`),
  ],
);

/**
 * One row per approved reply with what Analytics counts of it, written by Approve & Send in its
 * transaction (docs/decisions/043-analytics.md): when its message arrived and in which fund, whether it
 * was the message's first reply, approved without a Request Changes round, built from a template, its
 * rating and how long it waited in approval. A period's figures are then one range of
 * reply_outcomes_org_approved_idx, with no lookup per reply.
 */
export const replyOutcomes = pgTable(
  'reply_outcomes',
  {
    responseId: uuid('response_id')
      .primaryKey()
      .references(() => aiResponses.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }).notNull(),
    firstReply: boolean('first_reply').notNull(),
    firstPass: boolean('first_pass').notNull(),
    fromTemplate: boolean('from_template').notNull(),
    rating: smallint('rating'),
    /** Submission to approval; null when approved without a submission. */
    waitedSeconds: integer('waited_seconds'),
  },
  (t) => [index('reply_outcomes_org_approved_idx').on(t.orgId, t.approvedAt)],
);

/**
 * Every flag a stored check raised on a message, once per message, rule and term (lower-cased, as
 * compliance_tag names it), with the author of the version it was first raised on; and what became of
 * it when the message was answered: removed before sending (fixed), cleared as not a problem
 * (dismissed) or sent as written (sent). Written by the check and the approval in their own
 * transactions; read by Analytics bounded by the period (docs/decisions/043-analytics.md).
 */
export const flagOccurrences = pgTable(
  'flag_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => aiResponses.id, { onDelete: 'set null' }),
    /** The message's fund, as on ai_responses. */
    projectId: uuid('project_id'),
    rule: text('rule').notNull(),
    term: text('term').notNull(),
    severity: text('severity', { enum: ['high', 'medium', 'low'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id),
    raisedAt: timestamp('raised_at', { withTimezone: true, mode: 'date' }).notNull(),
    outcome: text('outcome', { enum: ['fixed', 'dismissed', 'sent'] }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('flag_occurrences_message_rule_term_key').on(t.messageId, t.rule, sql`lower(${t.term})`),
    index('flag_occurrences_org_raised_idx').on(t.orgId, t.raisedAt),
    index('flag_occurrences_org_outcome_idx').on(t.orgId, t.outcomeAt).where(sql`${t.outcome} is not null`),
    check('flag_occurrences_severity_check', sql`${t.severity} in ('high', 'medium', 'low')`),
    check(
      'flag_occurrences_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('fixed', 'dismissed', 'sent')`,
    ),
  ],
);

/**
 * docs/product.md §2 Settings: the signature drafts append and the notification toggles (all on by default).
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailSignature: text('email_signature').notNull().default(''),
  notifyMentions: boolean('notify_mentions').notNull().default(true),
  notifyApprovalRequests: boolean('notify_approval_requests').notNull().default(true),
  notifyComplianceFlags: boolean('notify_compliance_flags').notNull().default(true),
  notifyWeeklyDigest: boolean('notify_weekly_digest').notNull().default(true),
  /** An investor's e-mail joins a thread the member owns (docs/decisions/058-inbound-email.md). */
  notifyInvestorReplies: boolean('notify_investor_replies').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The unfinished 'Log investor message' form, one per member, kept on the server so it follows its
 * author to another device (docs/decisions/048-no-placeholders.md). Deleted when the message is
 * logged, discarded, or the investor's data is erased.
 */
export const composeDrafts = pgTable(
  'compose_drafts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    investorName: text('investor_name').notNull().default(''),
    investorEmail: text('investor_email').notNull().default(''),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The erasure finds an investor's drafts by e-mail within the organisation.
  (t) => [index('compose_drafts_org_email_idx').on(t.orgId, sql`lower(${t.investorEmail})`)],
);

/**
 * The organisation's changes to the compliance policy
 * (docs/decisions/015-compliance-policy-and-approvals.md): overrides of the built-in lexicon
 * terms and patterns of @parley/guardrails (is_builtin), and its own terms and patterns. The policy
 * the checker uses is the built-in defaults with these rows laid over them.
 */
export const complianceRules = pgTable(
  'compliance_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['term', 'pattern'] }).notNull(),
    /** A term's lower-cased text, or a pattern's id. */
    key: text('key').notNull(),
    name: text('name').notNull().default(''),
    /** A custom pattern's phrase (guardrails phrase syntax); null for terms and built-in patterns. */
    phrase: text('phrase'),
    severity: text('severity', { enum: ['high', 'medium', 'low'] }).notNull(),
    suggestion: text('suggestion').notNull().default(''),
    explanation: text('explanation').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    isBuiltin: boolean('is_builtin').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('compliance_rules_org_kind_key').on(t.orgId, t.kind, t.key),
    check('compliance_rules_kind_check', sql`${t.kind} in ('term', 'pattern')`),
    check('compliance_rules_severity_check', sql`${t.severity} in ('high', 'medium', 'low')`),
  ],
);

/** docs/product.md §2 Compliance center's disclaimer block and approval matrix, per organisation. */
export const complianceSettings = pgTable(
  'compliance_settings',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id),
    forwardLookingDisclaimer: text('forward_looking_disclaimer').notNull(),
    riskFactorTags: text('risk_factor_tags').array().notNull().default(sql`'{}'::text[]`),
    complianceContact: text('compliance_contact').notNull().default(''),
    /** Which roles may finalise a draft at each highest flag severity (none, low, medium, high). */
    approvalMatrix: jsonb('approval_matrix').$type<Record<string, string[]>>().notNull(),
    /** The claim check's unsupported-figure flag severity (docs/decisions/026-claim-check.md). */
    unsupportedFigureSeverity: text('unsupported_figure_severity', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    /** Four-eyes (docs/decisions/052-four-eyes.md): nobody finalises a reply they wrote or submitted. */
    fourEyes: boolean('four_eyes').notNull().default(false),
    /**
     * Per communication class, the approval path and who may override a high-severity flag
     * (docs/decisions/054-communication-class.md); null reads as the defaults in contracts.
     */
    classRules: jsonb('class_rules').$type<Record<string, unknown>>(),
    /** Share of correspondence sent without pre-approval drawn for supervisory review, 0–100. */
    reviewSamplePercent: smallint('review_sample_percent').notNull().default(10),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'compliance_settings_unsupported_figure_severity_check',
      sql`${t.unsupportedFigureSeverity} in ('high', 'medium', 'low')`,
    ),
    check('compliance_settings_review_sample_percent_check', sql`${t.reviewSamplePercent} between 0 and 100`),
  ],
);

/**
 * Approved reply templates that can be inserted into drafts (docs/product.md §2 Compliance center counts).
 */
export const responseTemplates = pgTable(
  'response_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('response_templates_org_title_idx').on(t.orgId, t.title)],
);

/**
 * The approved answer library (docs/decisions/028-answer-library.md): an answer to a question investors
 * ask, for one fund or all (project_id null), approved by a director or admin until `expires_at`, with an
 * owner who is reminded before and after it expires (once per state: `reminded_state`). `question_tsv`
 * is what the drafter matches a message against. `citations` keep each cited passage's text as it read
 * when the answer was approved. Archived answers are kept (archived_at) and never used.
 */
export const libraryAnswers = pgTable(
  'library_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    question: text('question').notNull(),
    questionTsv: tsvector('question_tsv').notNull().generatedAlwaysAs(sql`to_tsvector('english', question)`),
    answer: text('answer').notNull(),
    citations: jsonb('citations')
      .$type<{ id: string; doc_path: string; text: string; document_id?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sourceMessageId: uuid('source_message_id').references(() => investorMessages.id, {
      onDelete: 'set null',
    }),
    /** The last state its owner was reminded of: expiring (within 14 days) or expired; null since renewal. */
    remindedState: text('reminded_state', { enum: ['expiring', 'expired'] }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('library_answers_question_tsv_idx').using('gin', t.questionTsv).where(sql`${t.archivedAt} is null`),
    index('library_answers_org_title_idx').on(t.orgId, t.title, t.id).where(sql`${t.archivedAt} is null`),
    index('library_answers_expiry_idx').on(t.expiresAt).where(sql`${t.archivedAt} is null`),
    check(
      'library_answers_reminded_state_check',
      sql`${t.remindedState} is null or ${t.remindedState} in ('expiring', 'expired')`,
    ),
  ],
);

/**
 * The drift watch's 'Needs review' queue (docs/decisions/028-answer-library.md): written in the
 * transaction that re-indexes or deletes a document, one row per unsent draft (its latest version) or
 * library answer and per cited passage whose text changed or went; the old text is kept here because the
 * passage row is gone. `new_*` is the document's passage that reads most like it now (null: none).
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['draft', 'library_answer'] }).notNull(),
    documentId: uuid('document_id').references(() => projectDocuments.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    messageId: uuid('message_id').references(() => investorMessages.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => aiResponses.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number'),
    libraryAnswerId: uuid('library_answer_id').references(() => libraryAnswers.id, { onDelete: 'cascade' }),
    /** The cited passage (deleted: no foreign key) as it read. */
    oldPassageId: uuid('old_passage_id').notNull(),
    oldDocPath: text('old_doc_path').notNull(),
    oldText: text('old_text').notNull(),
    newPassageId: uuid('new_passage_id'),
    newDocPath: text('new_doc_path'),
    newText: text('new_text'),
    /** How alike the old and new texts are (0-1, shared words); null without a new passage. */
    similarity: real('similarity'),
    createdAt: createdAt(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('review_items_org_pending_idx').on(t.orgId, t.createdAt, t.id).where(sql`${t.reviewedAt} is null`),
    check('review_items_kind_check', sql`${t.kind} in ('draft', 'library_answer')`),
    check(
      'review_items_subject_check',
      sql`(${t.kind} = 'draft' and ${t.messageId} is not null) or (${t.kind} = 'library_answer' and ${t.libraryAnswerId} is not null)`,
    ),
  ],
);

/**
 * A draft version submitted for a director's approval (docs/product.md §4 Approvals). Bound to the exact text
 * by its
 * SHA-256: an edit while it is pending voids it. One pending request per message.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => aiResponses.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    textSha256: text('text_sha256').notNull(),
    /** pending → approved | changes_requested | voided (the draft was edited while pending). */
    status: text('status', { enum: ['pending', 'approved', 'changes_requested', 'voided'] })
      .notNull()
      .default('pending'),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    comment: text('comment'),
    rating: integer('rating'),
    /**
     * The queue's first sort key: the highest unresolved flag severity of the submitted version's stored
     * check (0 none, 1 low, 2 medium, 3 high), kept by reply-state.ts whenever that check is stored.
     */
    flagRank: smallint('flag_rank').notNull().default(0),
    /** The class the reply was submitted as, for the queue (docs/decisions/054-communication-class.md). */
    communicationClass: text('communication_class', {
      enum: ['correspondence', 'retail', 'institutional'],
    }),
  },
  (t) => [
    index('approval_requests_org_status_idx').on(t.orgId, t.status, t.submittedAt),
    // The queue: flagged first, then by age or newest (a btree serves one mix of directions each).
    index('approval_requests_queue_age_idx')
      .on(t.orgId, t.flagRank.desc(), t.submittedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_queue_newest_idx')
      .on(t.orgId, t.flagRank, t.submittedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_message_idx').on(t.messageId, t.submittedAt.desc()),
    uniqueIndex('approval_requests_one_pending_key').on(t.messageId).where(sql`${t.status} = 'pending'`),
    check(
      'approval_requests_status_check',
      sql`${t.status} in ('pending', 'approved', 'changes_requested', 'voided')`,
    ),
    check('approval_requests_rating_check', sql`${t.rating} is null or (${t.rating} between 1 and 5)`),
  ],
);

/** In-app notifications (docs/product.md §2 Layout): submissions to directors, decisions to associates. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    messageId: uuid('message_id').references(() => investorMessages.id, { onDelete: 'cascade' }),
    /** The library answer a reminder is about (docs/decisions/028-answer-library.md). */
    libraryAnswerId: uuid('library_answer_id').references(() => libraryAnswers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The inbox's tab counts (docs/decisions/016-inbox-tab-counts.md): rows of investor_messages per organisation
 * and status
 * (project_id null) and per fund and status. Kept by statement triggers on investor_messages
 * (migration 0010) in the writer's own transaction; never written by the app.
 */
export const investorMessageCounts = pgTable(
  'investor_message_counts',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('investor_message_counts_key').on(t.orgId, t.projectId, t.status).nullsNotDistinct()],
);

/**
 * Legal holds (docs/decisions/030-data-retention.md): while a hold is active (released_at null) nothing it
 * covers may be deleted or erased. `scope` says what it covers: one investor by lower-cased e-mail, one
 * fund, or everything of the organisation. A hold is released, never deleted: the list keeps who placed
 * and released it, when and why.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    scope: text('scope', { enum: ['investor', 'project', 'all'] }).notNull(),
    investorEmail: text('investor_email'),
    projectId: uuid('project_id').references(() => projects.id),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    releasedBy: uuid('released_by').references(() => users.id),
    releaseReason: text('release_reason'),
  },
  (t) => [
    index('legal_holds_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('legal_holds_org_active_idx').on(t.orgId, t.scope).where(sql`${t.releasedAt} is null`),
    check('legal_holds_scope_check', sql`${t.scope} in ('investor', 'project', 'all')`),
    check(
      'legal_holds_scope_target',
      sql`(${t.scope} = 'investor' and ${t.investorEmail} is not null and ${t.investorEmail} = lower(${t.investorEmail}) and ${t.projectId} is null)
        or (${t.scope} = 'project' and ${t.projectId} is not null and ${t.investorEmail} is null)
        or (${t.scope} = 'all' and ${t.investorEmail} is null and ${t.projectId} is null)`,
    ),
    check(
      'legal_holds_release_complete',
      sql`(${t.releasedAt} is null) = (${t.releasedBy} is null and ${t.releaseReason} is null)`,
    ),
  ],
);

/**
 * Erasure requests for an investor's personal data (docs/decisions/030-data-retention.md): what was done,
 * never to whom — the row holds the pseudonym and counts, not the e-mail or name it replaced.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    pseudonym: text('pseudonym').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: createdAt(),
    messagesPseudonymised: integer('messages_pseudonymised').notNull(),
    messagesRetained: integer('messages_retained').notNull(),
    emailsPseudonymised: integer('emails_pseudonymised').notNull(),
    emailsRetained: integer('emails_retained').notNull(),
    retainedUntil: timestamp('retained_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('erasure_requests_org_created_idx').on(t.orgId, t.createdAt.desc())],
);

/**
 * When each session last read each investor thread (docs/decisions/032-recording-thread-opens.md):
 * reading correspondence is audited (message_opened) once per reading, not per refresh. A read within
 * THREAD_READING_IDLE_MINUTES of the session's last read of the thread only moves `last_read_at`; a
 * read after a longer pause is a new opening. Gone with the session or the message.
 */
export const threadReads = pgTable(
  'thread_reads',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.messageId] }),
    index('thread_reads_message_idx').on(t.messageId),
  ],
);

/**
 * Which member has read which message (docs/decisions/050-triage-unread-and-owner.md): a row once the member
 * opened the thread, so a message without the caller's row is unread for them. The key serves the inbox's
 * per-row EXISTS probe; `org_id` keeps every domain row partitionable by organisation.
 */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    /** A message's deletion cascades here: without it each deleted message would scan the table. */
    index('message_reads_message_idx').on(t.messageId),
  ],
);

/**
 * Generated reports (docs/product.md §2 Reports; docs/decisions/044-reports.md): a request queued by a
 * member, generated in the background by the reports job, its PDF and CSV stored here with their sizes
 * and SHA-256. `progress` 0–100 while running; `error` says why a failed one failed. `heartbeat_at` moves
 * with every progress step, so a row left `running` by a crash is found and failed (then retried).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type', { enum: ['management', 'compliance', 'productivity'] }).notNull(),
    /** The period's first and last day, both inclusive, UTC. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** One fund, or null for all of the organisation's funds. */
    projectId: uuid('project_id').references(() => projects.id),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    /** Null for a report the monthly schedule made. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    pdf: bytea('pdf'),
    csv: bytea('csv'),
    pdfSize: integer('pdf_size'),
    csvSize: integer('csv_size'),
    pdfSha256: text('pdf_sha256'),
    csvSha256: text('csv_sha256'),
  },
  (t) => [
    /** The Reports list, newest first, keyset on (created_at, id). */
    index('reports_org_created_id_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    /** The job's queue and its crash sweep: only unfinished rows. */
    index('reports_unfinished_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('reports_type_check', sql`${t.type} in ('management', 'compliance', 'productivity')`),
    check('reports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('reports_progress_check', sql`${t.progress} between 0 and 100`),
    check('reports_period_check', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

/**
 * The organisation's monthly reports (docs/decisions/044-reports.md): on the 1st of each month (UTC) the
 * reports job generates the previous month's reports of `types` and mails `recipient_ids` a link to the
 * Reports page. `last_period_start` is the first day of the last month sent, so a run missed on the
 * 1st is made up later and a month is never sent twice.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(false),
    types: text('types').array().notNull().default(sql`'{}'::text[]`),
    recipientIds: uuid('recipient_ids').array().notNull().default(sql`'{}'::uuid[]`),
    lastPeriodStart: date('last_period_start', { mode: 'string' }),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    /** The job's question: which enabled schedules are behind (few rows; the index keeps it cheap). */
    index('report_schedules_due_idx').on(t.lastPeriodStart).where(sql`${t.enabled}`),
    check(
      'report_schedules_types_check',
      sql`${t.types} <@ array['management', 'compliance', 'productivity']::text[]`,
    ),
  ],
);

/**
 * What Parley knows of an investor beyond their messages, by address per organisation: their type,
 * which decides the communication class of a reply (docs/decisions/054-communication-class.md).
 * An investor without a row is treated as retail, the strictest type.
 */
export const investorProfiles = pgTable(
  'investor_profiles',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** Lower-cased, as investor_messages are matched by lower(investor_email). */
    email: text('email').notNull(),
    investorType: text('investor_type', { enum: ['retail', 'accredited', 'institutional'] }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.email] }),
    check(
      'investor_profiles_type_check',
      sql`${t.investorType} in ('retail', 'accredited', 'institutional')`,
    ),
    check('investor_profiles_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Supervisory review (docs/decisions/055-supervisory-review.md): a reply sent without pre-approval,
 * drawn for a director's review after sending — every flagged one, and a sample of the rest.
 */
export const supervisoryReviews = pgTable(
  'supervisory_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => aiResponses.id, { onDelete: 'cascade' }),
    /** flagged: it had flags when sent; sampled: drawn at the organisation's sample rate. */
    reason: text('reason', { enum: ['flagged', 'sampled'] }).notNull(),
    status: text('status', { enum: ['pending', 'signed_off'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('supervisory_reviews_response_key').on(t.responseId),
    index('supervisory_reviews_org_status_created_idx').on(
      t.orgId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    check('supervisory_reviews_reason_check', sql`${t.reason} in ('flagged', 'sampled')`),
    check('supervisory_reviews_status_check', sql`${t.status} in ('pending', 'signed_off')`),
  ],
);

/**
 * Every e-mail Parley received for an organisation, whatever became of it (docs/decisions/058-inbound-email.md):
 * the raw RFC 5322 message as it arrived (the record of what the investor sent), how it came in, and the
 * outcome: a new thread, a message joining one, or an auto-reply or bounce kept out of the inbox. One row
 * per Message-ID per organisation: a second delivery of the same mail is recognised and stored nothing.
 */
export const inboundEmails = pgTable(
  'inbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    via: text('via', { enum: ['webhook', 'smtp'] }).notNull(),
    /** The Message-ID header as received, or one made from the message's SHA-256 when it had none. */
    rfcMessageId: text('rfc_message_id').notNull(),
    /** The From address (lower-cased), and the envelope sender when it came by SMTP ('' for a bounce's <>). */
    fromAddress: text('from_address').notNull(),
    envelopeFrom: text('envelope_from'),
    subject: text('subject').notNull(),
    outcome: text('outcome', { enum: ['new_thread', 'threaded', 'auto_reply', 'bounce'] }).notNull(),
    /** The message it became; null for an auto-reply or a bounce, and once the message is erased. */
    messageId: uuid('message_id').references(() => investorMessages.id, { onDelete: 'set null' }),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The message byte for byte; null once erased (docs/decisions/030-data-retention.md). */
    raw: bytea('raw'),
  },
  (t) => [
    uniqueIndex('inbound_emails_org_message_id_key').on(t.orgId, t.rfcMessageId),
    index('inbound_emails_org_received_idx').on(t.orgId, t.receivedAt.desc(), t.id.desc()),
    index('inbound_emails_message_idx').on(t.messageId),
    index('inbound_emails_org_from_idx').on(t.orgId, t.fromAddress),
    check(
      'inbound_emails_outcome_check',
      sql`${t.outcome} in ('new_thread', 'threaded', 'auto_reply', 'bounce')`,
    ),
    check('inbound_emails_via_check', sql`${t.via} in ('webhook', 'smtp')`),
  ],
);

/**
 * A file that came with an investor's e-mail (docs/decisions/058-inbound-email.md): kept in
 * DATA_DIR/attachments under `storage_key`, downloaded only as an attachment, never shown inline;
 * a PDF or DOCX may be added to the fund's documents (`document_id`).
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => investorMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The type the content was recognised as (not the sender's word for it). */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    documentId: uuid('document_id').references(() => projectDocuments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId, t.createdAt)],
);

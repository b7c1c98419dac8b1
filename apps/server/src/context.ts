import { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database, DatabaseKind, Db } from './db/client';
import { type SecondOpinion, secondOpinionFromConfig } from './features/compliance/second-opinion';
import type { Drafter } from './features/drafts/drafter';
import { drafterFromConfig } from './features/drafts/drafter-from-config';
import type { Mailer } from './features/email/mailer';
import { deriveUnsubscribeKey } from './features/email/unsubscribe-token';
import { type DocumentExtractor, sharedDocumentExtractor } from './features/projects/document-extractor';
import type { AuditSigner } from './lib/audit-signer';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import type { Logger } from './lib/logger';

/**
 * Everything a service may use besides the caller and the input: built once by the composition root
 * (`createServiceContext`) and passed to every service as `ctx`. Services that need less declare a
 * `Pick<ServiceContext, …>`, so tests and the seed can hand them just that.
 */
export type ServiceContext = {
  config: Config;
  db: Db;
  databaseKind: DatabaseKind;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** The public origin links in e-mails point at (config.appOrigin). */
  appOrigin: string;
  /** ENCRYPTION_KEY as bytes: TOTP secrets are sealed with it. */
  encryptionKey: Buffer;
  /** Derived from the encryption key: signs unsubscribe links. */
  unsubscribeKey: Buffer;
  /** Signs audit checkpoints; kept outside the database (docs/decisions/034-audit-signing-key.md). */
  auditSigner: AuditSigner;
  /** Where uploaded fund documents are stored (under DATA_DIR). */
  documentsRoot: string;
  /** DATA_DIR/attachments: investors' e-mail attachments (docs/decisions/058-inbound-email.md). */
  attachmentsRoot: string;
  /** Reads the text of uploaded documents in a worker, one at a time (docs/decisions/037-untrusted-files.md). */
  documentExtractor: DocumentExtractor;
  /** Writes reply drafts (docs/decisions/014-drafters.md). */
  drafter: Drafter;
  /** The compliance check's optional model opinion (docs/decisions/022-second-opinion.md); null when off. */
  secondOpinion: SecondOpinion | null;
  /** Session checks reused for a few seconds (docs/decisions/046-session-cache.md). */
  sessionCache: SessionCache;
};

export type ServiceContextInput = {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  encryptionKey: Buffer;
  auditSigner: AuditSigner;
  clock?: Clock;
  drafter?: Drafter;
  secondOpinion?: SecondOpinion | null;
  /** Other limits than the process's shared extractor (tests of the time and memory limits). */
  documentExtractor?: DocumentExtractor;
  /** The process's session cache (main.ts starts it with the server); by default one of the app's own. */
  sessionCache?: SessionCache;
};

/** The composition root: derived values are computed here once. */
export function createServiceContext(input: ServiceContextInput): ServiceContext {
  return {
    config: input.config,
    db: input.database.db,
    databaseKind: input.database.kind,
    clock: input.clock ?? systemClock,
    logger: input.logger,
    mailer: input.mailer,
    appOrigin: input.config.appOrigin,
    encryptionKey: input.encryptionKey,
    unsubscribeKey: deriveUnsubscribeKey(input.encryptionKey),
    auditSigner: input.auditSigner,
    documentsRoot: input.config.documentsDir,
    attachmentsRoot: input.config.attachmentsDir,
    documentExtractor: input.documentExtractor ?? sharedDocumentExtractor(),
    drafter: input.drafter ?? drafterFromConfig(input.config),
    secondOpinion:
      input.secondOpinion === undefined ? secondOpinionFromConfig(input.config) : input.secondOpinion,
    sessionCache: input.sessionCache ?? new SessionCache({ database: input.database, logger: input.logger }),
  };
}

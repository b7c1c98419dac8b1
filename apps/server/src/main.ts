import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createOutboxMailer, createSmtpMailer } from './features/email/mailer';
import { deriveUnsubscribeKey } from './features/email/unsubscribe-token';
import { buildEmailHealthReport } from './features/email-health/email-health.service';
import { sharedDocumentExtractor } from './features/projects/document-extractor';
import { RealtimeHub } from './features/realtime/realtime.hub';
import { issueSetupToken } from './features/setup/setup.service';
import { startJobs } from './jobs';
import { loadAuditSigner } from './lib/audit-signer';
import { systemClock } from './lib/clock';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { loadEncryptionKey } from './lib/secrets';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  await database.migrate();

  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (!hasWeb) logger.warn('the web app is not built (npm run build): serving the API only');
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ from: config.mailFrom, announce: (line) => logger.info(line) });
  const encryptionKey = loadEncryptionKey(config, logger);
  const auditSigner = loadAuditSigner(config, logger);
  logger.info('audit checkpoints are signed', { keyId: auditSigner.keyId });
  // One LISTEN per process feeds every event stream (docs/architecture.md Realtime).
  const realtime = new RealtimeHub({ database, logger });
  await realtime.start();
  const app = createApp({
    config,
    database,
    logger,
    mailer,
    encryptionKey,
    auditSigner,
    realtime,
    ...(hasWeb ? { webDist } : {}),
  });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    logger.info('Parley is listening', { url: config.appOrigin, port: info.port, database: database.kind });
  });

  // Outbox retry and sweep (decision 017): each run takes an advisory lock, so one instance runs it.
  const stopJobs = startJobs({
    db: database.db,
    clock: systemClock,
    mailer,
    logger,
    appOrigin: config.appOrigin,
    unsubscribeKey: deriveUnsubscribeKey(encryptionKey),
    auditSigner,
    config,
    emailHealthStatus: async (orgId) =>
      (await buildEmailHealthReport({ db: database.db, clock: systemClock, config }, orgId)).overall_status,
  });

  const setupToken = await issueSetupToken({ db: database.db, clock: systemClock });
  if (setupToken) {
    process.stdout.write(
      [
        '',
        'Parley has no users yet. Open this one-time link to create your organisation and its first admin',
        '(valid 24 hours; restarting prints a new one and voids this):',
        `  ${config.appOrigin}/setup?token=${setupToken}`,
        'Or stop the server and load the demo organisation: npm run seed:demo',
        '',
      ].join('\n'),
    );
  }

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    // Open event streams would keep server.close() waiting: end them with the listener. A document
    // being extracted is dropped with its worker (docs/decisions/037-untrusted-files.md).
    Promise.all([realtime.stop(), stopJobs(), sharedDocumentExtractor().close()])
      .catch(() => {})
      .finally(() => {
        server.close(() => {
          database.close().finally(() => process.exit(0));
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Parley failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

import { DOCUMENT_MAX_BYTES, EMAIL_WEBHOOK_MAX_BYTES, INBOUND_EMAIL_MAX_BYTES } from '@parley/contracts';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { forgetSessionsAfterWrites, policyGuard } from './auth/guards';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import { createServiceContext } from './context';
import type { Database } from './db/client';
import { registerAdminRoutes } from './features/admin/admin.routes';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes';
import { registerAnswerLibraryRoutes } from './features/answer-library/answer-library.routes';
import { registerAttachmentRoutes } from './features/attachments/attachments.routes';
import { registerAuditRoutes } from './features/audit/audit.routes';
import { registerAuditLogRoutes } from './features/audit/audit-log.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerAuthLinkRoutes } from './features/auth-links/auth-links.routes';
import { registerComplianceRoutes } from './features/compliance/compliance.routes';
import type { SecondOpinion } from './features/compliance/second-opinion';
import { registerComposeDraftRoutes } from './features/compose-drafts/compose-drafts.routes';
import { registerDisclosureRoutes } from './features/disclosures/disclosures.routes';
import type { Drafter } from './features/drafts/drafter';
import { registerDriftWatchRoutes } from './features/drift-watch/drift-watch.routes';
import { registerEmailEventRoutes } from './features/email/email-events.routes';
import { registerEmailWebhookRoutes } from './features/email/email-webhook.routes';
import type { Mailer } from './features/email/mailer';
import { registerUnsubscribeRoutes } from './features/email/unsubscribe.routes';
import { registerEmailHealthRoutes } from './features/email-health/email-health.routes';
import { registerEvidenceRoutes } from './features/evidence/evidence.routes';
import { registerInboundEmailRoutes } from './features/inbound-email/inbound-email.routes';
import { registerInvitationRoutes } from './features/invitations/invitations.routes';
import { registerMessageRoutes } from './features/messages/messages.routes';
import { registerMfaRoutes } from './features/mfa/mfa.routes';
import { registerNotificationRoutes } from './features/notifications/notifications.routes';
import { registerPasskeyRoutes } from './features/passkeys/passkeys.routes';
import { registerProfileRoutes } from './features/profile/profile.routes';
import type { DocumentExtractor } from './features/projects/document-extractor';
import { registerPassageRoutes } from './features/projects/passages.routes';
import { registerProjectRoutes } from './features/projects/projects.routes';
import { RealtimeHub } from './features/realtime/realtime.hub';
import { registerRealtimeRoutes } from './features/realtime/realtime.routes';
import type { RealtimeTiming } from './features/realtime/realtime-timing';
import { registerEarlierAnswerRoutes } from './features/replies/earlier-answers.routes';
import { registerFlagDismissalRoutes } from './features/replies/flag-dismissals.routes';
import { registerLibraryAnswerDraftRoutes } from './features/replies/library-answer-draft.routes';
import { registerReplyRoutes } from './features/replies/replies.routes';
import { registerReportRoutes } from './features/reports/reports.routes';
import { registerRetentionRoutes } from './features/retention/retention.routes';
import { registerSecurityRoutes } from './features/security/security.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { registerSetupRoutes } from './features/setup/setup.routes';
import { registerSsoRoutes } from './features/sso/sso.routes';
import { registerSupervisoryReviewRoutes } from './features/supervisory-review/supervisory-review.routes';
import { registerSystemRoutes } from './features/system/system.routes';
import { registerTriageRoutes } from './features/triage/triage.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { registerWeeklyReportRoutes } from './features/weekly-report/weekly-report.routes';
import { clientAddress } from './http/client-address';
import { apiNotFound, createErrorHandler } from './http/errors';
import { assertEveryRouteHasPolicy } from './http/policy';
import { createApiRouter, type RouteDeps } from './http/router';
import {
  INBOUND_EMAIL_WEBHOOK_PATH,
  isDocumentUpload,
  noStore,
  SIGNED_WEBHOOK_PATHS,
  sameOriginOnly,
  securityHeaders,
} from './http/security';
import { BUILD_HEADER, loadWebApp, serveWebApp } from './http/web-app';
import type { AuditSigner } from './lib/audit-signer';
import type { Clock } from './lib/clock';
import { AppError } from './lib/errors';
import type { Logger } from './lib/logger';

export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  clock?: Clock;
  mailer: Mailer;
  encryptionKey: Buffer;
  /** Signs audit checkpoints (main.ts loads it: loadAuditSigner). */
  auditSigner: AuditSigner;
  /** The reply drafter; by default chosen from config (docs/decisions/014-drafters.md). */
  drafter?: Drafter;
  /** The compliance second opinion; by default from config (docs/decisions/022-second-opinion.md). */
  secondOpinion?: SecondOpinion | null;
  /** Reads uploaded documents' text; by default the process's one (docs/decisions/037-untrusted-files.md). */
  documentExtractor?: DocumentExtractor;
  /** The built SPA (apps/web/dist); without it only the API is served. */
  webDist?: string;
  /**
   * The process's realtime hub (main.ts starts and stops it); without one the app makes its own,
   * which starts listening on the first event stream.
   */
  realtime?: RealtimeHub;
  realtimeTiming?: RealtimeTiming;
  /** The process's session cache (main.ts starts it); without one the app makes its own. */
  sessionCache?: SessionCache;
};

/** JSON bodies of ordinary API calls; uploads and webhooks set their own caps. */
const API_BODY_LIMIT_BYTES = 64 * 1024;
/** A fund document (decision 013) plus room for the multipart envelope. */
const UPLOAD_BODY_LIMIT_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

/** The whole HTTP application. No I/O happens here, so tests build as many as they like. */
export function createApp(deps: AppDeps) {
  const routeDeps: RouteDeps = {
    ...createServiceContext(deps),
    realtime: deps.realtime ?? new RealtimeHub({ database: deps.database, logger: deps.logger }),
    ...(deps.realtimeTiming ? { realtimeTiming: deps.realtimeTiming } : {}),
  };
  const app = createApiRouter();
  const web = deps.webDist ? loadWebApp(deps.webDist) : null;

  app.use('*', requestId());
  if (web?.buildId) {
    const buildId = web.buildId;
    app.use('*', async (c, next) => {
      await next();
      c.header(BUILD_HEADER, buildId);
    });
  }
  app.use('*', clientAddress({ trustProxyHops: deps.config.trustProxyHops }));
  app.use('*', securityHeaders({ isHttps: deps.config.isHttps }));
  app.use('/api/*', noStore);
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  const uploadBodyLimit = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('DOCUMENT_TOO_LARGE');
    },
  });
  // Delivery reports (decision 039): 128 KB, counted as the bytes arrive, refused before anything parses them.
  const webhookBodyLimit = bodyLimit({
    maxSize: EMAIL_WEBHOOK_MAX_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // Investors' e-mail (decision 058): the whole message, refused by its Content-Length or as it arrives.
  const inboundEmailBodyLimit = bodyLimit({
    maxSize: INBOUND_EMAIL_MAX_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // The one route-aware place for body caps: document uploads and webhooks get theirs, everything else 64 KB.
  app.use('/api/*', (c, next) => {
    if (isDocumentUpload(c.req.method, c.req.path)) return uploadBodyLimit(c, next);
    if (c.req.path === INBOUND_EMAIL_WEBHOOK_PATH) return inboundEmailBodyLimit(c, next);
    if (SIGNED_WEBHOOK_PATHS.has(c.req.path)) return webhookBodyLimit(c, next);
    return apiBodyLimit(c, next);
  });
  app.use('/api/*', sameOriginOnly({ appOrigin: deps.config.appOrigin }));
  app.use('/api/*', forgetSessionsAfterWrites(routeDeps));
  app.use('/api/*', policyGuard(routeDeps));

  registerSystemRoutes(app, routeDeps);
  registerAuthRoutes(app, routeDeps);
  registerAuthLinkRoutes(app, routeDeps);
  registerMfaRoutes(app, routeDeps);
  registerSsoRoutes(app, routeDeps);
  registerPasskeyRoutes(app, routeDeps);
  registerProfileRoutes(app, routeDeps);
  registerAuditRoutes(app, routeDeps);
  registerAnalyticsRoutes(app, routeDeps);
  registerAuditLogRoutes(app, routeDeps);
  registerEvidenceRoutes(app, routeDeps);
  registerSetupRoutes(app, routeDeps);
  registerInvitationRoutes(app, routeDeps);
  registerAdminRoutes(app, routeDeps);
  registerWeeklyReportRoutes(app, routeDeps);
  registerUserRoutes(app, routeDeps);
  registerProjectRoutes(app, routeDeps);
  registerPassageRoutes(app, routeDeps);
  registerDisclosureRoutes(app, routeDeps);
  registerSecurityRoutes(app, routeDeps);
  registerRetentionRoutes(app, routeDeps);
  registerUnsubscribeRoutes(app, routeDeps);
  registerEmailWebhookRoutes(app, routeDeps);
  registerInboundEmailRoutes(app, routeDeps);
  registerEmailEventRoutes(app, routeDeps);
  registerEmailHealthRoutes(app, routeDeps);
  registerMessageRoutes(app, routeDeps);
  registerAttachmentRoutes(app, routeDeps);
  registerComposeDraftRoutes(app, routeDeps);
  registerTriageRoutes(app, routeDeps);
  registerReplyRoutes(app, routeDeps);
  registerFlagDismissalRoutes(app, routeDeps);
  registerEarlierAnswerRoutes(app, routeDeps);
  registerComplianceRoutes(app, routeDeps);
  registerAnswerLibraryRoutes(app, routeDeps);
  registerLibraryAnswerDraftRoutes(app, routeDeps);
  registerDriftWatchRoutes(app, routeDeps);
  registerSupervisoryReviewRoutes(app, routeDeps);
  registerRealtimeRoutes(app, routeDeps);
  registerSettingsRoutes(app, routeDeps);
  registerNotificationRoutes(app, routeDeps);
  registerReportRoutes(app, routeDeps);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Parley API', version: '1' },
  });
  app.all('/api/*', apiNotFound);

  if (web) serveWebApp(app, web);

  app.onError(createErrorHandler(deps.logger));
  assertEveryRouteHasPolicy(app.routes);
  return app;
}

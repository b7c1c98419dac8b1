import type { Capability } from '@parley/contracts';

/** `public`: no session; `signed-in`: any member with a readable role; else the capability needed. */
export type Access = 'public' | 'signed-in' | Capability;

/**
 * Every API route and who may call it: the one place access is decided (deny by default).
 * A route missing here fails the start (see assertEveryRouteHasPolicy).
 */
export const ROUTE_POLICIES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  /** Idempotent: signing out without a live session still clears the cookie. */
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/session': 'signed-in',
  /** Magic links and password recovery: the e-mailed single-use token is the credential. */
  'POST /api/auth/magic-link': 'public',
  'POST /api/auth/magic-link/consume': 'public',
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset/complete': 'public',
  /** Analytics (docs/decisions/043-analytics.md): directors and admins read; admins set the target. */
  'GET /api/analytics': 'reporting.read',
  'GET /api/analytics/messages': 'reporting.read',
  'GET /api/analytics/response-target': 'reporting.read',
  'PUT /api/analytics/response-target': 'admin.manage',
  'GET /api/audit/verify': 'audit.verify',
  /** The Audit Logs screen (docs/product.md §2, the Reporting group): list, entry and the export. */
  'GET /api/audit/entries': 'reporting.read',
  'GET /api/audit/entries/:id': 'reporting.read',
  'GET /api/audit/export': 'reporting.read',
  'GET /api/audit/members': 'reporting.read',
  /** Signed checkpoints and the last verification (docs/audit-format.md): whoever may verify. */
  'GET /api/audit/verifications/latest': 'audit.verify',
  'POST /api/audit/checkpoints': 'audit.verify',
  'GET /api/audit/checkpoints/latest': 'audit.verify',
  'GET /api/audit/public-key': 'audit.verify',
  /** Reports (docs/product.md §2 Reports, the Reporting group; docs/decisions/044-reports.md). */
  'GET /api/reports': 'reporting.read',
  'POST /api/reports': 'reporting.read',
  'GET /api/reports/:id': 'reporting.read',
  'GET /api/reports/:id/download': 'reporting.read',
  'POST /api/reports/:id/retry': 'reporting.read',
  /** The monthly reports and their recipients: an admin's setting (docs/decisions/044-reports.md). */
  'GET /api/admin/report-schedule': 'admin.manage',
  'PUT /api/admin/report-schedule': 'admin.manage',
  /** Evidence packs (docs/decisions/031-evidence-packs.md): whoever may verify the chain. */
  'GET /api/messages/:id/evidence': 'audit.verify',
  'GET /api/audit/evidence': 'audit.verify',
  /** One's own unfinished 'Log investor message' form: whoever may log messages. */
  'GET /api/compose-draft': 'messages.write',
  'PUT /api/compose-draft': 'messages.write',
  'DELETE /api/compose-draft': 'messages.write',
  /** Holder of the first-start link; refused once any user exists. */
  'POST /api/setup': 'public',
  /** Whether that link still has anything to do: /setup says so before asking for the form. */
  'GET /api/setup': 'public',
  /** Invitations (docs/product.md §2 Invite user): the Administration group. */
  'POST /api/invitations': 'admin.manage',
  'GET /api/invitations': 'admin.manage',
  'POST /api/invitations/:id/resend': 'admin.manage',
  'POST /api/invitations/:id/link': 'admin.manage',
  'DELETE /api/invitations/:id': 'admin.manage',
  'POST /api/invitations/bulk': 'admin.manage',
  /** The invitation link is the credential; preview consumes nothing, accept consumes it once. */
  'POST /api/invitations/preview': 'public',
  'POST /api/invitations/accept': 'public',
  /** docs/product.md §4 step 6: a signed-in user accepts an invitation sent to their own address. */
  'POST /api/invitations/accept-existing': 'signed-in',
  /** docs/product.md §7 auth-verify-invite: asked before signing in; limited per client address. */
  'POST /api/auth/verify-invite': 'public',
  /**
   * The Admin panel (docs/product.md §2 Layout, Administration): system health and the organisation's
   * members.
   */
  'GET /api/admin/system-health': 'admin.manage',
  'GET /api/admin/integrations': 'admin.manage',
  /** The weekly report's schedule (docs/decisions/041-weekly-report-schedule.md). */
  'GET /api/admin/weekly-report': 'admin.manage',
  'PUT /api/admin/weekly-report': 'admin.manage',
  'GET /api/users': 'admin.manage',
  'PATCH /api/users/:id/role': 'admin.manage',
  'POST /api/users/:id/deactivate': 'admin.manage',
  'POST /api/users/:id/reactivate': 'admin.manage',
  /**
   * Security settings (docs/product.md §2, §7 health/auth-mfa and system_config): the Administration group.
   */
  'GET /api/health/auth-mfa': 'admin.manage',
  'GET /api/system-config': 'admin.manage',
  'PATCH /api/system-config': 'admin.manage',
  /** Single sign-on's provider (docs/decisions/056-single-sign-on.md): the admins' setting. */
  'GET /api/security/sso': 'admin.manage',
  'PUT /api/security/sso': 'admin.manage',
  'DELETE /api/security/sso': 'admin.manage',
  'GET /api/security/sso-break-glass': 'admin.manage',
  'PUT /api/security/sso-break-glass': 'admin.manage',
  'POST /api/admin/test-magic-link': 'admin.manage',
  'GET /api/admin/mfa-status': 'admin.manage',
  'POST /api/users/:id/mfa/reset': 'admin.manage',
  /** The Email health monitor's recent events (docs/product.md §2): delivery of the organisation's mail. */
  'GET /api/admin/email-events': 'admin.manage',
  'GET /api/admin/email-health': 'admin.manage',
  'POST /api/admin/email-health/live-test': 'admin.manage',
  /** The organisation's inbound address and the e-mail received (docs/decisions/058-inbound-email.md): as Email health. */
  'GET /api/email/inbound': 'admin.manage',
  /**
   * Data retention (docs/decisions/030-data-retention.md): the Admin panel's Data Retention tile — the
   * period, legal holds and erasure requests are the admins'.
   */
  'GET /api/retention': 'admin.manage',
  'PATCH /api/retention': 'admin.manage',
  'GET /api/retention/holds': 'admin.manage',
  'POST /api/retention/holds': 'admin.manage',
  'POST /api/retention/holds/:id/release': 'admin.manage',
  'POST /api/retention/erasure-preview': 'admin.manage',
  'POST /api/retention/erasures': 'admin.manage',
  /** MFA: one's own authenticator, codes and recovery codes. */
  'GET /api/mfa/status': 'signed-in',
  'POST /api/mfa/totp/setup': 'signed-in',
  'POST /api/mfa/totp/verify-enrollment': 'signed-in',
  'POST /api/mfa/totp/verify-login': 'signed-in',
  'POST /api/mfa/step-up': 'signed-in',
  'DELETE /api/mfa/totp': 'signed-in',
  'POST /api/mfa/recovery-codes': 'signed-in',
  /**
   * Passkeys, one's own (docs/decisions/057-passkeys.md): registering is a first factor at enrolment or
   * needs a recent verification; authenticating finishes MFA or steps up.
   */
  'GET /api/mfa/passkeys': 'signed-in',
  'POST /api/mfa/passkeys/registration/options': 'signed-in',
  'POST /api/mfa/passkeys/registration': 'signed-in',
  'POST /api/mfa/passkeys/authentication/options': 'signed-in',
  'POST /api/mfa/passkeys/authentication': 'signed-in',
  'PATCH /api/mfa/passkeys/:id': 'signed-in',
  'DELETE /api/mfa/passkeys/:id': 'signed-in',
  /** Settings: one's own sessions; another user's is a 404. */
  /**
   * Single sign-on (docs/decisions/056-single-sign-on.md): the sign-in page's lookup and the flow are
   * public (limited per client address; the state, single-use and bound to the browser, is the
   * credential); one's own linked identities.
   */
  'GET /api/auth/sso': 'public',
  'GET /api/auth/sso/start': 'public',
  'GET /api/auth/sso/callback': 'public',
  'GET /api/auth/identities': 'signed-in',
  'POST /api/auth/identities/link': 'signed-in',
  'DELETE /api/auth/identities/:id': 'signed-in',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/:id': 'signed-in',
  /** Settings (docs/product.md §2): one's own name; e-mail and role stay with the admins. */
  'PATCH /api/profile': 'signed-in',
  /** Settings (docs/product.md §2): one's own e-mail signature and notification toggles. */
  'GET /api/settings': 'signed-in',
  'PATCH /api/settings': 'signed-in',
  /** Realtime: the caller's organisation's changes as server-sent events, ids only. */
  'GET /api/events': 'workspace.read',
  /** Unsubscribe links carry an HMAC of the address instead of a session (docs/product.md §2 Unsubscribe). */
  'GET /api/email/unsubscribe': 'public',
  'POST /api/email/unsubscribe': 'public',
  'POST /api/email/unsubscribe/one-click': 'public',
  /**
   * The mail provider's delivery reports: no session, the Standard Webhooks signature over the body is
   * the credential (docs/decisions/039-email-delivery-webhook.md).
   */
  'POST /api/webhooks/email-events': 'public',
  /**
   * Investors' e-mail posted by the mail provider or a relay: no session, the Standard Webhooks signature
   * over the raw message is the credential (docs/decisions/058-inbound-email.md).
   */
  'POST /api/webhooks/inbound-email': 'public',
  /** Funds and their documents (decision 013): everyone reads; directors and admins manage funds. */
  'GET /api/projects': 'workspace.read',
  'GET /api/projects/:id': 'workspace.read',
  'POST /api/projects': 'projects.manage',
  'PATCH /api/projects/:id': 'projects.manage',
  'GET /api/projects/:id/documents': 'workspace.read',
  /** Documents are the drafts' sources: whoever writes messages (admin, directors, associates) keeps them. */
  'POST /api/projects/:id/documents': 'messages.write',
  'DELETE /api/projects/:id/documents/:docId': 'messages.write',
  'POST /api/projects/:id/documents/:docId/reindex': 'messages.write',
  /** Whether a document is non-public is a compliance call: directors and admins (decision 053). */
  'PUT /api/projects/:id/documents/:docId/disclosure': 'projects.manage',
  /** A document's passages (decision 053): everyone reads; marking one non-public is the same call as a document's. */
  'GET /api/projects/:id/documents/:docId/passages': 'workspace.read',
  'PUT /api/projects/:id/documents/:docId/passages/:passageId/disclosure': 'projects.manage',
  /**
   * A fund's Disclosures ledger (decision 053): whoever reads the fund reads what it told whom, the
   * read-only is_associate included; marking public is the disclosure routes above.
   */
  'GET /api/projects/:id/disclosures': 'workspace.read',
  /** Messages: every role reads the inbox; is_associate is read-only (docs/product.md §2 Compose). */
  'POST /api/messages': 'messages.write',
  'GET /api/messages': 'workspace.read',
  'GET /api/messages/counts': 'workspace.read',
  /** The sidebar's counts and the owners to choose from: every member who reads the inbox. */
  'GET /api/messages/badges': 'workspace.read',
  'GET /api/messages/assignees': 'workspace.read',
  'GET /api/messages/:id': 'workspace.read',
  /** The thread's investor panel: whoever may read the message may read the investor's other messages. */
  'GET /api/messages/:id/investor': 'workspace.read',
  /** The investor's type decides the class of their replies (decision 054): those who manage compliance set it. */
  'PUT /api/messages/:id/investor/type': 'compliance.manage',
  /**
   * Threads and e-mail attachments (docs/decisions/058-inbound-email.md): whoever reads the message reads
   * its thread and downloads its attachments; whoever writes messages (and uploads fund documents) sets
   * the thread's fund and adds an attachment to the fund's documents.
   */
  'GET /api/messages/:id/thread': 'workspace.read',
  'GET /api/messages/:id/attachments/:attachmentId': 'workspace.read',
  'POST /api/messages/:id/attachments/:attachmentId/document': 'messages.write',
  'PUT /api/messages/:id/fund': 'messages.write',
  /** Triage (docs/decisions/050-triage-unread-and-owner.md): whoever answers messages assigns and resolves them. */
  'PUT /api/messages/:id/owner': 'messages.write',
  'POST /api/messages/bulk': 'messages.write',
  /** Drafts: writers generate and save versions; every role reads them. */
  'POST /api/messages/:id/drafts/generate': 'messages.write',
  'POST /api/messages/:id/drafts': 'messages.write',
  'GET /api/messages/:id/drafts/latest': 'workspace.read',
  'GET /api/messages/:id/drafts': 'workspace.read',
  'GET /api/messages/:id/drafts/:version': 'workspace.read',
  /** Answered before: the fund's earlier sent replies beside the draft, for everyone who reads drafts. */
  'GET /api/messages/:id/earlier-answers': 'workspace.read',
  /** Compliance: writers check and fix drafts; the text checker (docs/api.md) for anyone who may draft. */
  'POST /api/compliance/check': 'messages.write',
  'POST /api/messages/:id/drafts/:version/check': 'messages.write',
  'POST /api/messages/:id/drafts/:version/apply-fix': 'messages.write',
  /**
   * 'Not a problem here' on a flag: writers, then the flag's severity decides (high: directors and
   * admins, canClearFlag). Cleared flags are read in the Compliance center; their export is for the
   * people who keep the policy.
   */
  'POST /api/messages/:id/drafts/:version/flags/dismiss': 'messages.write',
  'POST /api/messages/:id/drafts/:version/flags/restore': 'messages.write',
  'GET /api/compliance/flag-dismissals': 'reporting.read',
  'GET /api/compliance/flag-dismissals/export': 'compliance.manage',
  /** The Compliance center (Reporting group): directors and admins read and change the policy. */
  'GET /api/compliance/overview': 'reporting.read',
  'GET /api/compliance/policy': 'reporting.read',
  'POST /api/compliance/policy/terms': 'compliance.manage',
  'PATCH /api/compliance/policy/terms/:key': 'compliance.manage',
  'DELETE /api/compliance/policy/terms/:key': 'compliance.manage',
  'POST /api/compliance/policy/patterns': 'compliance.manage',
  'PATCH /api/compliance/policy/patterns/:id': 'compliance.manage',
  'DELETE /api/compliance/policy/patterns/:id': 'compliance.manage',
  'GET /api/compliance/settings': 'reporting.read',
  'PUT /api/compliance/settings': 'compliance.manage',
  /** Templates are inserted into drafts by every role that reads the workspace; directors keep them. */
  'GET /api/compliance/templates': 'workspace.read',
  'POST /api/compliance/templates': 'compliance.manage',
  'PATCH /api/compliance/templates/:id': 'compliance.manage',
  'DELETE /api/compliance/templates/:id': 'compliance.manage',
  /**
   * The answer library (docs/decisions/028-answer-library.md): read in the Compliance center, kept and
   * approved by those who keep the policy; the drafter reads it on its own.
   */
  'GET /api/compliance/library': 'reporting.read',
  'GET /api/compliance/library/:id': 'reporting.read',
  'GET /api/compliance/library/owners': 'compliance.manage',
  'GET /api/compliance/library/passages': 'compliance.manage',
  /** 'Save to library' on a sent reply: only those who may save an answer get its prefilled fields. */
  'GET /api/compliance/library/from-message/:id': 'compliance.manage',
  'POST /api/compliance/library': 'compliance.manage',
  'PATCH /api/compliance/library/:id': 'compliance.manage',
  'DELETE /api/compliance/library/:id': 'compliance.manage',
  /** The drift watch's 'Needs review' queue: read by the Reporting roles, cleared by those who keep the policy. */
  'GET /api/compliance/review-items': 'reporting.read',
  'POST /api/compliance/review-items/:id/review': 'compliance.manage',
  /**
   * Approvals: writers submit and finalise (the approval matrix then decides by the stored
   * text's flags, 403 APPROVAL_NEEDS_DIRECTOR); the queue and Request Changes are for approvers.
   */
  'POST /api/messages/:id/submit': 'messages.write',
  'POST /api/messages/:id/approve': 'messages.write',
  'POST /api/messages/:id/request-changes': 'approvals.review',
  'GET /api/messages/:id/approval': 'workspace.read',
  'GET /api/approvals': 'approvals.review',
  'GET /api/approvals/stats': 'approvals.review',
  /** Approvals over high-severity flags, with their reasons: Analytics (the Reporting group). */
  'GET /api/approvals/overrides': 'reporting.read',
  /**
   * Post-send review (docs/decisions/055-supervisory-review.md): a queue of the Approvals page, read and
   * signed off by the approvers.
   */
  'GET /api/supervisory-reviews': 'approvals.review',
  'POST /api/supervisory-reviews/:id/sign-off': 'approvals.review',
  /** Notifications: one's own only (another user's is a 404). */
  'GET /api/notifications': 'signed-in',
  'POST /api/notifications/:id/read': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'POST /api/messages/:id/notifications/read': 'signed-in',
};

/**
 * The only routes a session that still owes MFA may call (the guard answers every other
 * non-public route with 403 MFA_REQUIRED): who am I, sign out, and the steps that finish MFA.
 */
export const MFA_PENDING_ALLOWED: ReadonlySet<string> = new Set([
  'GET /api/auth/session',
  'POST /api/auth/sign-out',
  'GET /api/mfa/status',
  'POST /api/mfa/totp/setup',
  'POST /api/mfa/totp/verify-enrollment',
  'POST /api/mfa/totp/verify-login',
  /** A passkey instead of an authenticator app, to enrol or to finish MFA (decision 057). */
  'GET /api/mfa/passkeys',
  'POST /api/mfa/passkeys/registration/options',
  'POST /api/mfa/passkeys/registration',
  'POST /api/mfa/passkeys/authentication/options',
  'POST /api/mfa/passkeys/authentication',
]);

export function policyKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** A route as Hono registers it (`app.routes`): its method and its path with `:param`s. */
export type RegisteredRoute = { method: string; path: string };

/**
 * The registered API routes, once each, as the access policy, its start-up check and the tests that
 * go over every route see them: the `/api/` routes of a method (not the catch-all `ALL` handlers).
 */
export function apiRoutesOf(routes: readonly RegisteredRoute[]): (RegisteredRoute & { key: string })[] {
  const byKey = new Map<string, RegisteredRoute & { key: string }>();
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = policyKey(route.method, route.path);
    if (!byKey.has(key)) byKey.set(key, { method: route.method.toUpperCase(), path: route.path, key });
  }
  return [...byKey.values()];
}

/** Throws at start when a registered route has no policy, or a policy names no route. */
export function assertEveryRouteHasPolicy(routes: readonly RegisteredRoute[]) {
  const registered = new Set(apiRoutesOf(routes).map((r) => r.key));
  const missing = [...registered].filter((key) => !(key in ROUTE_POLICIES));
  const stale = Object.keys(ROUTE_POLICIES).filter((key) => !registered.has(key));
  if (missing.length > 0) throw new Error(`Routes without an access policy: ${missing.join(', ')}`);
  if (stale.length > 0) throw new Error(`Access policies naming no route: ${stale.join(', ')}`);
  const unknownMfaAllowed = [...MFA_PENDING_ALLOWED].filter((key) => !(key in ROUTE_POLICIES));
  if (unknownMfaAllowed.length > 0)
    throw new Error(`MFA_PENDING_ALLOWED names unknown routes: ${unknownMfaAllowed.join(', ')}`);
}

import { z } from 'zod';
import { type ErrorCode, FOUR_EYES_REFUSAL, INTERNAL_ERROR_MESSAGE } from './error-codes';

/** ' (401)' after a clause, when the service's HTTP status is known. */
const withStatus = (status?: number) => (status === undefined ? '' : ` (${status})`);

/**
 * The texts of the drafter's failures (docs/decisions/025-honest-remote-drafter.md): plain words for the
 * associate, with the HTTP status or the citation number when the server knows it. ERRORS holds each
 * one without them; the server fills them in (`drafterFailureMessage`).
 */
export const DRAFTER_TEXTS = {
  unreachable: 'The AI service could not be reached. Try again, or ask your admin to check the AI address.',
  authRefused: (status?: number) =>
    `The AI service refused the credentials${withStatus(status)}. Ask your admin to check the AI key.`,
  busy: (status?: number) =>
    `The AI service is busy${withStatus(status)} and did not answer after retrying. Try again in a minute.`,
  timeout: (seconds = 20) =>
    `The AI service did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. Try again later.`,
  serviceError: (status?: number) =>
    `The AI service failed${withStatus(status)}. Try again, or ask your admin to check the AI settings.`,
  badAnswer: 'The AI service answered with something that is not a draft. Try again.',
  emptyAnswer: 'The AI service answered with an empty draft. Try again.',
  unknownCitation: (citation?: number) =>
    `The AI draft cited a source that does not exist${citation === undefined ? '' : ` ([${citation}])`}, so it was not used. Try again, or write the reply yourself.`,
  uncitedAnswer:
    'The AI draft answered without citing the fund documents, so it was not used. Try again, or write the reply yourself.',
} as const;

/**
 * The closed list of error codes, their HTTP status and the user-facing text.
 * Texts in quotes come verbatim from docs/product.md §5/§8; the others are ours where product.md has none.
 */
export const ERRORS = {
  /** 400: a field failed validation; `fields` names each one. */
  VALIDATION_FAILED: { status: 400, message: 'Some fields are invalid.' },
  /** 401: no valid session (missing, expired, revoked). */
  UNAUTHENTICATED: { status: 401, message: 'You are not signed in.' },
  /** 401: docs/product.md §8 — the same text for an unknown e-mail and a wrong password. */
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  /** 403: docs/product.md §5 — sign-up is always refused. */
  INVITE_ONLY: { status: 403, message: 'Invite-only access. Contact an admin for an invitation.' },
  /** 403: docs/product.md §5 — the invite check did not allow this e-mail. */
  NOT_INVITED: { status: 403, message: 'Invite-only access. Contact an admin.' },
  /**
   * 403: signed in, but the role lacks the capability (docs/product.md §6 text of the email-health guard).
   */
  FORBIDDEN: { status: 403, message: 'You do not have permission to access this page' },
  /** 403: a state-changing request from another origin (CSRF). */
  CROSS_ORIGIN: { status: 403, message: 'Cross-origin requests are not allowed.' },
  /** 404: unknown route or a row of another organisation. */
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** 409: the change does not fit the current state. */
  CONFLICT: { status: 409, message: 'This change conflicts with the current state.' },
  /**
   * 409: the audit chain no longer holds what its last signed checkpoint says, so no new checkpoint is
   * signed over it (docs/audit-format.md, Checkpoints).
   */
  AUDIT_CHECKPOINT_REFUSED: {
    status: 409,
    message:
      'The audit chain differs from its last signed checkpoint, so it was not signed. Run Verify to see where.',
  },
  /** 404: the message has no draft version yet (the workspace shows an empty draft). */
  NO_DRAFT: { status: 404, message: 'No draft yet' },
  /** 409: a draft edit based on a version that is no longer the latest. */
  DRAFT_STALE: {
    status: 409,
    message: 'This draft changed since you opened it. Reload to see the latest version.',
  },
  /**
   * 403: docs/product.md §6/§8 — the stored draft needs a director's approval and the caller's role may not
   * give it.
   */
  APPROVAL_NEEDS_DIRECTOR: {
    status: 403,
    message: 'Only directors can approve responses with high-severity flags',
  },
  /**
   * 403: the organisation's four-eyes rule is on and the caller wrote or submitted this reply
   * (docs/decisions/052-four-eyes.md).
   */
  FOUR_EYES: { status: 403, message: FOUR_EYES_REFUSAL },
  /**
   * 403: the class rules let nobody in the caller's role approve this class over a high-severity flag
   * (docs/decisions/054-communication-class.md); the message names the class.
   */
  OVERRIDE_NOT_ALLOWED: {
    status: 403,
    message: 'Nobody in your role may approve this reply over a high-severity flag: resolve the flags first',
  },
  /**
   * 422: approving over an unresolved high-severity flag needs a written reason (`override_reason`), kept
   * with the approval and in the audit log (docs/product.md §4 Approvals).
   */
  OVERRIDE_REASON_REQUIRED: {
    status: 422,
    message: 'Say why this reply may go out despite its high-severity flags.',
  },
  /** 409: the draft is already awaiting a director's approval. */
  APPROVAL_PENDING: { status: 409, message: 'This draft is already awaiting approval.' },
  /** 409: the reply was already approved and sent; editing the draft reopens the message. */
  ALREADY_RESOLVED: {
    status: 409,
    message: 'This reply has already been approved and sent. Edit the draft to reopen the message.',
  },
  /** 409: the version or text the caller looked at is no longer the latest draft. */
  DRAFT_CHANGED: {
    status: 409,
    message: 'The draft changed since you looked at it. Review the latest version and try again.',
  },
  /** 409: Request Changes on a message with no pending submission. */
  NOT_AWAITING_APPROVAL: { status: 409, message: 'This draft is not awaiting approval.' },
  /** 409: docs/product.md §5: Check Compliance runs only when the message has a fund. */
  MESSAGE_HAS_NO_FUND: {
    status: 409,
    message: 'This message is not linked to a fund, so its draft cannot be checked for compliance.',
  },
  /** 409: the checker's built-in terms and patterns can be changed or disabled, not deleted. */
  BUILTIN_RULE: {
    status: 409,
    message: 'Built-in rules cannot be deleted. Disable them instead.',
  },
  /**
   * 502: docs/decisions/025-honest-remote-drafter.md — the AI service could not be reached (connection
   * refused, unknown host, or reset on every try).
   */
  DRAFTER_UNREACHABLE: { status: 502, message: DRAFTER_TEXTS.unreachable },
  /** 502: the AI service refused Parley's key (401 or 403); never retried. */
  DRAFTER_AUTH_REFUSED: { status: 502, message: DRAFTER_TEXTS.authRefused() },
  /** 502: the AI service kept answering 429 or 503 until the retry budget (30 s) ran out. */
  DRAFTER_BUSY: { status: 502, message: DRAFTER_TEXTS.busy() },
  /** 504: one attempt got no answer within its time limit (20 s); a slow service is not asked again. */
  DRAFTER_TIMEOUT: { status: 504, message: DRAFTER_TEXTS.timeout() },
  /** 502: any other non-2xx answer of the AI service (400, 404, 500...); never retried. */
  DRAFTER_SERVICE_ERROR: { status: 502, message: DRAFTER_TEXTS.serviceError() },
  /** 502: the answer was not an OpenAI chat completion (not JSON, no message content, cut off at max_tokens). */
  DRAFTER_BAD_ANSWER: { status: 502, message: DRAFTER_TEXTS.badAnswer },
  /** 502: the answer was a chat completion with empty content. */
  DRAFTER_EMPTY_ANSWER: { status: 502, message: DRAFTER_TEXTS.emptyAnswer },
  /** 502: the draft cites [n] where no passage n was given: its claim has no source, so it is not used. */
  DRAFTER_UNKNOWN_CITATION: { status: 502, message: DRAFTER_TEXTS.unknownCitation() },
  /** 502: the draft cites no passage and is not a plain 'the documents do not say' decline. */
  DRAFTER_UNCITED_ANSWER: { status: 502, message: DRAFTER_TEXTS.uncitedAnswer },
  /**
   * 409: docs/product.md §6 — an organisation always keeps an active admin, so its last one stays as they
   * are.
   */
  LAST_ADMIN: { status: 409, message: 'The last admin cannot be demoted or deactivated' },
  /** 409: an admin cannot lock themselves out; another admin deactivates them if need be. */
  SELF_DEACTIVATION: { status: 409, message: 'You cannot deactivate your own account' },
  /** 409: an admin changes their own authenticator in Settings (it needs a current code), not by a reset. */
  SELF_MFA_RESET: { status: 409, message: 'Use Settings to change your own authenticator.' },
  /** 409: the member has no authenticator (set up or started) and no recovery codes to reset. */
  NO_MFA_TO_RESET: { status: 409, message: 'This user has not set up MFA, so there is nothing to reset.' },
  /**
   * 409: docs/product.md §8 Admin, Security settings — the test magic link goes to the admin's own address,
   * which is missing.
   */
  NO_EMAIL_ADDRESS: { status: 409, message: 'No email address found for current user' },
  /** 403: docs/product.md §5 — the inviter must belong to an organisation. */
  NO_ORGANIZATION: { status: 403, message: 'You must be a member of an organization to invite users' },
  /**
   * 404: docs/product.md §4 Invitation status — an invitation token that matches no invitation (never issued,
   * or replaced).
   */
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation link is not valid' },
  /**
   * 410: docs/product.md §4 Invitation status — the invitation was deleted, revoked, has expired or was
   * already accepted; the message says which.
   */
  INVITATION_GONE: { status: 410, message: 'This invitation can no longer be used' },
  /** 429: the daily resend cap of one invitation (decision 007); the body carries resends_remaining: 0. */
  RESEND_LIMIT_REACHED: {
    status: 429,
    message: 'This invitation was already resent 3 times today. Try again tomorrow.',
  },
  /** 413: body over the route's cap. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** 415: state-changing /api requests must be JSON. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Requests must be sent as application/json.' },
  /** 413: decision 013 — a fund document over the upload limit. */
  DOCUMENT_TOO_LARGE: { status: 413, message: 'This file is larger than 10 MB. Upload a smaller file.' },
  /** 415: decision 013 — a fund document that is not PDF, DOCX, Markdown or plain text. */
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message: 'This file type is not supported. Upload a PDF, DOCX, Markdown (.md) or plain text (.txt) file.',
  },
  /**
   * 422: docs/decisions/037-untrusted-files.md — a fund document refused before it is opened, because it
   * unpacks to too much, too many times its size or too many files; the message names the file and why.
   */
  DOCUMENT_REFUSED: {
    status: 422,
    message: 'This file was refused because opening it could overload the server.',
  },
  /**
   * 503: docs/decisions/037-untrusted-files.md — the instance is already reading as many documents as it
   * queues; nothing was stored, and the response carries Retry-After.
   */
  DOCUMENT_READER_BUSY: {
    status: 503,
    message: 'Parley is reading other documents right now. Nothing was uploaded: try again in a minute.',
  },
  /**
   * 422: docs/decisions/058-inbound-email.md — only a PDF or DOCX attachment (by its recognised content)
   * may be added to a fund's documents; `fields` names the attachment.
   */
  ATTACHMENT_NOT_ADDABLE: {
    status: 422,
    message: 'Only a PDF or Word (.docx) attachment can be added to the fund’s documents.',
  },
  /** 409: docs/decisions/058-inbound-email.md — the attachment was already added to a fund's documents. */
  ATTACHMENT_ALREADY_ADDED: { status: 409, message: 'This attachment is already in the fund’s documents.' },
  /**
   * 422: docs/decisions/058-inbound-email.md — the fund named is not one of the organisation's, or the
   * message has none to default to; `fields.project_id` says which.
   */
  FUND_NOT_AVAILABLE: { status: 422, message: 'Choose one of your organisation’s funds.' },
  /**
   * 503: docs/decisions/039-email-delivery-webhook.md — EMAIL_WEBHOOK_SECRET is not set, so no delivery
   * report can be verified; nothing is stored. The sender should retry once the operator sets it.
   */
  WEBHOOK_NOT_CONFIGURED: {
    status: 503,
    message: 'Delivery reports are not accepted: no webhook secret is configured (EMAIL_WEBHOOK_SECRET).',
  },
  /**
   * 400: decision 039 — a webhook-id, webhook-timestamp or webhook-signature header is missing or not of
   * the Standard Webhooks form (a timestamp in whole seconds, signatures as `v1,<base64>`).
   */
  WEBHOOK_HEADERS_INVALID: {
    status: 400,
    message: 'The webhook-id, webhook-timestamp and webhook-signature headers are missing or malformed.',
  },
  /** 401: decision 039 — no v1 signature matches any configured secret; nothing is stored. */
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'The webhook signature does not match.' },
  /**
   * 401: decision 039 — webhook-timestamp is more than 5 minutes from the server's clock (past or
   * future): a replay from outside the window, or a sender whose clock is wrong.
   */
  WEBHOOK_TIMESTAMP_OUT_OF_RANGE: {
    status: 401,
    message: 'The webhook timestamp is more than 5 minutes away from the server time.',
  },
  /**
   * 503: docs/decisions/058-inbound-email.md — INBOUND_EMAIL_DOMAIN or INBOUND_EMAIL_WEBHOOK_SECRET is not
   * set, so no e-mail can be verified and placed; nothing is stored. The sender should retry once it is set.
   */
  INBOUND_EMAIL_NOT_CONFIGURED: {
    status: 503,
    message:
      'E-mail is not accepted: INBOUND_EMAIL_DOMAIN and INBOUND_EMAIL_WEBHOOK_SECRET must be configured.',
  },
  /**
   * 422: docs/decisions/058-inbound-email.md — none of the e-mail's recipients is an organisation's inbound
   * address (`ir+{slug}@INBOUND_EMAIL_DOMAIN` of an existing organisation); nothing is stored.
   */
  INBOUND_RECIPIENT_UNKNOWN: {
    status: 422,
    message: 'No recipient of this e-mail is an organisation’s inbound address.',
  },
  /** 429: too many attempts; the response carries Retry-After. */
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  /**
   * 403: docs/product.md §2 Sign-in links — magic links are for members; an invited e-mail accepts its
   * invitation first.
   */
  INVITATION_NOT_ACCEPTED: {
    status: 403,
    message:
      'Your invitation has not been accepted yet. Open the link in your invitation e-mail to create your account first.',
  },
  /**
   * 403: docs/product.md §2 Sign-in links — the organisation's system config has auth_magic_link_enabled =
   * 'false' (docs/product.md §3).
   */
  MAGIC_LINK_DISABLED: {
    status: 403,
    message: 'Magic links are turned off for your organisation. Sign in with your password.',
  },
  /** 403: docs/decisions/056-single-sign-on.md — the organisation signs in with its provider only. */
  SSO_REQUIRED: {
    status: 403,
    message: 'Your organisation signs in with single sign-on. Use the single sign-on button instead.',
  },
  /**
   * 422: docs/decisions/056-single-sign-on.md — the issuer's discovery document could not be fetched or is
   * not an OpenID Connect provider's, so the provider is not saved; `fields.issuer` says so.
   */
  SSO_ISSUER_INVALID: {
    status: 422,
    message:
      'The provider could not be reached at this issuer, or it is not an OpenID Connect provider. Check the issuer URL.',
  },
  /** 409: unlinking the identity would leave the account with no way to sign in (no password, no other identity). */
  SSO_LAST_SIGN_IN_METHOD: {
    status: 409,
    message: 'This is your only way to sign in: set a password or link another identity before unlinking it.',
  },
  /** 410: a sign-in or reset link that is unknown, already used, voided or past its lifetime. */
  LINK_EXPIRED: {
    status: 410,
    message: 'This sign-in link has expired or was already used. Request a new one.',
  },
  /** 502: the mail server refused the mail or could not be reached; the outbox keeps it. */
  EMAIL_NOT_SENT: { status: 502, message: 'The e-mail could not be sent. Please try again later.' },
  /**
   * 403: docs/decisions/012-mfa-lockout.md — the session still owes MFA (aal1 with a verified factor, or MFA
   * required and not
   * enrolled): it may only finish MFA or sign out.
   */
  MFA_REQUIRED: { status: 403, message: 'Finish multi-factor authentication to continue.' },
  /** 429: docs/product.md §8/§9 — 5 failed codes; escalated locks say their own length (decision 012). */
  MFA_LOCKED_OUT: { status: 429, message: 'Too many attempts. Please wait 5 minutes.' },
  /** 409: setup with a verified authenticator: remove it first (needs a recent code). */
  MFA_ALREADY_ENROLLED: {
    status: 409,
    message: 'Two-factor authentication is already set up. Remove it before setting up a new authenticator.',
  },
  /** 409: a code check for a factor that does not exist (or is not verified yet). */
  MFA_NOT_ENROLLED: { status: 409, message: 'Two-factor authentication is not set up for this account.' },
  /** 409: verify-login on a session that already reached aal2. */
  MFA_ALREADY_VERIFIED: { status: 409, message: 'This session has already been verified.' },
  /**
   * 403: docs/decisions/012-mfa-lockout.md — removing a factor or regenerating recovery codes needs a code
   * from the last 5 minutes.
   */
  MFA_STEP_UP_REQUIRED: { status: 403, message: 'Enter a current code from your authenticator app first.' },
  /** 403: docs/product.md §6 and mfa_totp_enforced — the organisation requires MFA for this user. */
  MFA_REMOVAL_NOT_ALLOWED: {
    status: 403,
    message: 'Your organisation requires two-factor authentication, so it cannot be removed.',
  },
  /**
   * 403: docs/decisions/057-passkeys.md — the organisation requires passkeys of its admins, so an admin's
   * authenticator code does not finish MFA.
   */
  PASSKEY_REQUIRED: {
    status: 403,
    message: 'Your organisation requires admins to use a passkey. Use your passkey instead of a code.',
  },
  /** 409: a passkey ceremony for a user who has no passkey. */
  NO_PASSKEYS: { status: 409, message: 'No passkey is set up for this account.' },
  /**
   * 403: docs/decisions/057-passkeys.md — the authenticator's signature counter did not move forward: the
   * passkey may have been copied, so it is refused and the attempt is audited.
   */
  PASSKEY_CLONE_SUSPECTED: {
    status: 403,
    message:
      'This passkey was refused: its signature counter went backwards, so it may have been copied. Use another factor and tell your admin.',
  },
  /** 409: removing this passkey would leave a user who must use MFA without a factor. */
  PASSKEY_LAST_FACTOR: {
    status: 409,
    message:
      'This is your last way to finish two-factor authentication, so it cannot be removed. Add another first.',
  },
  /**
   * 403: docs/product.md §6 — only admin and ir_director may mark a high-severity flag 'not a problem here'.
   */
  FLAG_CLEARANCE_NEEDS_DIRECTOR: {
    status: 403,
    message: 'Only directors and admins can clear a high-severity flag',
  },
  /** 409: no flag of the version's stored check covers the span (or the version was never checked). */
  NO_SUCH_FLAG: {
    status: 409,
    message: 'No compliance flag of this version’s last check covers this span.',
  },
  /** 409: the flag is already marked 'not a problem here'. */
  FLAG_ALREADY_CLEARED: { status: 409, message: 'This flag is already marked as not a problem here.' },
  /** 409: undo of a flag nobody marked 'not a problem here'. */
  FLAG_NOT_CLEARED: { status: 409, message: 'This flag is not marked as not a problem here.' },
  /**
   * 409: docs/decisions/030-data-retention.md — the record is inside the organisation's retention period
   * (never below RETENTION_FLOOR_YEARS); the server's message names the day it may be deleted.
   */
  RECORD_UNDER_RETENTION: {
    status: 409,
    message: "This record is inside your organisation's retention period, so it cannot be deleted yet.",
  },
  /** 409: docs/decisions/030-data-retention.md — an active legal hold covers the record or the investor. */
  RECORD_UNDER_LEGAL_HOLD: {
    status: 409,
    message: 'A legal hold covers this record, so it cannot be deleted or erased until the hold is released.',
  },
  /** 409: releasing a legal hold that was already released. */
  HOLD_ALREADY_RELEASED: { status: 409, message: 'This legal hold has already been released.' },
  /** 409: docs/decisions/044-reports.md — a report is downloaded once it is done. */
  REPORT_NOT_READY: { status: 409, message: 'This report is not ready yet: download it once it is done.' },
  /** 409: docs/decisions/044-reports.md — only a failed report is generated again. */
  REPORT_NOT_FAILED: { status: 409, message: 'Only a failed report can be retried.' },
  /** 500: never shows internals; the request id leads to the log line. */
  INTERNAL: { status: 500, message: INTERNAL_ERROR_MESSAGE },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/** Every way the drafter can fail (docs/decisions/025-honest-remote-drafter.md), one code per cause. */
export const DRAFTER_FAILURE_CODES = [
  'DRAFTER_UNREACHABLE',
  'DRAFTER_AUTH_REFUSED',
  'DRAFTER_BUSY',
  'DRAFTER_TIMEOUT',
  'DRAFTER_SERVICE_ERROR',
  'DRAFTER_BAD_ANSWER',
  'DRAFTER_EMPTY_ANSWER',
  'DRAFTER_UNKNOWN_CITATION',
  'DRAFTER_UNCITED_ANSWER',
] as const satisfies readonly ErrorCode[];
export type DrafterFailureCode = (typeof DRAFTER_FAILURE_CODES)[number];

export function isDrafterFailureCode(code: string): code is DrafterFailureCode {
  return (DRAFTER_FAILURE_CODES as readonly string[]).includes(code);
}

/** What the server knows about a failure beyond its code: the service's HTTP status, the time limit, the [n]. */
export type DrafterFailureFacts = { httpStatus?: number; timeoutSeconds?: number; citation?: number };

/** A drafter failure's text, with what the server knows filled in. */
export function drafterFailureMessage(code: DrafterFailureCode, facts: DrafterFailureFacts = {}): string {
  switch (code) {
    case 'DRAFTER_AUTH_REFUSED':
      return DRAFTER_TEXTS.authRefused(facts.httpStatus);
    case 'DRAFTER_BUSY':
      return DRAFTER_TEXTS.busy(facts.httpStatus);
    case 'DRAFTER_TIMEOUT':
      return DRAFTER_TEXTS.timeout(facts.timeoutSeconds);
    case 'DRAFTER_SERVICE_ERROR':
      return DRAFTER_TEXTS.serviceError(facts.httpStatus);
    case 'DRAFTER_UNKNOWN_CITATION':
      return DRAFTER_TEXTS.unknownCitation(facts.citation);
    default:
      return ERRORS[code].message;
  }
}

/**
 * Short words for what went wrong, for the note on a draft the built-in drafter wrote instead
 * ('Drafted by the built-in drafter: the AI service failed (busy).').
 */
export const DRAFTER_FAILURE_LABELS: Record<DrafterFailureCode, string> = {
  DRAFTER_UNREACHABLE: 'could not be reached',
  DRAFTER_AUTH_REFUSED: 'credentials refused',
  DRAFTER_BUSY: 'busy',
  DRAFTER_TIMEOUT: 'no answer in time',
  DRAFTER_SERVICE_ERROR: 'service error',
  DRAFTER_BAD_ANSWER: 'answer was not a draft',
  DRAFTER_EMPTY_ANSWER: 'empty answer',
  DRAFTER_UNKNOWN_CITATION: 'cited a source that does not exist',
  DRAFTER_UNCITED_ANSWER: 'answer cited no source',
};

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The closed list of error codes (the server's ERRORS, errors.ts, gives each its status and text). Kept
 * apart so the web app can tell a catalogued error from anything else without loading every text with
 * its first page (docs/architecture.md, "Code splitting").
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'INVITE_ONLY',
  'NOT_INVITED',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'AUDIT_CHECKPOINT_REFUSED',
  'NO_DRAFT',
  'DRAFT_STALE',
  'APPROVAL_NEEDS_DIRECTOR',
  'FOUR_EYES',
  'OVERRIDE_NOT_ALLOWED',
  'OVERRIDE_REASON_REQUIRED',
  'APPROVAL_PENDING',
  'ALREADY_RESOLVED',
  'DRAFT_CHANGED',
  'NOT_AWAITING_APPROVAL',
  'MESSAGE_HAS_NO_FUND',
  'BUILTIN_RULE',
  'DRAFTER_UNREACHABLE',
  'DRAFTER_AUTH_REFUSED',
  'DRAFTER_BUSY',
  'DRAFTER_TIMEOUT',
  'DRAFTER_SERVICE_ERROR',
  'DRAFTER_BAD_ANSWER',
  'DRAFTER_EMPTY_ANSWER',
  'DRAFTER_UNKNOWN_CITATION',
  'DRAFTER_UNCITED_ANSWER',
  'LAST_ADMIN',
  'SELF_DEACTIVATION',
  'SELF_MFA_RESET',
  'NO_MFA_TO_RESET',
  'NO_EMAIL_ADDRESS',
  'NO_ORGANIZATION',
  'INVITATION_NOT_FOUND',
  'INVITATION_GONE',
  'RESEND_LIMIT_REACHED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'DOCUMENT_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'DOCUMENT_REFUSED',
  'DOCUMENT_READER_BUSY',
  'ATTACHMENT_NOT_ADDABLE',
  'ATTACHMENT_ALREADY_ADDED',
  'FUND_NOT_AVAILABLE',
  'WEBHOOK_NOT_CONFIGURED',
  'WEBHOOK_HEADERS_INVALID',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_TIMESTAMP_OUT_OF_RANGE',
  'INBOUND_EMAIL_NOT_CONFIGURED',
  'INBOUND_RECIPIENT_UNKNOWN',
  'RATE_LIMITED',
  'INVITATION_NOT_ACCEPTED',
  'MAGIC_LINK_DISABLED',
  'SSO_REQUIRED',
  'SSO_ISSUER_INVALID',
  'SSO_LAST_SIGN_IN_METHOD',
  'LINK_EXPIRED',
  'EMAIL_NOT_SENT',
  'MFA_REQUIRED',
  'MFA_LOCKED_OUT',
  'MFA_ALREADY_ENROLLED',
  'MFA_NOT_ENROLLED',
  'MFA_ALREADY_VERIFIED',
  'MFA_STEP_UP_REQUIRED',
  'MFA_REMOVAL_NOT_ALLOWED',
  'PASSKEY_REQUIRED',
  'NO_PASSKEYS',
  'PASSKEY_CLONE_SUSPECTED',
  'PASSKEY_LAST_FACTOR',
  'FLAG_CLEARANCE_NEEDS_DIRECTOR',
  'NO_SUCH_FLAG',
  'FLAG_ALREADY_CLEARED',
  'FLAG_NOT_CLEARED',
  'RECORD_UNDER_RETENTION',
  'RECORD_UNDER_LEGAL_HOLD',
  'HOLD_ALREADY_RELEASED',
  'REPORT_NOT_READY',
  'REPORT_NOT_FAILED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The text of an unexpected failure, shown instead of anything outside the catalogue. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side.';

/** FOUR_EYES's message, which the thread also shows before anyone tries (docs/decisions/052-four-eyes.md). */
export const FOUR_EYES_REFUSAL =
  'Four-eyes is on: you wrote or submitted this reply, so someone else approves it.';

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether a code is one of the catalogue's: the web shows a server's text only for those. */
export function isErrorCode(code: string): code is ErrorCode {
  return KNOWN.has(code);
}

import { z } from 'zod';

/**
 * The closed list of error codes, their HTTP status and the user-facing text.
 * Texts in quotes come verbatim from SPEC §5/§8; the others are ours where the spec is silent.
 */
export const ERRORS = {
  /** 400: a field failed validation; `fields` names each one. */
  VALIDATION_FAILED: { status: 400, message: 'Some fields are invalid.' },
  /** 401: no valid session (missing, expired, revoked). */
  UNAUTHENTICATED: { status: 401, message: 'You are not signed in.' },
  /** 401: SPEC §8 — the same text for an unknown e-mail and a wrong password. */
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  /** 403: SPEC §5 — sign-up is always refused. */
  INVITE_ONLY: { status: 403, message: 'Invite-only access. Contact an admin for an invitation.' },
  /** 403: SPEC §5 — the invite check did not allow this e-mail. */
  NOT_INVITED: { status: 403, message: 'Invite-only access. Contact an admin.' },
  /** 403: signed in, but the role lacks the capability (SPEC §6 text of the email-health guard). */
  FORBIDDEN: { status: 403, message: 'You do not have permission to access this page' },
  /** 403: a state-changing request from another origin (CSRF). */
  CROSS_ORIGIN: { status: 403, message: 'Cross-origin requests are not allowed.' },
  /** 404: unknown route or a row of another organisation. */
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** 409: the change does not fit the current state. */
  CONFLICT: { status: 409, message: 'This change conflicts with the current state.' },
  /** 413: body over the route's cap. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** 415: state-changing /api requests must be JSON. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Requests must be sent as application/json.' },
  /** 429: too many attempts; the response carries Retry-After. */
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  /** 500: never shows internals; the request id leads to the log line. */
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

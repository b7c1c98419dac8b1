import { z } from 'zod';
import { APPROVAL_LEVELS, type ApprovalLevel } from './approval-matrix';
import { communicationClassSchema, communicationClassViewSchema } from './communication-class';
import { COMPLIANCE_SEVERITIES } from './compliance';
import { MAIL_DELIVERY_STATUSES, type MailDeliveryStatus } from './mail-delivery';
import { MESSAGE_STATUSES } from './messages';

/**
 * docs/decisions/015-compliance-policy-and-approvals.md: a draft's text is bound to approvals by its SHA-256
 * (hex, of the UTF-8 text).
 */
export const textSha256Schema = z
  .string({ error: 'Send the SHA-256 of the draft text' })
  .regex(/^[0-9a-f]{64}$/, { error: 'Not a SHA-256 (64 lower-case hex digits)' });

const versionFieldSchema = z
  .number({ error: 'Send the version number' })
  .int({ error: 'Use a whole number' })
  .positive({ error: 'Use a version number of 1 or more' });

/** The Approve & Send rating of the draft (docs/product.md §2 Approval queue): optional, 1 to 5 stars. */
export const APPROVAL_RATING_MIN = 1;
export const APPROVAL_RATING_MAX = 5;
/** A Request Changes comment: required, at most 2000 characters. */
export const APPROVAL_COMMENT_MAX = 2000;
/** The approval queue's page size (docs/product.md §9: limit ≤ 100). */
export const APPROVAL_QUEUE_PAGE_SIZE_DEFAULT = 20;
export const APPROVAL_QUEUE_PAGE_SIZE_MAX = 100;
/** Stats: average response time over decisions of the last 30 days. */
export const APPROVAL_RESPONSE_WINDOW_DAYS = 30;

/**
 * POST /api/messages/:id/submit: the version the submitter looked at and the SHA-256 of its text;
 * refused with 409 when that is no longer the latest text.
 */
export const submitForApprovalInputSchema = z.object({
  version: versionFieldSchema,
  text_sha256: textSha256Schema,
});
export type SubmitForApprovalInput = z.infer<typeof submitForApprovalInputSchema>;

/**
 * Approving over an unresolved high-severity flag needs a written reason (docs/product.md §4 Approvals):
 * long enough to say something, short enough for the audit log.
 */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 1000;

export const overrideReasonSchema = z
  .string({ error: 'Write the reason as text' })
  .trim()
  .min(OVERRIDE_REASON_MIN, { error: `Write at least ${OVERRIDE_REASON_MIN} characters` })
  .max(OVERRIDE_REASON_MAX, { error: 'Use at most 1,000 characters' });

/**
 * POST /api/messages/:id/approve (Mark Final / Approve & Send). Any `requires_approval` a client
 * sends is dropped: the server re-checks the stored text (docs/product.md §6,
 * docs/decisions/015-compliance-policy-and-approvals.md).
 */
export const approveInputSchema = z.object({
  version: versionFieldSchema,
  text_sha256: textSha256Schema,
  rating: z
    .number({ error: 'Use a number from 1 to 5' })
    .int({ error: 'Use a whole number from 1 to 5' })
    .min(APPROVAL_RATING_MIN, { error: 'Use a number from 1 to 5' })
    .max(APPROVAL_RATING_MAX, { error: 'Use a number from 1 to 5' })
    .optional(),
  /** Required when the text has an unresolved high-severity flag (else 422 naming this field). */
  override_reason: overrideReasonSchema.optional(),
});
export type ApproveInput = z.infer<typeof approveInputSchema>;

/** POST /api/messages/:id/request-changes: the director's comment is required. */
export const requestChangesInputSchema = z.object({
  comment: z
    .string({ error: 'Say what should change' })
    .trim()
    .min(1, { error: 'Say what should change' })
    .max(APPROVAL_COMMENT_MAX, { error: `Use at most ${APPROVAL_COMMENT_MAX} characters` }),
});
export type RequestChangesInput = z.infer<typeof requestChangesInputSchema>;

export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'changes_requested', 'voided'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** Where the investor's reply is: e-mail outbox states (queued, sent, stored, failed, suppressed). */
export const REPLY_DELIVERY_STATUSES = MAIL_DELIVERY_STATUSES;
export type ReplyDeliveryStatus = MailDeliveryStatus;

/** GET /api/messages/:id/approval: where a message's reply stands, for the caller. */
export const approvalStateSchema = z.object({
  message_id: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** The latest version, or null when there is no draft yet. */
  latest_version: z.number().int().nullable(),
  /** The submission waiting for a director, if any. */
  pending: z
    .object({
      request_id: z.string(),
      version: z.number().int(),
      submitted_by: z.string().nullable(),
      submitted_by_name: z.string().nullable(),
      submitted_at: z.string(),
    })
    .nullable(),
  /** The most recent decision on a submission (approved, changes requested, voided by an edit). */
  last_decision: z
    .object({
      status: z.enum(['approved', 'changes_requested', 'voided']),
      version: z.number().int(),
      comment: z.string().nullable(),
      decided_by_name: z.string().nullable(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** The reply sent to the investor (the latest approved version), with its delivery status. */
  sent: z
    .object({
      version: z.number().int(),
      to: z.string(),
      approved_by_name: z.string().nullable(),
      approved_at: z.string(),
      rating: z.number().int().nullable(),
      delivery: z.enum(REPLY_DELIVERY_STATUSES),
      delivered_at: z.string().nullable(),
      /** The class it was sent as (null for replies sent before classes). */
      communication_class: communicationClassSchema.nullable(),
    })
    .nullable(),
  /**
   * The class the latest version would be sent as now (docs/decisions/054-communication-class.md);
   * null without a draft text.
   */
  communication_class: communicationClassViewSchema.nullable(),
  /** Why the class rules keep the caller from finalising it (director only, no override), else null. */
  class_refusal: z.string().nullable(),
  /** The highest flag severity of the latest version's check. */
  level: z.enum(APPROVAL_LEVELS),
  /** docs/product.md §6: a director's approval is needed (any high flag, or as the matrix says). */
  requires_approval: z.boolean(),
  /**
   * Whether the caller may Mark Final / Approve & Send the latest version (docs/product.md §5, the matrix).
   */
  can_finalise: z.boolean(),
  /**
   * Four-eyes is on and the caller wrote a version of this reply or submitted it: they may not finalise
   * it (docs/decisions/052-four-eyes.md).
   */
  four_eyes_refuses_caller: z.boolean(),
});
export type ApprovalState = z.infer<typeof approvalStateSchema>;

/** POST /api/messages/:id/approve response: the new state and what happened to the investor's mail. */
export const approveResponseSchema = z.object({
  approval: approvalStateSchema,
  delivery: z.enum(REPLY_DELIVERY_STATUSES),
});
export type ApproveResponse = z.infer<typeof approveResponseSchema>;

export const APPROVAL_QUEUE_SORTS = ['age', 'newest'] as const;
export type ApprovalQueueSort = (typeof APPROVAL_QUEUE_SORTS)[number];

/** GET /api/approvals: `age` = oldest submission first (Sort by Age), `newest` = latest first. */
export const listApprovalsQuerySchema = z.object({
  sort: z.enum(APPROVAL_QUEUE_SORTS, { error: 'Use age or newest' }).default('age'),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(APPROVAL_QUEUE_PAGE_SIZE_MAX, { error: `Use at most ${APPROVAL_QUEUE_PAGE_SIZE_MAX}` })
    .default(APPROVAL_QUEUE_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200, { error: 'Not a cursor' }).optional(),
});
export type ListApprovalsQuery = z.input<typeof listApprovalsQuerySchema>;

/** How many flagged passages a queue item carries; the approve dialog loads the whole version. */
export const APPROVAL_QUEUE_EXCERPTS_MAX = 10;
/** The start of the draft a queue item shows (whole words, at most this many characters). */
export const APPROVAL_QUEUE_PREVIEW_CHARS = 280;

/** A flagged passage of a queued draft: the flag and the text around its span (whole words). */
export const flagExcerptSchema = z.object({
  term: z.string(),
  severity: z.enum(COMPLIANCE_SEVERITIES),
  rule: z.string(),
  /** Why it was flagged (`flagRationale`). */
  rationale: z.string(),
  suggestion: z.string(),
  before: z.string(),
  match: z.string(),
  after: z.string(),
  /** Whether the draft goes on before `before` / after `after`. */
  cut_before: z.boolean(),
  cut_after: z.boolean(),
});
export type FlagExcerpt = z.infer<typeof flagExcerptSchema>;

/**
 * docs/product.md §3 approval item (investor, subject, submitter, age, risk_flags, sentiment, project), live.
 * Flags are the unresolved ones of the submitted version's stored check.
 */
export const approvalItemSchema = z.object({
  request_id: z.string(),
  message_id: z.string(),
  investor_name: z.string(),
  subject: z.string(),
  submitted_by_name: z.string().nullable(),
  /** The age is computed from this. */
  submitted_at: z.string(),
  project_name: z.string().nullable(),
  sentiment_score: z.number().nullable(),
  version: z.number().int(),
  /** The SHA-256 of the submitted text: Approve & Send from the queue approves exactly that text. */
  text_sha256: z.string(),
  flags: z.object({
    count: z.number().int(),
    highest: z.enum(['high', 'medium', 'low']).nullable(),
    terms: z.array(z.string()),
  }),
  /** docs/product.md §2: 'None' when the version's check found nothing, else a short summary. */
  risk_flags: z.string(),
  /** The unresolved flags' passages, highest severity first, then in reading order (at most 10). */
  excerpts: z.array(flagExcerptSchema),
  /** The start of the draft. */
  preview: z.string(),
  /** Four-eyes is on and the caller wrote or submitted this reply (docs/decisions/052-four-eyes.md). */
  four_eyes_refuses_caller: z.boolean(),
  /**
   * The class the reply was submitted as (docs/decisions/054-communication-class.md); null for
   * submissions from before classes. Approve & Send classes it again.
   */
  communication_class: communicationClassSchema.nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const listApprovalsResponseSchema = z.object({
  items: z.array(approvalItemSchema),
  next_cursor: z.string().nullable(),
});
export type ListApprovalsResponse = z.infer<typeof listApprovalsResponseSchema>;

/** GET /api/approvals/overrides: approvals given over unresolved high-severity flags, newest first. */
export const listOverridesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(APPROVAL_QUEUE_PAGE_SIZE_MAX, { error: `Use at most ${APPROVAL_QUEUE_PAGE_SIZE_MAX}` })
    .default(APPROVAL_QUEUE_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200, { error: 'Not a cursor' }).optional(),
});
export type ListOverridesQuery = z.input<typeof listOverridesQuerySchema>;

export const approvalOverrideSchema = z.object({
  message_id: z.string(),
  investor_name: z.string(),
  subject: z.string(),
  version: z.number().int(),
  approved_by: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string(),
  /** The unresolved high-severity flags the approver went over, as the server's check found them. */
  flags: z.array(z.object({ term: z.string(), rule: z.string(), rationale: z.string() })),
  reason: z.string(),
});
export type ApprovalOverride = z.infer<typeof approvalOverrideSchema>;

export const listOverridesResponseSchema = z.object({
  items: z.array(approvalOverrideSchema),
  next_cursor: z.string().nullable(),
});
export type ListOverridesResponse = z.infer<typeof listOverridesResponseSchema>;

/** GET /api/approvals/stats: docs/product.md §2 Approval queue stats, from real data. */
export const approvalStatsSchema = z.object({
  pending: z.number().int(),
  /** Hours from submission to decision, decisions of the last 30 days; null when there were none. */
  average_response_hours: z.number().nullable(),
  /** Distinct messages whose check needed a director today (UTC). */
  flagged_today: z.number().int(),
});
export type ApprovalStats = z.infer<typeof approvalStatsSchema>;

/** docs/product.md §2/§8 texts of the approval workflow; quoted ones verbatim, the rest ours. */
export const APPROVAL_TEXTS = {
  title: 'Approval Queue',
  subtitle: 'Review and approve AI-drafted responses before they are sent',
  approved: 'Response approved and marked final!',
  approveFailed: 'Failed to approve response',
  needsDirector: 'Only directors can approve responses with high-severity flags',
  overrideReasonLabel: 'Why may this reply go out despite its high-severity flags?',
  overrideReasonHint: `Required: ${OVERRIDE_REASON_MIN} to 1,000 characters. Kept with the approval and in the audit log.`,
  unresolvedFlagsTitle: 'Unresolved compliance flags',
  draftTitle: 'The reply as it will be sent',
  noUnresolvedFlags: 'No unresolved compliance flags on this version.',
  notChecked: 'This version has not been checked yet: approving checks it first.',
  draftLoadFailed: 'Failed to load the draft',
  reviewToApprove: 'Flagged: review the draft and its flags in the dialog before approving.',
  flagged: 'Flagged',
  noFlags: 'None',
  sortByAge: 'Sort by Age',
  viewDraft: 'View Draft',
  requestChanges: 'Request Changes',
  approveAndSend: 'Approve & Send',
  markFinal: 'Mark Final',
  submitForApproval: 'Submit for Approval',
  submitted: 'Submitted for approval',
  submitFailed: 'Failed to submit for approval',
  changesRequested: 'Changes requested',
  requestChangesFailed: 'Failed to request changes',
  empty: 'No responses are waiting for approval',
  loadFailed: 'Failed to load the approval queue',
  replyNotSent: 'The reply is approved but the e-mail could not be sent yet. It stays in the outbox.',
} as const;

/**
 * Why a role may not finalise a draft at this level (docs/product.md §6): the high case keeps product.md's
 * text; at other levels it is the organisation's matrix that asks for a director.
 */
export function approvalRefusalText(level: ApprovalLevel): string {
  if (level === 'high') return APPROVAL_TEXTS.needsDirector;
  const what = level === 'none' ? 'without compliance flags' : `with ${level}-severity flags`;
  return `Your organisation's approval matrix needs a director or admin to approve responses ${what}`;
}

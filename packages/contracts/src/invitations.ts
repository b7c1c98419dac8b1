import { z } from 'zod';
import type { InvitationPreviewStatus } from './invitation-preview';
import { mailDeliverySchema } from './mail-delivery';
import { choosePasswordSchema } from './password-policy';
import { roleSchema } from './roles';

/** docs/product.md §9: the default role of a new invitation. */
export const DEFAULT_INVITATION_ROLE = 'ir_associate' as const;

/**
 * docs/decisions/007-invitation-resend-cap.md: an invitation link is valid 7 days from when it was sent
 * (created or resent).
 * A constant, not a setting: see docs/decisions/007-invitation-resend-cap.md.
 */
export const INVITATION_LIFETIME_DAYS = 7;

/**
 * Resends are capped per day: Parley allows 3 resends per invitation
 * per UTC day (docs/decisions/007-invitation-resend-cap.md).
 */
export const INVITATION_DAILY_RESEND_CAP = 3;

/** Lists paginate on the server (docs/product.md §9): at most 100 rows a page. */
export const INVITATION_PAGE_SIZE_MAX = 100;
export const INVITATION_PAGE_SIZE_DEFAULT = 20;

/** docs/product.md §5: a delete reason is optional; ours: at most 500 characters. */
export const INVITATION_DELETE_REASON_MAX = 500;

/** docs/product.md §8: the reason every invitation deleted by Delete Selected is recorded with. */
export const BULK_DELETE_REASON = 'Bulk deletion';

/**
 * Ours: a bulk action acts on at most this many invitations. The manage list selects within one
 * page, so the largest page is enough.
 */
export const INVITATION_BULK_MAX = INVITATION_PAGE_SIZE_MAX;

/**
 * The states of docs/product.md §3/§4 as a row shows them: a pending row past its expiry reads as expired.
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** docs/product.md §2 Invite user: the manage list's tabs, in order. */
export const INVITATION_TABS = ['all', 'pending', 'accepted', 'expired', 'deleted'] as const;
export const invitationTabSchema = z.enum(INVITATION_TABS);
export type InvitationTab = z.infer<typeof invitationTabSchema>;

/**
 * User-facing texts of invitations: quoted verbatim from docs/product.md §5/§8 where it has them,
 * ours (marked) where it is silent.
 */
export const INVITATION_TEXTS = {
  /** docs/product.md §5. */
  noOrganization: 'You must be a member of an organization to invite users',
  /** docs/product.md §8 Admin, Invitations. */
  loadFailed: 'Failed to load invitations',
  sent: (email: string) => `Invitation sent to ${email}`,
  sentButEmailFailed: 'Invitation created but email failed to send',
  sendFailed: 'Failed to send invitation',
  resent: (remaining: number) => `Invitation resent successfully. ${remaining} resends remaining today.`,
  resendFailed: 'Failed to resend invitation',
  deleted: 'Invitation deleted successfully',
  deleteFailed: 'Failed to delete invitation',
  linkCopied: 'Invite link copied to clipboard',
  bulkResent: (ok: number, failed: number) => `Resent ${ok} invitations. ${failed} failed.`,
  bulkDeleted: (ok: number, failed: number) => `Deleted ${ok} invitations. ${failed} failed.`,
  /**
   * docs/product.md §8 Sign-in, MFA and invitation acceptance. The welcome line is ours (product.md omits the
   * product name).
   */
  accepted: 'Invitation accepted!',
  acceptedWelcome: 'Welcome to Parley!',
  acceptFailed: 'Failed to accept invitation',
  /** Ours: why a link cannot be used. */
  linkInvalid: 'This invitation link is not valid',
  isDeleted: 'This invitation has been deleted',
  isRevoked: 'This invitation has been revoked',
  isExpired: 'This invitation has expired',
  isAccepted: 'This invitation has already been accepted',
  /** Ours: creation refused. */
  alreadyMember: 'A user with this e-mail already exists.',
  alreadyInvited: 'This e-mail already has a pending invitation.',
  /** Ours: resend, copy link, delete refused. */
  resendNotAllowed: 'Only a pending invitation that is not deleted or expired can be resent.',
  resendLimitReached: `This invitation was already resent ${INVITATION_DAILY_RESEND_CAP} times today. Try again tomorrow.`,
  linkNotAllowed: 'Only a pending invitation that is not deleted or expired has a link to copy.',
  deleteNotAllowed: 'Only a pending invitation that is not deleted can be deleted.',
  /** Ours: accepting with an account. */
  wrongAccount:
    'This invitation was sent to a different e-mail address. Sign out and open the link again, or sign in with the invited address.',
  accountExists: 'An account with this e-mail already exists. Sign in to accept the invitation.',
  otherOrganization: 'Your account belongs to another organisation, so it cannot accept this invitation.',
  /** Ours: a password-less acceptance where magic links are off. */
  passwordRequired:
    'Magic links are turned off for this organisation. Choose a password to accept the invitation.',
} as const;

/**
 * Why a link that was once valid can no longer be used (docs/product.md §4: deleted, revoked, expired,
 * accepted).
 */
export function invitationUnavailableMessage(status: InvitationPreviewStatus): string | null {
  switch (status) {
    case 'deleted':
      return INVITATION_TEXTS.isDeleted;
    case 'revoked':
      return INVITATION_TEXTS.isRevoked;
    case 'expired':
      return INVITATION_TEXTS.isExpired;
    case 'accepted':
      return INVITATION_TEXTS.isAccepted;
    case 'pending':
      return null;
  }
}

/** Trimmed and lower-cased before it is checked, so a pasted address with spaces is accepted. */
const emailSchema = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Use at most 254 characters' }));
const tokenSchema = z.string().trim().min(1, { error: 'The invitation link is incomplete' }).max(200);

/** POST /api/invitations (docs/product.md §5: email required; role defaults to ir_associate). */
export const createInvitationInputSchema = z.object({
  email: emailSchema,
  role: roleSchema.default(DEFAULT_INVITATION_ROLE),
});
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

/** One row of user_invitations as the admin sees it: never its token or token hash. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  /** pending past expires_at reads as expired. */
  status: invitationStatusSchema,
  accepted: z.boolean(),
  invited_by: z.string().nullable(),
  invited_by_name: z.string().nullable(),
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  delete_reason: z.string().nullable(),
  resend_count_lifetime: z.number().int(),
  /** Resends left today (UTC) under the daily cap. */
  resends_remaining: z.number().int(),
  /** What the row allows now (docs/product.md §4), so the UI disables what the server would refuse. */
  can_resend: z.boolean(),
  can_copy_link: z.boolean(),
  can_delete: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * 201 of POST /api/invitations: the row, and what became of its e-mail: `email_sent` is true only
 * when an SMTP server took it, `delivery` says the rest (docs/product.md §8's warnings).
 */
export const createInvitationResponseSchema = z.object({
  invitation: invitationSchema,
  email_sent: z.boolean(),
  delivery: mailDeliverySchema,
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

/** GET /api/invitations query: a tab, 'Show deleted', and a page. */
export const listInvitationsQuerySchema = z.object({
  tab: invitationTabSchema.default('all'),
  show_deleted: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(INVITATION_PAGE_SIZE_MAX, { error: `Use at most ${INVITATION_PAGE_SIZE_MAX}` })
    .default(INVITATION_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type ListInvitationsQuery = z.input<typeof listInvitationsQuerySchema>;
/** The query as the route validated it: defaults applied, `show_deleted` a boolean. */
export type ListInvitationsParams = z.output<typeof listInvitationsQuerySchema>;

export const invitationCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  expired: z.number().int(),
  deleted: z.number().int(),
});
export type InvitationCounts = z.infer<typeof invitationCountsSchema>;

export const listInvitationsResponseSchema = z.object({
  items: z.array(invitationSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Every tab's count under the same 'Show deleted' setting. */
  counts: invitationCountsSchema,
});
export type ListInvitationsResponse = z.infer<typeof listInvitationsResponseSchema>;

/** docs/product.md §7 resend-invite: how many resends are left today, and whether the mail left Parley. */
export const resendInvitationResponseSchema = z.object({
  resends_remaining: z.number().int(),
  email_sent: z.boolean(),
  delivery: mailDeliverySchema,
});
export type ResendInvitationResponse = z.infer<typeof resendInvitationResponseSchema>;

/** POST /api/invitations/:id/link: a freshly minted link (the previous one stops working). */
export const invitationLinkResponseSchema = z.object({ url: z.string() });
export type InvitationLinkResponse = z.infer<typeof invitationLinkResponseSchema>;

/** docs/product.md §7 delete-invite: the reason is optional. */
export const deleteInvitationInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(INVITATION_DELETE_REASON_MAX, { error: `Use at most ${INVITATION_DELETE_REASON_MAX} characters` })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type DeleteInvitationInput = z.input<typeof deleteInvitationInputSchema>;

const invitationIdSchema = z.uuid({ error: 'Not an invitation id' });

export const invitationIdParamSchema = z.object({ id: invitationIdSchema });

/** The bulk actions of the manage list (its Clear only empties the selection). */
export const BULK_INVITATION_ACTIONS = ['resend', 'delete'] as const;
export type BulkInvitationAction = (typeof BULK_INVITATION_ACTIONS)[number];

/**
 * POST /api/invitations/bulk: Resend Selected or Delete Selected, as one request. A bulk delete
 * always records BULK_DELETE_REASON, so it takes no reason.
 */
export const bulkInvitationActionInputSchema = z.object({
  action: z.enum(BULK_INVITATION_ACTIONS, { error: 'Use resend or delete' }),
  ids: z
    .array(invitationIdSchema, { error: 'List the invitation ids' })
    .min(1, { error: 'Select at least one invitation' })
    .max(INVITATION_BULK_MAX, { error: `Select at most ${INVITATION_BULK_MAX} invitations` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'List each invitation once' }),
});
export type BulkInvitationActionInput = z.infer<typeof bulkInvitationActionInputSchema>;

/** What became of one invitation of a bulk action. */
export const bulkInvitationOutcomeSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** A resent invitation: whether its mail left Parley (the outbox keeps it otherwise), and how it stands. */
  email_sent: z.boolean().optional(),
  delivery: mailDeliverySchema.optional(),
  /** A refused invitation: the code and message the single-row action answers for it. */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type BulkInvitationOutcome = z.infer<typeof bulkInvitationOutcomeSchema>;

/** The counts of 'Resent N invitations. M failed.', and each id's outcome in the order of `ids`. */
export const bulkInvitationActionResponseSchema = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkInvitationOutcomeSchema),
});
export type BulkInvitationActionResponse = z.infer<typeof bulkInvitationActionResponseSchema>;

export const invitationTokenInputSchema = z.object({ token: tokenSchema });
export type InvitationTokenInput = z.infer<typeof invitationTokenInputSchema>;

/**
 * POST /api/invitations/accept: a newcomer's name and password; the e-mail is the invited one.
 * Without a password the newcomer signs in with magic links (docs/product.md §2 Sign-in), where the
 * organisation
 * allows them.
 */
export const acceptInvitationInputSchema = z.object({
  token: tokenSchema,
  name: z.string().trim().min(1, { error: 'Name is required' }).max(200),
  password: choosePasswordSchema.optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInputSchema>;

/** docs/product.md §7 auth-verify-invite. */
export const verifyInviteInputSchema = z.object({ email: emailSchema });
export type VerifyInviteInput = z.infer<typeof verifyInviteInputSchema>;

export const verifyInviteResponseSchema = z.object({
  allowed: z.boolean(),
  message: z.string(),
});
export type VerifyInviteResponse = z.infer<typeof verifyInviteResponseSchema>;

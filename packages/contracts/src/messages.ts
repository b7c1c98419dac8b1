import { z } from 'zod';

/**
 * docs/product.md §3 investor_messages.status: the statuses the inbox knows; anything else is shown as open.
 */
export const MESSAGE_STATUSES = ['open', 'awaiting_approval', 'resolved', 'flagged'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message's status in words, wherever one is shown (the inbox tabs' names). */
const MESSAGE_STATUS_NAMES: Record<MessageStatus, string> = {
  open: 'Open',
  awaiting_approval: 'Awaiting Approval',
  resolved: 'Resolved',
  flagged: 'Flagged',
};

export function formatMessageStatus(status: MessageStatus): string {
  return MESSAGE_STATUS_NAMES[status];
}

/**
 * docs/product.md §2 Inbox tabs. The Open tab holds 'open', 'flagged' (still to be answered, with a Flagged
 * badge) and every unknown status, so Open + Awaiting Approval + Resolved = All
 * (docs/decisions/020-flagged-messages-stay-open.md).
 */
export const INBOX_TABS = ['all', 'open', 'awaiting_approval', 'resolved'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** At most this many topics per message, each at most this long (ours; docs/product.md does not fix them). */
export const MESSAGE_TOPICS_MAX = 10;
export const MESSAGE_TOPIC_LENGTH_MAX = 40;
/** docs/product.md §2 Compose: topics suggested from the text when none are given. */
export const MESSAGE_SUGGESTED_TOPICS_MAX = 3;
/** docs/product.md §9: the inbox card shows the first 2 topics. */
export const INBOX_CARD_TOPICS = 2;
/** docs/product.md §9 sentiment colour thresholds. */
export const SENTIMENT_SUCCESS_MIN = 0.6;
export const SENTIMENT_WARNING_MIN = 0.4;

export type SentimentLabel = 'Positive' | 'Neutral' | 'Negative';

/**
 * The word a sentiment score (0 negative … 1 positive) is shown as: the §9 colour bands named, so the
 * word and the colour never disagree (docs/product.md §2 Inbox).
 */
export function sentimentLabelOf(score: number): SentimentLabel {
  if (score >= SENTIMENT_SUCCESS_MIN) return 'Positive';
  if (score >= SENTIMENT_WARNING_MIN) return 'Neutral';
  return 'Negative';
}
/** Inbox pages (STYLE.md: lists paginate on the server, limit ≤ 100). */
export const INBOX_PAGE_SIZE_DEFAULT = 20;
export const INBOX_PAGE_SIZE_MAX = 100;
/**
 * Ours (docs/decisions/016-inbox-tab-counts.md): with a search, each tab counts at most this many matches; a
 * tab with more is
 * listed in `counts_capped` and shown as '1,000+'.
 */
export const INBOX_SEARCH_COUNT_CAP = 1000;

/** How a message came in (docs/decisions/058-inbound-email.md). */
export const MESSAGE_SOURCES = ['compose', 'email'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** Field caps (ours): long enough for any real e-mail, small enough for the 64 KB API body limit. */
export const MESSAGE_LIMITS = {
  investorName: 200,
  investorEmail: 254,
  subject: 300,
  bodyText: 20_000,
  search: 200,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * Topic rules (docs/product.md §5): trimmed; empty and case-insensitive duplicates ignored (the first
 * spelling
 * wins); at most MESSAGE_TOPICS_MAX topics of at most MESSAGE_TOPIC_LENGTH_MAX characters.
 */
export function normalizeTopics(topics: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of topics) {
    const topic = raw.trim().replace(/\s+/g, ' ');
    const key = topic.toLowerCase();
    if (!topic || seen.has(key)) continue;
    seen.add(key);
    out.push(topic);
  }
  return out;
}

export const topicsSchema = z
  .array(z.string({ error: 'Each topic must be text' }).max(200, { error: 'Topic is too long' }), {
    error: 'Topics must be a list',
  })
  .max(50, { error: 'Too many topics' })
  .transform(normalizeTopics)
  .refine((topics) => topics.length <= MESSAGE_TOPICS_MAX, {
    error: `At most ${MESSAGE_TOPICS_MAX} topics`,
  })
  .refine((topics) => topics.every((t) => t.length <= MESSAGE_TOPIC_LENGTH_MAX), {
    error: `Each topic must be at most ${MESSAGE_TOPIC_LENGTH_MAX} characters`,
  });

/** Control characters (newlines and tabs included) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/**
 * A field that is one line of text: a name or a subject with a line break or a control character in it is
 * a paste mistake at best, and at worst a way to smuggle a line of instructions into the drafter's prompt
 * (docs/decisions/025-honest-remote-drafter.md).
 */
const oneLineText = (label: string, max: number) =>
  requiredText(label, max).refine((value) => !LINE_BREAKING.test(value), {
    error: `${label} must be one line, without line breaks or control characters`,
  });

/** POST /api/messages (docs/product.md §2 Compose). */
export const createMessageInputSchema = z.object({
  investor_name: oneLineText('Investor name', MESSAGE_LIMITS.investorName),
  investor_email: z
    .string({ error: 'Investor email is required' })
    .trim()
    .min(1, { error: 'Investor email is required' })
    .max(MESSAGE_LIMITS.investorEmail, { error: 'Investor email is too long' })
    .pipe(z.email({ error: 'Enter a valid email address' })),
  project_id: z.uuid({ error: 'Choose a project' }),
  subject: oneLineText('Subject', MESSAGE_LIMITS.subject),
  body_text: requiredText('Message', MESSAGE_LIMITS.bodyText),
  topics: topicsSchema.optional(),
});
export type CreateMessageInput = z.input<typeof createMessageInputSchema>;

/** A member as a message names them: an owner, or one to choose as owner. */
export const memberRefSchema = z.object({ id: z.string(), name: z.string() });
export type MemberRef = z.infer<typeof memberRefSchema>;

export const messageSchema = z.object({
  id: z.string(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  investor_name: z.string(),
  investor_email: z.string(),
  subject: z.string(),
  body_text: z.string(),
  topics: z.array(z.string()),
  /** 0 (negative) .. 1 (positive); null when it could not be computed. */
  sentiment_score: z.number().nullable(),
  /** Unknown stored statuses are answered as 'open'. */
  status: z.enum(MESSAGE_STATUSES),
  created_at: z.string(),
  /** The member who looks after it (docs/decisions/050-triage-unread-and-owner.md). */
  owner: memberRefSchema.nullable(),
  /** Whether the caller has not opened the thread yet: per member (docs/decisions/050-triage-unread-and-owner.md). */
  unread: z.boolean(),
  /**
   * The thread it belongs to: its first message's id, the message's own for the first
   * (docs/decisions/058-inbound-email.md). /inbox/{thread_id} opens the thread.
   */
  thread_id: z.string(),
  /** compose: logged by a member; email: received by Parley. */
  source: z.enum(MESSAGE_SOURCES),
  /** Received from an address the organisation has no earlier message from, not in answer to a reply. */
  sender_unknown: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageIdParamSchema = z.object({ id: z.uuid({ error: 'Not a message id' }) });

/** GET /api/messages query. */
export const listMessagesQuerySchema = z.object({
  tab: z.enum(INBOX_TABS, { error: 'Use all, open, awaiting_approval or resolved' }).default('all'),
  q: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.search, { error: `Use at most ${MESSAGE_LIMITS.search} characters` })
    .optional(),
  project_id: z.uuid({ error: 'Not a project id' }).optional(),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(INBOX_PAGE_SIZE_MAX, { error: `Use at most ${INBOX_PAGE_SIZE_MAX}` })
    .default(INBOX_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

export const inboxCountsSchema = z.object({
  all: z.number().int(),
  open: z.number().int(),
  awaiting_approval: z.number().int(),
  resolved: z.number().int(),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

export const listMessagesResponseSchema = z.object({
  items: z.array(messageSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /**
   * Every tab's count under the same project filter; null under a search, whose counts
   * GET /api/messages/counts answers, so the page never waits for them (docs/decisions/016-inbox-tab-counts.md).
   */
  counts: inboxCountsSchema.nullable(),
});
export type ListMessagesResponse = z.infer<typeof listMessagesResponseSchema>;

/** GET /api/messages/counts?q&project_id: the inbox's filters without tab and page. */
export const messageCountsQuerySchema = listMessagesQuerySchema.pick({ q: true, project_id: true });
export type MessageCountsQuery = z.input<typeof messageCountsQuerySchema>;

export const messageCountsResponseSchema = z.object({
  counts: inboxCountsSchema,
  /** Tabs whose count stopped at INBOX_SEARCH_COUNT_CAP (only with a search): there are more. */
  counts_capped: z.array(z.enum(INBOX_TABS)),
});
export type MessageCountsResponse = z.infer<typeof messageCountsResponseSchema>;

/**
 * Ours (docs/decisions/050-triage-unread-and-owner.md): the sidebar's unread count looks at the newest this
 * many messages of each status still to be dealt with (open, flagged, awaiting approval), and shows more
 * than UNREAD_BADGE_CAP as '99+'. Both bound the count's cost whatever the size of the inbox.
 */
export const UNREAD_COUNT_WINDOW = 1000;
export const UNREAD_BADGE_CAP = 99;

/** GET /api/messages/badges: the sidebar's and the bell's counts for the caller. */
export const messageBadgesResponseSchema = z.object({
  /** Messages the caller has not opened among those still to be dealt with, at most UNREAD_BADGE_CAP. */
  unread: z.number().int(),
  /** More than UNREAD_BADGE_CAP unread: shown as '99+'. */
  unread_capped: z.boolean(),
  /** Messages awaiting approval, for a caller who may review them (approvals.review); else null. */
  approvals_waiting: z.number().int().nullable(),
});
export type MessageBadgesResponse = z.infer<typeof messageBadgesResponseSchema>;

/** GET /api/messages/assignees: the organisation's active members, by name, to choose an owner from. */
export const messageAssigneesResponseSchema = z.object({ items: z.array(memberRefSchema) });
export type MessageAssigneesResponse = z.infer<typeof messageAssigneesResponseSchema>;
/** At most this many members are offered (ours: an IR team is a few dozen people). */
export const MESSAGE_ASSIGNEES_MAX = 500;

const ownerIdSchema = z.uuid({ error: 'Not a member id' }).nullable();

/** PUT /api/messages/:id/owner: the member who looks after the message, or null for nobody. */
export const setMessageOwnerInputSchema = z.strictObject({
  owner_id: ownerIdSchema,
});
export type SetMessageOwnerInput = z.input<typeof setMessageOwnerInputSchema>;

/** Ours: one bulk request changes at most this many messages (one transaction, one audit entry each). */
export const MESSAGE_BULK_MAX = 100;
export const MESSAGE_BULK_ACTIONS = ['resolve', 'reopen', 'assign'] as const;
export type MessageBulkAction = (typeof MESSAGE_BULK_ACTIONS)[number];

/** POST /api/messages/bulk: one action on the inbox's selection. */
export const bulkMessagesInputSchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: 'Not a message id' }), { error: 'ids must be a list of message ids' })
      .min(1, { error: 'Select at least one message' })
      .max(MESSAGE_BULK_MAX, { error: `At most ${MESSAGE_BULK_MAX} messages at once` }),
    action: z.enum(MESSAGE_BULK_ACTIONS, { error: 'Use resolve, reopen or assign' }),
    owner_id: ownerIdSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'assign' && input.owner_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['owner_id'], message: 'Choose a member, or null for nobody' });
    }
    if (input.action !== 'assign' && input.owner_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['owner_id'], message: 'Only assign takes an owner' });
    }
  });
export type BulkMessagesInput = z.input<typeof bulkMessagesInputSchema>;

export const bulkMessagesResponseSchema = z.object({
  /** The messages the action changed; the others already were as asked. */
  changed: z.array(z.string()),
});
export type BulkMessagesResponse = z.infer<typeof bulkMessagesResponseSchema>;

/** docs/product.md §8 Inbox and draft texts, and Compose's; quoted ones verbatim, the rest ours. */
export const INBOX_TEXTS = {
  title: 'Investor Inbox',
  subtitle: 'Manage investor communications with AI assistance',
  searchPlaceholder: 'Search messages...',
  empty: 'No messages found',
  createFirst: 'Log the first message',
  emptySearch: (q: string) => `No message matches “${q}”`,
  clearSearch: 'Clear search',
  emptyTab: 'No message here',
  showAll: 'Show all messages',
  noFunds: 'No funds yet',
  noFundsBody:
    'Each investor message belongs to a fund, and drafts cite its documents. Create the first fund and upload its documents, then log messages.',
  noFundsBodyAsk: 'Each investor message belongs to a fund. An admin or a director creates the funds.',
  goToProjects: 'Go to Projects',
  loadFailed: 'Failed to load messages',
  aiDraftGenerated: 'AI draft generated! Review in the draft workspace.',
  draftSaved: 'Draft saved',
} as const;

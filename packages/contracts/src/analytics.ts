import { z } from 'zod';
import { COMPLIANCE_SEVERITIES } from './compliance';
import { MESSAGE_STATUSES } from './messages';
import { ROLES } from './roles';

/**
 * Analytics (docs/product.md §2 Analytics, docs/decisions/043-analytics.md): figures computed from what
 * Parley recorded, for a period and a fund (all or one), each against the previous period of the same
 * length.
 */

export const ANALYTICS_PRESETS = ['7d', '30d', '90d'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
export const ANALYTICS_PRESET_DAYS: Record<AnalyticsPreset, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** A custom period is at most a year (and its previous period another): the queries stay bounded. */
export const ANALYTICS_MAX_DAYS = 366;
/** SPEC §9's targets: drafts with citations and replies built from an approved template. */
export const ANALYTICS_TARGETS = { citations: 0.95, templates: 0.9 } as const;
/** The organisation's response-time target (docs/decisions/043-analytics.md): business days, Mon–Fri UTC. */
export const RESPONSE_TARGET_DEFAULT_DAYS = 2;
export const RESPONSE_TARGET_MAX_DAYS = 30;
/** Series points are days up to this many days, then ISO weeks (Monday). */
export const ANALYTICS_DAILY_MAX_DAYS = 92;
/** Lists inside the answer (flagged terms, overrides, authors) are cut to their top rows. */
export const ANALYTICS_LIST_LIMIT = 20;
export const ANALYTICS_DRILL_PAGE_SIZE_DEFAULT = 25;
export const ANALYTICS_DRILL_PAGE_SIZE_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayField = (which: string) =>
  z
    .string({ error: `Send the ${which} date as YYYY-MM-DD` })
    .regex(DAY, { error: `Send the ${which} date as YYYY-MM-DD` })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00.000Z`)) &&
        new Date(`${v}T00:00:00.000Z`).toISOString().startsWith(v),
      {
        error: `Not a real ${which} date`,
      },
    );

const periodFields = {
  period: z.enum([...ANALYTICS_PRESETS, 'custom'], { error: 'Use 7d, 30d, 90d or custom' }).default('30d'),
  /** With period=custom: the first and last UTC day, both included. */
  from: dayField('start').optional(),
  to: dayField('end').optional(),
  fund: z.uuid({ error: 'Not a valid fund id' }).optional(),
};

type PeriodFields = { period: string; from?: string | undefined; to?: string | undefined };

function customPeriodRules(value: PeriodFields, ctx: z.RefinementCtx) {
  if (value.period !== 'custom') return;
  if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Pick the start date' });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Pick the end date' });
  if (!value.from || !value.to) return;
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
  if (days < 1)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  else if (days > ANALYTICS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Pick at most ${ANALYTICS_MAX_DAYS} days` });
  }
}

/** GET /api/analytics: the period (a preset, or custom from/to) and the fund (all when absent). */
export const analyticsQuerySchema = z.object(periodFields).superRefine(customPeriodRules);
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** What a drill-down lists: the messages behind one figure of the page. */
export const ANALYTICS_DRILL_METRICS = [
  'drafts',
  'approved',
  'first_pass',
  'changes_requested',
  'high_flags',
  'rated',
  'term',
  'overrides',
  'replied_late',
  'open_past_target',
  'without_citations',
  'not_from_template',
] as const;
export type AnalyticsDrillMetric = (typeof ANALYTICS_DRILL_METRICS)[number];

/** GET /api/analytics/messages: the period and fund of the page, the figure, and for `term` the term. */
export const analyticsDrillQuerySchema = z
  .object({
    ...periodFields,
    metric: z.enum(ANALYTICS_DRILL_METRICS, { error: 'Not a figure of the analytics page' }),
    term: z.string().trim().min(1).max(200, { error: 'Use at most 200 characters' }).optional(),
    /** Only with metric=term: one author's flags. */
    author: z.uuid({ error: 'Not a valid user id' }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number({ error: 'Use a number' })
      .int()
      .min(1)
      .max(ANALYTICS_DRILL_PAGE_SIZE_MAX, { error: `Use at most ${ANALYTICS_DRILL_PAGE_SIZE_MAX}` })
      .default(ANALYTICS_DRILL_PAGE_SIZE_DEFAULT),
  })
  .superRefine((value, ctx) => {
    customPeriodRules(value, ctx);
    if (value.metric === 'term' && !value.term) {
      ctx.addIssue({ code: 'custom', path: ['term'], message: 'Name the flagged term' });
    }
  });
export type AnalyticsDrillQuery = z.input<typeof analyticsDrillQuerySchema>;

/** A figure now and in the previous period; null when there is nothing to compute it from. */
const figureSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable() });
export type AnalyticsFigure = z.infer<typeof figureSchema>;

/** A share with its parts, so the page can say '19 of 20' and never divide by zero. */
const shareSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  value: z.number().nullable(),
});
export type AnalyticsShare = z.infer<typeof shareSchema>;

export const analyticsSeriesPointSchema = z.object({
  /** The first day of the point (a day, or the Monday of an ISO week), YYYY-MM-DD. */
  start: z.string(),
  days: z.number().int(),
  messages: z.number().int(),
  drafts: z.number().int(),
  approved: z.number().int(),
  first_pass: z.number().int(),
  high_flags: z.number().int(),
  ratings: z.number().int(),
  rating_sum: z.number().int(),
});
export type AnalyticsSeriesPoint = z.infer<typeof analyticsSeriesPointSchema>;

export const analyticsResponseSchema = z.object({
  /**
   * ISO timestamps, the end excluded: a preset ends now, a custom period at the midnight after `to`; the
   * previous period ends where this one starts.
   */
  period: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    previous_from: z.string(),
    previous_to: z.string(),
    bucket: z.enum(['day', 'week']),
  }),
  fund_id: z.string().nullable(),
  kpis: z.object({
    /** Drafts a drafter wrote (not edits) per day of the period. */
    drafts_per_day: figureSchema.extend({ count: z.number().int(), previous_count: z.number().int() }),
    /** Replies approved without a Request Changes round ÷ replies approved. */
    first_pass_approval: figureSchema.extend({ count: z.number().int(), total: z.number().int() }),
    /** High-severity flags raised per 100 messages received. */
    high_flags_per_100: figureSchema.extend({ flags: z.number().int(), messages: z.number().int() }),
    /** The directors' 1–5 ratings given when approving. */
    average_rating: figureSchema.extend({ ratings: z.number().int() }),
  }),
  series: z.array(analyticsSeriesPointSchema),
  flagged_terms: z.array(
    z.object({
      term: z.string(),
      rule: z.string(),
      severity: z.enum(COMPLIANCE_SEVERITIES),
      count: z.number().int(),
    }),
  ),
  operational: z.object({
    target_business_days: z.number().int(),
    median_first_reply_hours: figureSchema,
    median_approval_hours: figureSchema,
    /** First replies sent within the target ÷ first replies sent. */
    replies_within_target: shareSchema,
    /** Messages still unanswered (open, flagged, awaiting approval) past the target now. */
    open_past_target: z.number().int(),
  }),
  adoption: z.object({
    drafts_with_citations: shareSchema.extend({ target: z.number() }),
    replies_from_template: shareSchema.extend({ target: z.number() }),
    active_users: z.array(
      z.object({ role: z.enum(ROLES), active: z.number().int(), members: z.number().int() }),
    ),
  }),
  compliance: z.object({
    /** Flags whose message was answered: removed before sending, cleared as not a problem, or sent. */
    flag_outcomes: z.object({
      fixed: z.number().int(),
      dismissed: z.number().int(),
      sent: z.number().int(),
      fix_rate: z.number().nullable(),
    }),
    overrides: z.object({
      total: z.number().int(),
      items: z.array(
        z.object({
          message_id: z.string(),
          subject: z.string(),
          approved_by_name: z.string().nullable(),
          approved_at: z.string(),
          reason: z.string(),
          terms: z.array(z.string()),
        }),
      ),
    }),
    author_terms: z.array(
      z.object({
        user_id: z.string(),
        name: z.string().nullable(),
        flags: z.number().int(),
        terms: z.array(z.object({ term: z.string(), count: z.number().int() })),
      }),
    ),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const analyticsDrillItemSchema = z.object({
  id: z.string(),
  subject: z.string(),
  investor_name: z.string(),
  fund_name: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  received_at: z.string(),
  /** When the event behind the figure happened (drafted, approved, flagged …). */
  at: z.string(),
  /** A word on why it is listed: the rating, the term, the hours late. */
  detail: z.string().nullable(),
});
export type AnalyticsDrillItem = z.infer<typeof analyticsDrillItemSchema>;

export const analyticsDrillResponseSchema = z.object({
  items: z.array(analyticsDrillItemSchema),
  next_cursor: z.string().nullable(),
});
export type AnalyticsDrillResponse = z.infer<typeof analyticsDrillResponseSchema>;

/** PUT /api/analytics/response-target (admin): business days, 1 to 30. */
export const responseTargetInputSchema = z.object({
  business_days: z
    .number({ error: 'Use a whole number of business days' })
    .int({ error: 'Use a whole number of business days' })
    .min(1, { error: 'Use at least 1 business day' })
    .max(RESPONSE_TARGET_MAX_DAYS, { error: `Use at most ${RESPONSE_TARGET_MAX_DAYS} business days` }),
});
export const responseTargetResponseSchema = responseTargetInputSchema;

/** docs/product.md §8 Analytics texts. */
export const ANALYTICS_TEXTS = {
  title: 'Analytics',
  subtitle: 'Drafting, compliance and adoption metrics',
  loadFailed: 'Failed to load analytics',
  empty: 'Nothing recorded in this period yet',
  emptyHint: 'Figures appear as messages arrive, drafts are written and replies are approved.',
  noFlags: 'No terms flagged in this period',
  noOverrides: 'No high-severity flags were approved over in this period',
  targetSaved: 'Response-time target saved',
} as const;

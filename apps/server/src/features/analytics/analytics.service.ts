import {
  ANALYTICS_DAILY_MAX_DAYS,
  ANALYTICS_LIST_LIMIT,
  ANALYTICS_PRESET_DAYS,
  ANALYTICS_TARGETS,
  type AnalyticsDrillResponse,
  type AnalyticsResponse,
  type AnalyticsSeriesPoint,
  type analyticsDrillQuerySchema,
  type analyticsQuerySchema,
  MESSAGE_STATUSES,
  type MessageStatus,
  ROLES,
  type Role,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { getProject } from '../projects/projects.service';
import {
  countActiveUsers,
  countByDay,
  countFlagOutcomes,
  countOpenPastTarget,
  type DayCounts,
  findResponseTargetDays,
  listAuthorTerms,
  listDrillRows,
  listFlaggedTerms,
  listOverrides,
  type Scope,
  summariseResponseTimes,
  updateResponseTargetDays,
  withoutJit,
} from './analytics.queries';

/**
 * Analytics (docs/product.md §2 Analytics, docs/decisions/043-analytics.md): the figures of a period and
 * fund, each beside the previous period of the same length, computed from what the workflow recorded.
 */

type AnalyticsContext = Pick<ServiceContext, 'db' | 'clock'>;
type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
type DrillQuery = z.output<typeof analyticsDrillQuerySchema>;

const DAY_MS = 86_400_000;

export type Period = { from: Date; to: Date; days: number; previousFrom: Date };

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * A preset is the last N UTC days, today included (so it ends now); a custom period runs from the start
 * of `from` to the end of `to`. The previous period is the same number of days just before.
 */
export function periodOf(query: Pick<AnalyticsQuery, 'period' | 'from' | 'to'>, now: Date): Period {
  if (query.period === 'custom' && query.from && query.to) {
    const from = new Date(`${query.from}T00:00:00.000Z`);
    const to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
    return { from, to, days, previousFrom: new Date(from.getTime() - days * DAY_MS) };
  }
  const days = ANALYTICS_PRESET_DAYS[query.period === 'custom' ? '30d' : query.period];
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
  return { from, to: now, days, previousFrom: new Date(from.getTime() - days * DAY_MS) };
}

async function fundOf(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  fund: string | undefined,
) {
  if (!fund) return null;
  try {
    await getProject(ctx, actor, { id: fund });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('VALIDATION_FAILED', { fields: { fund: 'No such fund in this organisation' } });
    }
    throw error;
  }
  return fund;
}

const ratio = (count: number, total: number) => (total > 0 ? count / total : null);
const hours = (seconds: number | null) => (seconds === null ? null : seconds / 3600);

type Totals = Omit<DayCounts, 'day'>;

function sum(days: readonly DayCounts[]): Totals {
  const totals: Totals = {
    messages: 0,
    drafts: 0,
    cited: 0,
    approved: 0,
    first_pass: 0,
    from_template: 0,
    ratings: 0,
    rating_sum: 0,
    high_flags: 0,
  };
  for (const day of days) {
    for (const key of Object.keys(totals) as (keyof Totals)[]) totals[key] += day[key];
  }
  return totals;
}

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The Monday of the ISO week of a UTC day. */
function weekStart(day: Date): Date {
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/**
 * Every day (or ISO week, past ANALYTICS_DAILY_MAX_DAYS) of the period, with zeros where nothing
 * happened, so a chart's gaps are real. A week cut by the period's edges counts only its days inside.
 */
export function seriesOf(period: Period, days: readonly DayCounts[]): AnalyticsSeriesPoint[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const weekly = period.days > ANALYTICS_DAILY_MAX_DAYS;
  const points: AnalyticsSeriesPoint[] = [];
  for (let i = 0; i < period.days; i++) {
    const day = new Date(period.from.getTime() + i * DAY_MS);
    const start = isoDay(weekly ? weekStart(day) : day);
    let point = points.at(-1);
    if (!point || point.start !== start) {
      point = {
        start,
        days: 0,
        messages: 0,
        drafts: 0,
        approved: 0,
        first_pass: 0,
        high_flags: 0,
        ratings: 0,
        rating_sum: 0,
      };
      points.push(point);
    }
    point.days += 1;
    const counts = byDay.get(isoDay(day));
    if (!counts) continue;
    point.messages += counts.messages;
    point.drafts += counts.drafts;
    point.approved += counts.approved;
    point.first_pass += counts.first_pass;
    point.high_flags += counts.high_flags;
    point.ratings += counts.ratings;
    point.rating_sum += counts.rating_sum;
  }
  return points;
}

function kpisOf(period: Period, now: Totals, before: Totals): AnalyticsResponse['kpis'] {
  const perHundred = (t: Totals) => (t.messages > 0 ? (t.high_flags / t.messages) * 100 : null);
  const rating = (t: Totals) => (t.ratings > 0 ? t.rating_sum / t.ratings : null);
  return {
    drafts_per_day: {
      value: now.drafts / period.days,
      previous: before.drafts / period.days,
      count: now.drafts,
      previous_count: before.drafts,
    },
    first_pass_approval: {
      value: ratio(now.first_pass, now.approved),
      previous: ratio(before.first_pass, before.approved),
      count: now.first_pass,
      total: now.approved,
    },
    high_flags_per_100: {
      value: perHundred(now),
      previous: perHundred(before),
      flags: now.high_flags,
      messages: now.messages,
    },
    average_rating: { value: rating(now), previous: rating(before), ratings: now.ratings },
  };
}

function groupAuthorTerms(rows: Awaited<ReturnType<typeof listAuthorTerms>>) {
  const authors: AnalyticsResponse['compliance']['author_terms'] = [];
  for (const row of rows) {
    let author = authors.at(-1);
    if (!author || author.user_id !== row.userId) {
      author = { user_id: row.userId, name: row.name, flags: row.flags, terms: [] };
      authors.push(author);
    }
    author.terms.push({ term: row.term, count: row.count });
  }
  return authors;
}

/** What a page or a drill-down reads: the fund (checked), the period as of now, the target. */
async function scopeOf(
  ctx: AnalyticsContext,
  actor: Pick<Actor, 'orgId'>,
  query: AnalyticsQuery | DrillQuery,
) {
  const fundId = await fundOf(ctx, actor, query.fund);
  const now = ctx.clock.now();
  const period = periodOf(query, now);
  const scope: Scope = { orgId: actor.orgId, fundId, from: period.from, to: period.to };
  const targetDays = await findResponseTargetDays(ctx.db, actor.orgId);
  return { fundId, now, period, scope, targetDays };
}

/** GET /api/analytics. */
export async function getAnalytics(
  ctx: AnalyticsContext,
  actor: Pick<Actor, 'orgId'>,
  query: AnalyticsQuery,
): Promise<AnalyticsResponse> {
  const { fundId, now, period, scope, targetDays } = await scopeOf(ctx, actor, query);
  const previous: Scope = { ...scope, from: period.previousFrom, to: period.from };

  const read = <T>(query: (db: DbOrTx) => Promise<T>) => withoutJit(ctx.db, query);
  const [
    days,
    previousDays,
    times,
    previousTimes,
    openPastTarget,
    terms,
    authorTerms,
    outcomes,
    overrides,
    active,
  ] = await Promise.all([
    read((db) => countByDay(db, scope)),
    read((db) => countByDay(db, previous)),
    read((db) => summariseResponseTimes(db, scope, targetDays)),
    read((db) => summariseResponseTimes(db, previous, targetDays)),
    read((db) => countOpenPastTarget(db, scope, targetDays, now)),
    read((db) => listFlaggedTerms(db, scope, ANALYTICS_LIST_LIMIT)),
    read((db) => listAuthorTerms(db, scope, { authors: ANALYTICS_LIST_LIMIT, perAuthor: 5 })),
    read((db) => countFlagOutcomes(db, scope)),
    read((db) => listOverrides(db, scope, ANALYTICS_LIST_LIMIT)),
    read((db) => countActiveUsers(db, scope)),
  ]);
  const totals = sum(days);
  const before = sum(previousDays);
  const settled = outcomes.fixed + outcomes.dismissed + outcomes.sent;
  const activeByRole = new Map(active.map((row) => [row.role, row]));

  return {
    period: {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      days: period.days,
      previous_from: period.previousFrom.toISOString(),
      previous_to: period.from.toISOString(),
      bucket: period.days > ANALYTICS_DAILY_MAX_DAYS ? 'week' : 'day',
    },
    fund_id: fundId,
    kpis: kpisOf(period, totals, before),
    series: seriesOf(period, days),
    flagged_terms: terms,
    operational: {
      target_business_days: targetDays,
      median_first_reply_hours: {
        value: hours(times.medianFirstReplySeconds),
        previous: hours(previousTimes.medianFirstReplySeconds),
      },
      median_approval_hours: {
        value: hours(times.medianApprovalSeconds),
        previous: hours(previousTimes.medianApprovalSeconds),
      },
      replies_within_target: {
        count: times.withinTarget,
        total: times.firstReplies,
        value: ratio(times.withinTarget, times.firstReplies),
      },
      open_past_target: openPastTarget,
    },
    adoption: {
      drafts_with_citations: {
        count: totals.cited,
        total: totals.drafts,
        value: ratio(totals.cited, totals.drafts),
        target: ANALYTICS_TARGETS.citations,
      },
      replies_from_template: {
        count: totals.from_template,
        total: totals.approved,
        value: ratio(totals.from_template, totals.approved),
        target: ANALYTICS_TARGETS.templates,
      },
      active_users: ROLES.map((role: Role) => ({
        role,
        active: Number(activeByRole.get(role)?.active ?? 0),
        members: Number(activeByRole.get(role)?.members ?? 0),
      })),
    },
    compliance: {
      flag_outcomes: { ...outcomes, fix_rate: ratio(outcomes.fixed, settled) },
      overrides: {
        total: overrides.total,
        items: overrides.items.map((item) => ({
          message_id: item.messageId,
          subject: item.subject,
          approved_by_name: item.approvedByName,
          approved_at: item.approvedAt.toISOString(),
          reason: item.reason,
          terms: item.terms,
        })),
      },
      author_terms: groupAuthorTerms(authorTerms),
    },
  };
}

const asStatus = (status: string): MessageStatus =>
  (MESSAGE_STATUSES as readonly string[]).includes(status) ? (status as MessageStatus) : 'open';

/** GET /api/analytics/messages: the messages behind one figure, newest event first. */
export async function drillAnalytics(
  ctx: AnalyticsContext,
  actor: Pick<Actor, 'orgId'>,
  query: DrillQuery,
): Promise<AnalyticsDrillResponse> {
  const { now, scope, targetDays } = await scopeOf(ctx, actor, query);
  const rows = await withoutJit(ctx.db, (db) =>
    listDrillRows(db, scope, {
      metric: query.metric,
      term: query.term,
      author: query.author,
      targetDays,
      now,
      after: query.cursor ? parseTimeCursor(query.cursor) : null,
      limit: query.limit,
    }),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.message_id,
      subject: row.subject,
      investor_name: row.investor_name,
      fund_name: row.fund_name,
      status: asStatus(row.status),
      received_at: new Date(row.received_at).toISOString(),
      at: new Date(row.at).toISOString(),
      detail: row.detail,
    })),
    next_cursor:
      rows.length > query.limit && last
        ? encodeTimeCursor({ at: new Date(last.at), id: last.event_id })
        : null,
  };
}

export async function getResponseTarget(ctx: Pick<ServiceContext, 'db'>, actor: Pick<Actor, 'orgId'>) {
  return { business_days: await findResponseTargetDays(ctx.db, actor.orgId) };
}

/** PUT /api/analytics/response-target (admin): the change and its audit entry in one transaction. */
export async function setResponseTarget(
  ctx: AnalyticsContext,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { business_days: number },
) {
  await ctx.db.transaction(async (tx) => {
    const before = await updateResponseTargetDays(tx, actor.orgId, input.business_days);
    if (before === input.business_days) return;
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'response_target_updated',
      entityType: 'organization',
      entityId: actor.orgId,
      details: { before: { business_days: before }, after: { business_days: input.business_days } },
    });
  });
  return { business_days: input.business_days };
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentWith, insertProject } from '../../../test/factories';
import { insertQuestion } from '../../../test/library-fixtures';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';

/**
 * Every figure of the Analytics page on a week whose answer is worked out by hand below
 * (docs/decisions/043-analytics.md), per fund and per period, with the previous week beside it.
 */
const ctx = await createTestContext();

const at = (iso: string) => new Date(iso);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const DISTRIBUTION =
  'Fund Alpha paid a quarterly distribution of $0.42 per unit on 15 October 2025. Distributions are paid within 30 days of the quarter end.';
const QUESTION = 'Hello, how much was the quarterly distribution per unit and when was it paid?';
const CLEAN =
  'Dear Jane,\n\nThe Q3 distribution was paid as the quarterly letter set out.\n\nKind regards,\nThe IR team';
const GUARANTEED =
  'Dear Jane,\n\nYour returns are guaranteed and the fund is a safe place for your money.\n\nKind regards';
const RISK_FREE = 'Dear Jane,\n\nWe call this a risk-free product in our marketing.\n\nKind regards';
const OVERRIDE = 'Quoted from the signed side letter; compliance reviewed the wording.';

type Member = { userId: string; orgId: string; email: string; password: string };

/** A fresh session at the clock's current time (sessions idle out after 30 minutes). */
async function cookieOf(user: Member) {
  return (await ctx.signInUser(user)).cookie;
}

async function step<T>(when: string, user: Member, action: (cookie: string) => Promise<T>): Promise<T> {
  ctx.clock.set(at(when));
  return action(await cookieOf(user));
}

const post = async (cookie: string, path: string, body?: unknown, expected = 200) => {
  const res = await ctx.request('POST', path, { cookie, body });
  expect(res.status, `POST ${path}`).toBe(expected);
  return json(res);
};

async function generate(cookie: string, messageId: string) {
  return post(cookie, `/api/messages/${messageId}/drafts/generate`, undefined, 201);
}

async function save(cookie: string, messageId: string, text: string, basedOn: number, templates?: string[]) {
  const draft = await post(
    cookie,
    `/api/messages/${messageId}/drafts`,
    { text, based_on_version: basedOn, ...(templates ? { templates } : {}) },
    201,
  );
  const checked = await post(cookie, `/api/messages/${messageId}/drafts/${draft.version}/check`);
  return {
    version: draft.version as number,
    text_sha256: sha256(text),
    flags: checked.flags as { term: string }[],
  };
}

async function latest(cookie: string, messageId: string) {
  const draft = await json(await ctx.request('GET', `/api/messages/${messageId}/drafts/latest`, { cookie }));
  return { version: draft.version as number, text_sha256: sha256(draft.draftText as string) };
}

async function approve(cookie: string, messageId: string, extra: Record<string, unknown>) {
  return post(cookie, `/api/messages/${messageId}/approve`, {
    ...(await latest(cookie, messageId)),
    ...extra,
  });
}

let orgId: string;
let alpha: string;
let associate: Member;
let director: Member;
let admin: Member & { cookie: string };
const messages: Record<string, string> = {};

/**
 * The week of Monday 2 to Sunday 8 March 2026 (UTC), and the week before it:
 * - M0 (Alpha) Tue 24 Feb 09:00: drafted (cites) 09:05, approved 11:00 rated 4 — the previous week.
 * - M1 (Alpha) Mon 2 Mar 09:00: drafted (cites) 09:30; approved Tue 10:00 rated 5, first pass, 25 h.
 * - M2 (Beta, no documents) Mon 10:00: drafted 10:10 (cites nothing); edited from a template with
 *   'guaranteed' 10:20 (high flag), submitted 10:30, changes requested 11:00; clean edit Tue 09:00,
 *   submitted 09:05, approved Thu 12:00 rated 3: not first pass, 74 h (late: due Wed 10:00), 50 h 55 in
 *   approval, from a template, 'guaranteed' fixed.
 * - M3 (Alpha) Wed 4 Mar 09:00: 'risk-free' written 09:10 (high flag), approved over it 09:30 with a
 *   reason, rated 4: first pass, 0.5 h, the flag sent (an override).
 * - M5 (Alpha) Thu 08:00: drafted (cites) 08:05, unanswered (due Mon 9 Mar 08:00).
 * - M4 (Beta) Fri 15:00: unanswered (due Tue 10 Mar 15:00).
 * Asked on Thu 12 March: both unanswered messages are past the target of 2 business days.
 */
beforeAll(async () => {
  ctx.clock.set(at('2026-02-20T08:00:00Z'));
  associate = await ctx.createUser('ir_associate');
  orgId = associate.orgId;
  director = await ctx.createUser('ir_director', orgId);
  alpha = await insertProject(ctx.db, { orgId, name: 'Fund Alpha' });
  const beta = await insertProject(ctx.db, { orgId, name: 'Fund Beta' });
  await insertDocumentWith(ctx.db, {
    orgId,
    projectId: alpha,
    fileName: 'Q3 Letter.md',
    texts: [DISTRIBUTION],
  });
  const template = await step('2026-02-20T08:00:00Z', director, (cookie) =>
    post(
      cookie,
      '/api/compliance/templates',
      { title: 'Returns', body: 'Your returns are guaranteed.' },
      201,
    ),
  );
  const question = async (key: string, projectId: string, when: string) => {
    ctx.clock.set(at(when));
    messages[key] = await insertQuestion(ctx, {
      orgId,
      projectId,
      subject: `${key} distribution`,
      body: QUESTION,
    });
  };

  await question('M0', alpha, '2026-02-24T09:00:00Z');
  await step('2026-02-24T09:05:00Z', associate, (c) => generate(c, messages.M0 as string));
  await step('2026-02-24T11:00:00Z', director, (c) => approve(c, messages.M0 as string, { rating: 4 }));

  await question('M1', alpha, '2026-03-02T09:00:00Z');
  await question('M2', beta, '2026-03-02T10:00:00Z');
  const m1 = messages.M1 as string;
  const m2 = messages.M2 as string;
  const cited = await step('2026-03-02T09:30:00Z', associate, (c) => generate(c, m1));
  expect(cited.citations.length).toBeGreaterThan(0);
  const silent = await step('2026-03-02T10:10:00Z', associate, (c) => generate(c, m2));
  expect(silent.citations).toEqual([]);
  const flagged = await step('2026-03-02T10:20:00Z', associate, (c) =>
    save(c, m2, GUARANTEED, 1, [template.id]),
  );
  expect(flagged.flags.map((f) => f.term)).toEqual(['guaranteed']);
  await step('2026-03-02T10:30:00Z', associate, (c) =>
    post(c, `/api/messages/${m2}/submit`, { version: flagged.version, text_sha256: flagged.text_sha256 }),
  );
  await step('2026-03-02T11:00:00Z', director, (c) =>
    post(c, `/api/messages/${m2}/request-changes`, { comment: 'No promises, please.' }),
  );
  const clean = await step('2026-03-03T09:00:00Z', associate, (c) => save(c, m2, CLEAN, flagged.version));
  expect(clean.flags).toEqual([]);
  await step('2026-03-03T09:05:00Z', associate, (c) =>
    post(c, `/api/messages/${m2}/submit`, { version: clean.version, text_sha256: clean.text_sha256 }),
  );
  await step('2026-03-03T10:00:00Z', director, (c) => approve(c, m1, { rating: 5 }));

  await question('M3', alpha, '2026-03-04T09:00:00Z');
  const m3 = messages.M3 as string;
  const risky = await step('2026-03-04T09:10:00Z', associate, (c) => save(c, m3, RISK_FREE, 0));
  expect(risky.flags.map((f) => f.term)).toEqual(['risk-free']);
  await step('2026-03-04T09:30:00Z', director, (c) =>
    approve(c, m3, { rating: 4, override_reason: OVERRIDE }),
  );

  await question('M5', alpha, '2026-03-05T08:00:00Z');
  await step('2026-03-05T08:05:00Z', associate, (c) => generate(c, messages.M5 as string));
  await step('2026-03-05T12:00:00Z', director, (c) => approve(c, m2, { rating: 3 }));
  await question('M4', beta, '2026-03-06T15:00:00Z');

  ctx.clock.set(at('2026-03-12T12:00:00Z'));
  admin = await ctx.signInAs('admin', orgId);
}, 120_000);

const WEEK = 'period=custom&from=2026-03-02&to=2026-03-08';

async function analytics(query: string, cookie?: string) {
  const res = await ctx.request('GET', `/api/analytics?${query}`, {
    cookie: cookie ?? (await cookieOf(director)),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

async function drill(query: string) {
  const res = await ctx.request('GET', `/api/analytics/messages?${WEEK}&${query}`, {
    cookie: await cookieOf(director),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

const subjects = (page: { items: { subject: string }[] }) =>
  page.items.map((item) => item.subject.split(' ')[0]);

describe('GET /api/analytics', () => {
  it('lets directors and admins read the figures; the target is the admin’s to set', async () => {
    await ctx.expectGuarded('GET', '/api/analytics', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/analytics/messages?metric=drafts', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/analytics/response-target', 'reporting.read');
    await ctx.expectGuarded('PUT', '/api/analytics/response-target', 'admin.manage', { business_days: 3 });
  });

  it('computes the four KPIs against the previous week', async () => {
    const body = await analytics(WEEK);
    expect(body.period).toMatchObject({
      from: '2026-03-02T00:00:00.000Z',
      to: '2026-03-09T00:00:00.000Z',
      days: 7,
      previous_from: '2026-02-23T00:00:00.000Z',
      bucket: 'day',
    });
    expect(body.kpis.drafts_per_day).toEqual({ value: 3 / 7, previous: 1 / 7, count: 3, previous_count: 1 });
    expect(body.kpis.first_pass_approval).toEqual({ value: 2 / 3, previous: 1, count: 2, total: 3 });
    expect(body.kpis.high_flags_per_100).toEqual({ value: 40, previous: 0, flags: 2, messages: 5 });
    expect(body.kpis.average_rating).toEqual({ value: 4, previous: 4, ratings: 3 });
  });

  it('computes the operational, adoption and compliance figures', async () => {
    const body = await analytics(WEEK);
    expect(body.operational.target_business_days).toBe(2);
    expect(body.operational.median_first_reply_hours).toEqual({ value: 25, previous: 2 });
    expect(body.operational.median_approval_hours.value).toBeCloseTo(50 + 55 / 60, 6);
    expect(body.operational.median_approval_hours.previous).toBeNull();
    expect(body.operational.replies_within_target).toEqual({ count: 2, total: 3, value: 2 / 3 });
    expect(body.operational.open_past_target).toBe(2);
    expect(body.adoption.drafts_with_citations).toEqual({ count: 2, total: 3, value: 2 / 3, target: 0.95 });
    expect(body.adoption.replies_from_template).toEqual({ count: 1, total: 3, value: 1 / 3, target: 0.9 });
    expect(body.adoption.active_users).toEqual([
      { role: 'admin', active: 0, members: 1 },
      { role: 'ir_director', active: 1, members: 1 },
      { role: 'ir_associate', active: 1, members: 1 },
      { role: 'is_associate', active: 0, members: 0 },
    ]);
    expect(body.flagged_terms).toEqual([
      { rule: 'lexicon:guaranteed', term: 'guaranteed', severity: 'high', count: 1 },
      { rule: 'lexicon:risk-free', term: 'risk-free', severity: 'high', count: 1 },
    ]);
    expect(body.compliance.flag_outcomes).toEqual({ fixed: 1, dismissed: 0, sent: 1, fix_rate: 0.5 });
    expect(body.compliance.overrides.total).toBe(1);
    expect(body.compliance.overrides.items).toEqual([
      expect.objectContaining({ message_id: messages.M3, reason: OVERRIDE, terms: ['risk-free'] }),
    ]);
    expect(body.compliance.author_terms).toEqual([
      {
        user_id: associate.userId,
        name: expect.any(String),
        flags: 2,
        terms: [
          { term: 'guaranteed', count: 1 },
          { term: 'risk-free', count: 1 },
        ],
      },
    ]);
  });

  it('puts each event on its day, zeros on the days without any', async () => {
    const { series } = await analytics(WEEK);
    expect(series.map((p: { start: string }) => p.start)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    const zero = {
      days: 1,
      messages: 0,
      drafts: 0,
      approved: 0,
      first_pass: 0,
      high_flags: 0,
      ratings: 0,
      rating_sum: 0,
    };
    expect(series[0]).toEqual({ ...zero, start: '2026-03-02', messages: 2, drafts: 2, high_flags: 1 });
    expect(series[1]).toEqual({
      ...zero,
      start: '2026-03-03',
      approved: 1,
      first_pass: 1,
      ratings: 1,
      rating_sum: 5,
    });
    expect(series[2]).toEqual({
      ...zero,
      start: '2026-03-04',
      messages: 1,
      approved: 1,
      first_pass: 1,
      high_flags: 1,
      ratings: 1,
      rating_sum: 4,
    });
    expect(series[3]).toEqual({
      ...zero,
      start: '2026-03-05',
      messages: 1,
      drafts: 1,
      approved: 1,
      ratings: 1,
      rating_sum: 3,
    });
    expect(series[4]).toEqual({ ...zero, start: '2026-03-06', messages: 1 });
    expect(series[6]).toEqual({ ...zero, start: '2026-03-08' });
  });

  it('narrows every figure to one fund', async () => {
    const body = await analytics(`${WEEK}&fund=${alpha}`);
    expect(body.fund_id).toBe(alpha);
    expect(body.kpis.drafts_per_day).toEqual({ value: 2 / 7, previous: 1 / 7, count: 2, previous_count: 1 });
    expect(body.kpis.first_pass_approval).toEqual({ value: 1, previous: 1, count: 2, total: 2 });
    expect(body.kpis.high_flags_per_100).toMatchObject({ previous: 0, flags: 1, messages: 3 });
    expect(body.kpis.high_flags_per_100.value).toBeCloseTo(100 / 3, 9);
    expect(body.kpis.average_rating).toEqual({ value: 4.5, previous: 4, ratings: 2 });
    expect(body.operational.median_first_reply_hours.value).toBe(12.75);
    expect(body.operational.median_approval_hours.value).toBeNull();
    expect(body.operational.replies_within_target).toEqual({ count: 2, total: 2, value: 1 });
    expect(body.operational.open_past_target).toBe(1);
    expect(body.adoption.drafts_with_citations).toMatchObject({ count: 2, total: 2, value: 1 });
    expect(body.adoption.replies_from_template).toMatchObject({ count: 0, total: 2, value: 0 });
    expect(body.flagged_terms.map((t: { term: string }) => t.term)).toEqual(['risk-free']);
    expect(body.compliance.flag_outcomes).toEqual({ fixed: 0, dismissed: 0, sent: 1, fix_rate: 0 });
  });

  it("keeps each version's and flag's fund as its message's, and migration 0027 fills earlier rows", async () => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    const rowsOf = (table: 'ai_responses' | 'flag_occurrences') => sql`
      select t.project_id, m.project_id as fund from ${sql.raw(table)} t
      join investor_messages m on m.id = t.message_id where t.org_id = ${orgId}::uuid`;
    const wrong = sql`select count(*)::int as n from (${rowsOf('ai_responses')} union all ${rowsOf('flag_occurrences')}) x
      where x.project_id is distinct from x.fund`;
    const inAlpha = sql`select count(*)::int as n from (${rowsOf('ai_responses')} union all ${rowsOf('flag_occurrences')}) x
      where x.project_id = ${alpha}::uuid`;
    expect(await count(inAlpha)).toBeGreaterThan(0);
    expect(await count(wrong)).toBe(0);

    await ctx.db.execute(sql`update ai_responses set project_id = null where org_id = ${orgId}::uuid`);
    await ctx.db.execute(sql`update flag_occurrences set project_id = null where org_id = ${orgId}::uuid`);
    expect(await count(wrong)).toBeGreaterThan(0);
    const migration = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0027_fund_on_rows.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n\s*)*UPDATE/i.test(statement)) await ctx.db.execute(sql.raw(statement));
    }
    expect(await count(wrong)).toBe(0);
    expect((await analytics(`${WEEK}&fund=${alpha}`)).kpis.drafts_per_day.count).toBe(2);
  });

  it('answers a period without activity with zeros and nulls, never NaN', async () => {
    const body = await analytics('period=custom&from=2025-01-01&to=2025-01-31');
    expect(body.kpis).toEqual({
      drafts_per_day: { value: 0, previous: 0, count: 0, previous_count: 0 },
      first_pass_approval: { value: null, previous: null, count: 0, total: 0 },
      high_flags_per_100: { value: null, previous: null, flags: 0, messages: 0 },
      average_rating: { value: null, previous: null, ratings: 0 },
    });
    expect(body.operational).toMatchObject({
      median_first_reply_hours: { value: null, previous: null },
      replies_within_target: { count: 0, total: 0, value: null },
      open_past_target: 0,
    });
    expect(body.adoption.drafts_with_citations.value).toBeNull();
    expect(body.compliance.flag_outcomes.fix_rate).toBeNull();
    expect(body.series).toHaveLength(31);
    expect(body.flagged_terms).toEqual([]);
  });

  it('counts a preset back from today, and weeks past 92 days', async () => {
    const week = await analytics('period=7d');
    expect(week.period).toMatchObject({
      from: '2026-03-06T00:00:00.000Z',
      to: '2026-03-12T12:00:00.000Z',
      days: 7,
    });
    expect(week.kpis.drafts_per_day.count).toBe(0);
    expect(week.kpis.high_flags_per_100.messages).toBe(1);
    const year = await analytics('period=custom&from=2026-01-01&to=2026-03-31');
    expect(year.period.bucket).toBe('day');
    const long = await analytics('period=custom&from=2025-12-01&to=2026-03-31');
    expect(long.period.bucket).toBe('week');
    // 1 Dec 2025 is a Monday: whole weeks, then the last one cut at 31 March.
    expect(long.series[0]).toMatchObject({ start: '2025-12-01', days: 7 });
    expect(long.series.at(-1)).toMatchObject({ start: '2026-03-30', days: 2 });
    const total = (key: string) =>
      long.series.reduce((n: number, p: Record<string, number>) => n + (p[key] ?? 0), 0);
    expect([total('messages'), total('drafts'), total('approved')]).toEqual([6, 4, 4]);
  });

  it('names the field of a bad period or fund', async () => {
    const cookie = await cookieOf(director);
    const bad = async (query: string, field: string) => {
      const res = await ctx.request('GET', `/api/analytics?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields ?? {}), query).toContain(field);
    };
    await bad('period=custom&to=2026-03-08', 'from');
    await bad('period=custom&from=2026-03-08&to=2026-03-01', 'to');
    await bad('period=custom&from=2024-01-01&to=2026-03-01', 'to');
    await bad('period=custom&from=2026-02-30&to=2026-03-01', 'from');
    await bad('period=1y', 'period');
    await bad('fund=not-a-uuid', 'fund');
    const other = await ctx.signInAs('admin');
    const foreignFund = await insertProject(ctx.db, { orgId: other.orgId });
    await bad(`fund=${foreignFund}`, 'fund');
  });
});

describe('GET /api/analytics/messages', () => {
  it('lists the messages behind a figure, newest event first, a page at a time', async () => {
    expect(subjects(await drill('metric=first_pass'))).toEqual(['M3', 'M1']);
    expect(subjects(await drill('metric=changes_requested'))).toEqual(['M2']);
    expect(subjects(await drill('metric=drafts'))).toEqual(['M5', 'M2', 'M1']);
    expect(subjects(await drill('metric=without_citations'))).toEqual(['M2']);
    expect(subjects(await drill('metric=high_flags'))).toEqual(['M3', 'M2']);
    expect(subjects(await drill('metric=overrides'))).toEqual(['M3']);
    expect(subjects(await drill('metric=replied_late'))).toEqual(['M2']);
    expect(subjects(await drill('metric=open_past_target'))).toEqual(['M4', 'M5']);
    expect(subjects(await drill('metric=not_from_template'))).toEqual(['M3', 'M1']);
    const rated = await drill('metric=rated');
    expect(rated.items.map((i: { detail: string }) => i.detail)).toEqual([
      'Rated 3 of 5',
      'Rated 4 of 5',
      'Rated 5 of 5',
    ]);

    const first = await drill('metric=approved&limit=2');
    expect(subjects(first)).toEqual(['M2', 'M3']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await drill(`metric=approved&limit=2&cursor=${first.next_cursor}`);
    expect(subjects(second)).toEqual(['M1']);
    expect(second.next_cursor).toBeNull();
    expect(second.items[0]).toMatchObject({ id: messages.M1, fund_name: 'Fund Alpha', status: 'resolved' });
  });

  it('lists a term’s messages, for everyone or one author, with what became of the flag', async () => {
    const term = await drill('metric=term&term=GUARANTEED');
    expect(subjects(term)).toEqual(['M2']);
    expect(term.items[0].detail).toBe('high: guaranteed (fixed)');
    expect(subjects(await drill(`metric=term&term=risk-free&author=${associate.userId}`))).toEqual(['M3']);
    expect(subjects(await drill(`metric=term&term=risk-free&author=${director.userId}`))).toEqual([]);
    expect(subjects(await drill(`metric=first_pass&fund=${alpha}`))).toEqual(['M3', 'M1']);
  });

  it('refuses a drill-down without its term, or with a cursor it did not make', async () => {
    const cookie = await cookieOf(director);
    const noTerm = await ctx.request('GET', `/api/analytics/messages?${WEEK}&metric=term`, { cookie });
    expect(noTerm.status).toBe(400);
    expect((await json(noTerm)).error.fields).toHaveProperty('term');
    const cursor = await ctx.request('GET', `/api/analytics/messages?${WEEK}&metric=drafts&cursor=abc`, {
      cookie,
    });
    expect(cursor.status).toBe(400);
    expect((await json(cursor)).error.fields).toHaveProperty('cursor');
    const metric = await ctx.request('GET', `/api/analytics/messages?${WEEK}&metric=everything`, { cookie });
    expect((await json(metric)).error.fields).toHaveProperty('metric');
  });
});

describe('the response-time target', () => {
  it('counts business days: a Friday message is due on Tuesday, a weekend one from Monday', async () => {
    const deadline = async (start: string, days: number) => {
      const result = (await ctx.db.execute(
        sql`select to_char(parley_business_deadline(${start}::timestamptz, ${days}::int) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as d`,
      )) as unknown as { rows: { d: string }[] };
      return result.rows[0]?.d;
    };
    expect(await deadline('2026-03-06T15:00:00Z', 2)).toBe('2026-03-10T15:00:00.000Z');
    expect(await deadline('2026-03-04T10:00:00Z', 2)).toBe('2026-03-06T10:00:00.000Z');
    expect(await deadline('2026-03-05T10:00:00Z', 2)).toBe('2026-03-09T10:00:00.000Z');
    expect(await deadline('2026-03-07T18:00:00Z', 1)).toBe('2026-03-10T00:00:00.000Z');
    expect(await deadline('2026-03-08T18:00:00Z', 5)).toBe('2026-03-16T00:00:00.000Z');
    expect(await deadline('2026-03-04T10:00:00Z', 10)).toBe('2026-03-18T10:00:00.000Z');
  });

  it('lets an admin change it, audited, and the figures follow', async () => {
    const tooMany = await ctx.request('PUT', '/api/analytics/response-target', {
      cookie: admin.cookie,
      body: { business_days: 31 },
    });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.fields).toHaveProperty('business_days');

    const res = await ctx.request('PUT', '/api/analytics/response-target', {
      cookie: admin.cookie,
      body: { business_days: 1 },
    });
    expect(await json(res)).toEqual({ business_days: 1 });
    const [entry] = await ctx.db
      .select({ action: auditLogs.actionType, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'response_target_updated')))
      .orderBy(desc(auditLogs.seq));
    expect(entry?.details).toMatchObject({ before: { business_days: 2 }, after: { business_days: 1 } });

    // One business day: M1 (due Tue 09:00, answered 10:00) is late too.
    const body = await analytics(WEEK, admin.cookie);
    expect(body.operational.target_business_days).toBe(1);
    expect(body.operational.replies_within_target).toEqual({ count: 1, total: 3, value: 1 / 3 });
    expect(subjects(await drill('metric=replied_late'))).toEqual(['M2', 'M1']);

    await ctx.request('PUT', '/api/analytics/response-target', {
      cookie: admin.cookie,
      body: { business_days: 2 },
    });
    expect(
      await json(await ctx.request('GET', '/api/analytics/response-target', { cookie: admin.cookie })),
    ).toEqual({ business_days: 2 });
  });
});

it('shows another organisation none of these figures', async () => {
  const outsider = await ctx.signInAs('ir_director');
  const body = await analytics(WEEK, outsider.cookie);
  expect(body.kpis.high_flags_per_100).toMatchObject({ flags: 0, messages: 0 });
  expect(body.kpis.drafts_per_day.count).toBe(0);
  const res = await ctx.request('GET', `/api/analytics/messages?${WEEK}&metric=drafts`, {
    cookie: outsider.cookie,
  });
  expect((await json(res)).items).toEqual([]);
});

it('refuses an edit naming a template that is not the organisation’s, and keeps no version', async () => {
  const outsider = await ctx.signInAs('ir_director');
  const foreign = await post(
    outsider.cookie,
    '/api/compliance/templates',
    { title: 'Elsewhere', body: 'Not yours.' },
    201,
  );
  const messageId = await insertQuestion(ctx, {
    orgId,
    projectId: alpha,
    subject: 'Template',
    body: QUESTION,
  });
  const cookie = await cookieOf(associate);
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie,
    body: { text: CLEAN, based_on_version: 0, templates: [foreign.id] },
  });
  expect(res.status).toBe(400);
  expect((await json(res)).error.fields).toHaveProperty('templates');
  const latestRes = await ctx.request('GET', `/api/messages/${messageId}/drafts/latest`, { cookie });
  expect(latestRes.status).toBe(404);
});

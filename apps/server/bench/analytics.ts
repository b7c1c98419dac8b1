/**
 * docs/decisions/043-analytics.md: the Analytics page at 100,000 and 1,000,000 messages. The history
 * grows at a constant 1,000 messages a day, so the last 30 or 90 days hold the same rows at both sizes:
 * what is measured is whether a longer history slows the page (it must not). Each case is timed over
 * loopback HTTP with a signed-in director, in turns with the floor (the cheapest guarded request), so
 * load on the machine moves both. Prints figures and targets; never fails on time.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { createMember } from '../src/features/users/users.service';
import { systemClock } from '../src/lib/clock';
import { sampleOf } from './inbox';

const PER_DAY = 1_000;
const WARM_UP = 10;
const ITERATIONS = 100;
const TERMS = ['guaranteed', 'risk-free', 'will outperform', 'projected returns'];

/**
 * Messages `from`..`from + count - 1`, message g arriving g/1000 days before now, each with a drafted
 * version; nine in ten answered (approved and sent within 0–71 hours, most rated, one in three after a
 * submission, one in fifteen after a Request Changes round, one in fifty over a high flag), one in ten
 * with a flag raised on its draft.
 */
export async function addHistory(
  database: Database,
  input: { orgId: string; userId: string; projectIds: string[] },
  from: number,
  count: number,
  perDay = PER_DAY,
) {
  const { orgId, userId } = input;
  const funds = sql.raw(`ARRAY[${input.projectIds.map((id) => `'${id}'`).join(', ')}]::uuid[]`);
  const terms = sql.raw(`ARRAY[${TERMS.map((t) => `'${t}'`).join(', ')}]`);
  const chunk = 100_000;
  for (let start = from; start < from + count; start += chunk) {
    const end = Math.min(from + count, start + chunk) - 1;
    const range = sql`generate_series(${start}::int, ${end}::int) g`;
    const at = sql`now() - (g::bigint * ${Math.round(86_400_000 / perDay)}::bigint) * interval '1 millisecond'`;
    const id = (kind: string) => sql`md5(${kind} || ${orgId} || g)::uuid`;
    await database.db.execute(sql`
      insert into investor_messages (id, org_id, project_id, investor_name, investor_email, subject, body_text, status, created_at, updated_at)
      select ${id('m')}, ${orgId}::uuid, (${funds})[1 + g % 3], 'Investor ' || g, 'investor' || (g % 5000) || '@example.com',
        'Question ' || g, 'When is the next distribution paid?',
        case when g % 10 = 0 then 'open' else 'resolved' end, ${at}, ${at}
      from ${range}`);
    await database.db.execute(sql`
      insert into email_outbox (id, org_id, created_at, to_email, template, category, subject, text_body, html_body, headers, status, sent_at)
      select ${id('o')}, ${orgId}::uuid, m.created_at + (g % 72) * interval '1 hour', 'investor@example.com', 'investor_reply',
        'transactional', 'Re: question', 'Reply', '<p>Reply</p>', '{}'::jsonb, 'sent', m.created_at + (g % 72) * interval '1 hour'
      from ${range} join investor_messages m on m.id = ${id('m')} where g % 10 <> 0`);
    await database.db.execute(sql`
      insert into ai_responses (id, org_id, message_id, project_id, version_number, source, ai_draft, final_response, citations, provenance,
        created_by, created_at, approved_by, approved_at, approved_text_sha256, approval_rating, sent_email_id, override_reason, override_flags)
      select ${id('r')}, ${orgId}::uuid, m.id, m.project_id, 1, 'generated', 'Dear investor, the distribution is paid quarterly.',
        case when g % 10 <> 0 then 'Dear investor, the distribution is paid quarterly.' end,
        case when g % 20 = 0 then '[]'::jsonb else '[{"id":"p","doc_path":"Annual report.pdf","relevance":1}]'::jsonb end,
        case when g % 10 < 9 then jsonb_build_object('drafter', 'builtin', 'templates', jsonb_build_array('t')) else '{"drafter":"builtin"}'::jsonb end,
        ${userId}::uuid, m.created_at + interval '10 minutes',
        case when g % 10 <> 0 then ${userId}::uuid end,
        case when g % 10 <> 0 then m.created_at + (g % 72) * interval '1 hour' end,
        case when g % 10 <> 0 then repeat('0', 64) end,
        case when g % 10 <> 0 and g % 5 <> 0 then 1 + g % 5 end,
        case when g % 10 <> 0 then ${id('o')} end,
        case when g % 10 <> 0 and g % 50 = 1 then 'Reviewed with compliance' end,
        case when g % 10 <> 0 and g % 50 = 1 then '[{"term":"guaranteed","rule":"lexicon:guaranteed"}]'::jsonb end
      from ${range} join investor_messages m on m.id = ${id('m')}`);
    await database.db.execute(sql`
      insert into approval_requests (org_id, message_id, response_id, version_number, text_sha256, status, submitted_by, submitted_at, decided_by, decided_at)
      select ${orgId}::uuid, r.message_id, r.id, 1, repeat('0', 64), 'approved', ${userId}::uuid,
        r.created_at + interval '20 minutes', ${userId}::uuid, greatest(r.approved_at, r.created_at + interval '30 minutes')
      from ${range} join ai_responses r on r.id = ${id('r')} where g % 10 <> 0 and g % 3 = 0
      union all
      select ${orgId}::uuid, r.message_id, r.id, 1, repeat('0', 64), 'changes_requested', ${userId}::uuid,
        r.created_at + interval '11 minutes', ${userId}::uuid, r.created_at + interval '12 minutes'
      from ${range} join ai_responses r on r.id = ${id('r')} where g % 10 <> 0 and g % 15 = 0`);
    await database.db.execute(sql`
      insert into flag_occurrences (org_id, message_id, project_id, response_id, rule, term, severity, author_id, raised_at, outcome, outcome_at)
      select ${orgId}::uuid, r.message_id, r.project_id, r.id, 'lexicon:' || (${terms})[1 + g % 4], (${terms})[1 + g % 4],
        case when g % 2 = 0 then 'high' else 'medium' end, ${userId}::uuid, r.created_at,
        case when r.approved_at is null then null when g % 3 = 0 then 'sent' when g % 3 = 1 then 'fixed' else 'dismissed' end,
        r.approved_at
      from ${range} join ai_responses r on r.id = ${id('r')} where g % 10 = 1 or g % 50 = 1`);
    await database.db.execute(sql`
      insert into reply_outcomes (response_id, org_id, message_id, project_id, received_at, approved_at,
        first_reply, first_pass, from_template, rating, waited_seconds)
      select r.id, r.org_id, r.message_id, m.project_id, m.created_at, r.approved_at, true, g % 15 <> 0,
        r.provenance ? 'templates', r.approval_rating, case when g % 3 = 0 then 600 end
      from ${range} join ai_responses r on r.id = ${id('r')} join investor_messages m on m.id = r.message_id
      where r.approved_at is not null`);
  }
  for (const table of [
    'investor_messages',
    'ai_responses',
    'approval_requests',
    'flag_occurrences',
    'email_outbox',
    'reply_outcomes',
  ]) {
    // As autovacuum leaves a table that has settled: statistics, and the visibility map index-only scans need.
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

const PASSWORD = 'bench-password-2026';

/** An organisation with a director and three funds, for one part of the bench. */
async function benchOrg(database: Database, name: string) {
  const deps = { db: database.db, clock: systemClock };
  const orgId = await database.db.transaction((tx) =>
    createOrganization(tx, systemClock, { name: `${name} bench`, actorId: null }),
  );
  const email = `${name.toLowerCase()}-bench@parley.test`;
  const userId = await createMember(deps, {
    email,
    password: PASSWORD,
    name: 'Director',
    role: 'ir_director',
    orgId,
    actorId: null,
  });
  const projectIds: string[] = [];
  for (const fund of ['Logistics', 'Residential', 'Credit']) {
    const result = (await database.db.execute(sql`
      insert into projects (org_id, name, fund_type, created_by) values (${orgId}, ${`${name} ${fund} Fund`}, 'real_estate', ${userId})
      returning id`)) as unknown as { rows: { id: string }[] };
    projectIds.push(result.rows[0]?.id ?? '');
  }
  return { orgId, userId, projectIds, email, password: PASSWORD };
}

/** A signed-in director's requests over loopback HTTP: GET, or POST with a JSON body. */
async function signedIn(base: string, origin: string, email: string, password: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  return async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
}

/**
 * docs/decisions/044-reports.md: a Compliance report of a month holding 10,000 replies sent, generated
 * in the background, from its request (POST) to its row reading done; three times.
 */
async function timeComplianceReport(database: Database, base: string, origin: string) {
  const org = await benchOrg(database, 'Reports');
  // 10,000 replies in 30 days: nine messages in ten are answered.
  const messages = Math.ceil(10_000 / 0.9);
  await addHistory(database, org, 0, messages, messages / 30);
  const call = await signedIn(base, origin, org.email, org.password);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const body = { type: 'compliance', period_start: day(30), period_end: day(0) };
    const { id } = (await (await call('/api/reports', body)).json()) as { id: string };
    for (;;) {
      const report = (await (await call(`/api/reports/${id}`)).json()) as {
        status: string;
        error: string | null;
        size: number | null;
        csv_size: number | null;
      };
      if (report.status === 'failed') throw new Error(`report failed: ${report.error}`);
      if (report.status === 'done') {
        bytes = (report.size ?? 0) + (report.csv_size ?? 0);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    times.push(performance.now() - started);
  }
  const replies = (await database.db.execute(sql`
    select count(*)::int as n from reply_outcomes where org_id = ${org.orgId}::uuid
      and approved_at >= ${`${day(30)}T00:00:00Z`}::timestamptz`)) as unknown as { rows: { n: number }[] };
  const seconds = times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ');
  console.log(
    `\n${database.kind}: Compliance report, 30 days holding ${Number(replies.rows[0]?.n ?? 0).toLocaleString('en')} replies, request to done: ${seconds}; PDF + CSV ${(bytes / 1_048_576).toFixed(1)} MB`,
  );
}

type Row = {
  label: string;
  size: number;
  http: { p50: number; p95: number };
  floor: { p50: number; p95: number };
};

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

export async function runAnalyticsBench(input: {
  app: ReturnType<typeof createApp>;
  database: Database;
  origin: string;
}) {
  const { app, database, origin } = input;
  const maxMessages = Number(process.env.BENCH_MAX_MESSAGES ?? 1_000_000);
  const sizes = [100_000, 1_000_000].filter((n) => n <= maxMessages);
  const { orgId, userId, projectIds, email, password } = await benchOrg(database, 'Analytics');

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  (server as Server).keepAliveTimeout = 600_000;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = await signedIn(base, origin, email, password);
  const get = async (path: string) => {
    await (await call(path)).arrayBuffer();
  };
  const timed = async (path: string) => {
    for (let i = 0; i < WARM_UP; i++) await get(path);
    const times = { http: [] as number[], floor: [] as number[] };
    for (let i = 0; i < ITERATIONS; i++) {
      let started = performance.now();
      await get(path);
      times.http.push(performance.now() - started);
      started = performance.now();
      await get('/api/auth/session');
      times.floor.push(performance.now() - started);
    }
    return { http: sampleOf(times.http), floor: sampleOf(times.floor) };
  };

  const cases = [
    { label: 'analytics 30d, all funds', path: '/api/analytics?period=30d' },
    { label: 'analytics 90d, all funds', path: '/api/analytics?period=90d' },
    { label: 'analytics 30d, one fund', path: `/api/analytics?period=30d&fund=${projectIds[0]}` },
    { label: 'drill-down first pass 30d', path: '/api/analytics/messages?period=30d&metric=first_pass' },
  ];
  const rows: Row[] = [];
  let size = 0;
  for (const target of sizes) {
    const started = performance.now();
    await addHistory(database, { orgId, userId, projectIds }, size, target - size);
    size = target;
    console.log(
      `${database.kind}: analytics history of ${size.toLocaleString('en')} messages generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const c of cases) rows.push({ label: c.label, size, ...(await timed(c.path)) });
  }

  console.log(`\n${database.kind}: analytics, ${ITERATIONS} timed iterations after ${WARM_UP} warm-up, ms`);
  console.log(
    `${'case'.padEnd(28)} ${'size'.padStart(9)} ${'HTTP p50'.padStart(8)} ${'HTTP p95'.padStart(8)} ${'floor p50'.padStart(9)} ${'floor p95'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(28)} ${r.size.toLocaleString('en').padStart(9)} ${fmt(r.http.p50)} ${fmt(r.http.p95)} ${fmt(r.floor.p50).padStart(9)} ${fmt(r.floor.p95).padStart(9)}`,
    );
  }
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const pages = rows.filter((r) => r.label.startsWith('analytics'));
  console.log(
    `\ntargets (decision 043; PostgreSQL${database.kind === 'pglite' ? ', shown here for reference' : ''}):`,
  );
  console.log(`  analytics page p95 under 300 ms: ${mark(pages.every((r) => r.http.p95 < 300))}`);
  if (sizes.length === 2) {
    const flat = pages
      .filter((r) => r.size === 1_000_000)
      .every((big) => {
        const small = pages.find((r) => r.size === 100_000 && r.label === big.label);
        return !small || big.http.p95 <= small.http.p95 * 1.2;
      });
    console.log(`  no slower at 1,000,000 than at 100,000 (p95, 20% noise allowance): ${mark(flat)}`);
  }
  await timeComplianceReport(database, base, origin);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

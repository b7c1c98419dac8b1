/**
 * docs/product.md §9 Performance targets: the inbox and the drafter at 100,000 and 1,000,000 messages. Each
 * case is timed over
 * loopback HTTP (a real server on 127.0.0.1, a signed-in session) beside the same SQL the route runs,
 * sent straight through the database's own client. Prints figures and targets; never fails on time.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import { retrievalQuery } from '../src/features/replies/draft-passages';

/** Runs one SQL text with positional parameters through the driver itself (pg.Pool or PGlite). */
export type RawQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
/** One statement as the app sent it to the driver. */
export type Statement = { text: string; params: unknown[] };
/** Runs `run` and returns the statements the app sent meanwhile. */
export type Capture = (run: () => Promise<unknown>) => Promise<Statement[]>;

type Sample = { p50: number; p95: number };
type Row = { label: string; size: number; http: Sample; raw: Sample; inbox: boolean };

// Enough samples that one hiccup of a busy machine does not become the p95.
const WARM_UP = 20;
const ITERATIONS = 200;
const FRAGMENT = 'hart';

const FIRST_NAMES = [
  'Margaret',
  'Daniel',
  'Priya',
  'Tomas',
  'Ingrid',
  'Kwame',
  'Sofia',
  'Hiroshi',
  'Amelia',
  'Rafael',
  'Chloe',
  'Oluwaseun',
  'Lars',
  'Mei',
  'Gabriel',
  'Fatima',
  'Henrik',
  'Isabel',
  'Jonas',
  'Leila',
];
const LAST_NAMES = [
  'Hartley',
  'Okafor',
  'Lindqvist',
  'Fernandes',
  'Nakamura',
  'Brennan',
  'Rossi',
  'Kowalski',
  'Dubois',
  'Mensah',
  'Schneider',
  'Patel',
  'Castillo',
  'Andersen',
  'Whitaker',
  'Moreau',
  'Tanaka',
  'Osei',
  'Vasquez',
  'Holloway',
];
const SUBJECTS = [
  'Q3 distribution timing',
  'Capital call notice',
  'Occupancy update request',
  'Annual report question',
  'Fee breakdown for 2025',
  'Redemption window',
  'Tax documents (K-1)',
  'Valuation methodology',
  'Debt refinancing plans',
  'ESG reporting',
  'Co-investment opportunity',
  'NAV statement discrepancy',
  'Change of bank details',
  'Portfolio exits this year',
  'Leverage ratio question',
];
const BODIES = [
  'When will the next quarterly distribution be paid, and at what rate per unit?',
  'Could you confirm the occupancy across the logistics portfolio at the end of the quarter?',
  'I would like to understand the management fee and the performance fee for this year.',
  'What is the current loan-to-value ratio and when does the senior debt mature?',
  'Please send the audited annual report and the valuation of the largest assets.',
  'Is there a redemption window this year, and how much notice do you need?',
  'How is the fund progressing on its sustainability targets and energy ratings?',
  'Can you explain the capital call schedule for the remaining commitments?',
];
const PASSAGE_SENTENCES = [
  'Distributions of {n} cents per unit were paid quarterly, in line with the distribution policy.',
  'Portfolio occupancy stood at {n}.{d} percent at quarter end, up from the prior period.',
  'The management fee is {d}.{n} percent of net asset value, charged quarterly in arrears.',
  'The loan-to-value ratio was {n} percent; the senior facility matures in 20{d}.',
  'Independent valuers appraised the portfolio at year end; net asset value rose {d} percent.',
  'Redemption requests are accepted each quarter with ninety days of notice, subject to a {n} percent cap.',
  'Energy ratings improved across {n} assets as part of the sustainability programme.',
  'Capital calls for the remaining commitments are expected over the next {d} quarters.',
  'The performance fee is {n} percent above an {d} percent hurdle, paid only after realisation.',
  'Rent collection reached {n} percent, with arrears concentrated in {d} retail tenants.',
];

export function sampleOf(times: number[]): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Times the HTTP request and its raw SQL in turns (one of each per iteration), so both sides see
 * the same load: other work on the machine moves both figures, not their ratio.
 */
async function timeBoth(
  http: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
): Promise<{ http: Sample; raw: Sample }> {
  for (let i = 0; i < WARM_UP; i++) {
    await http(i);
    await raw(i);
  }
  const times = { http: [] as number[], raw: [] as number[] };
  for (let i = WARM_UP; i < WARM_UP + ITERATIONS; i++) {
    let started = performance.now();
    await http(i);
    times.http.push(performance.now() - started);
    started = performance.now();
    await raw(i);
    times.raw.push(performance.now() - started);
  }
  return { http: sampleOf(times.http), raw: sampleOf(times.raw) };
}

const literalArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);

/** Funds, one document per fund and 1,000 passages spread across them. */
async function seedFunds(
  database: Database,
  raw: RawQuery,
  orgId: string,
  userId: string,
): Promise<string[]> {
  const funds = ['Bench Logistics Fund', 'Bench Residential Fund', 'Bench Credit Fund'];
  const projectIds: string[] = [];
  for (const name of funds) {
    const result = await raw(
      `insert into projects (org_id, name, fund_type, created_by) values ($1, $2, 'real_estate', $3) returning id`,
      [orgId, name, userId],
    );
    const projectId = (result.rows[0] as { id: string } | undefined)?.id;
    if (!projectId) throw new Error('project insert returned nothing');
    projectIds.push(projectId);
    await database.db.execute(sql`
      insert into project_documents (org_id, project_id, file_name, content_type, size_bytes, sha256, storage_key, status, page_count, passage_count, uploaded_by, indexed_at)
      values (${orgId}, ${projectId}, ${`${name} annual report.pdf`}, 'application/pdf', 1000000, repeat('0', 64), ${`bench/${projectId}`}, 'indexed', 120, 334, ${userId}, now())`);
  }
  await database.db.execute(sql`
    insert into document_passages (org_id, project_id, document_id, page, ordinal, text)
    select d.org_id, d.project_id, d.id, 1 + g / 3, g,
      replace(replace((${literalArray(PASSAGE_SENTENCES)})[1 + g % ${PASSAGE_SENTENCES.length}], '{n}', (10 + g % 80)::text), '{d}', (1 + g % 9)::text)
      || ' ' || replace(replace((${literalArray(PASSAGE_SENTENCES)})[1 + (g / 7) % ${PASSAGE_SENTENCES.length}], '{n}', (5 + g % 60)::text), '{d}', (2 + g % 7)::text)
    from generate_series(0, 999) g
    join (select id, org_id, project_id, row_number() over (order by id) - 1 as k from project_documents where org_id = ${orgId}) d
      on d.k = g % 3`);
  return projectIds;
}

/** Adds `count` messages numbered from `from`, spread over the funds, statuses and a year. */
async function addMessages(
  database: Database,
  orgId: string,
  projectIds: string[],
  from: number,
  count: number,
) {
  const chunk = 100_000;
  for (let start = from; start < from + count; start += chunk) {
    const end = Math.min(from + count, start + chunk) - 1;
    await database.db.execute(sql`
      insert into investor_messages (org_id, project_id, investor_name, investor_email, subject, body_text, status, created_at, updated_at)
      select ${orgId}::uuid,
        (${sql.raw(`ARRAY[${projectIds.map((id) => `'${id}'`).join(', ')}]::uuid[]`)})[1 + g % 3],
        f.name || ' ' || l.name,
        lower(f.name || '.' || l.name) || (g % 1000)::text || '@example.com',
        (${literalArray(SUBJECTS)})[1 + (g / 3) % ${SUBJECTS.length}],
        (${literalArray(BODIES)})[1 + (g / 5) % ${BODIES.length}],
        (array['open', 'open', 'open', 'awaiting_approval', 'awaiting_approval', 'resolved', 'resolved'])[1 + g % 7],
        ts, ts
      from generate_series(${start}::int, ${end}::int) g
      cross join lateral (select (${literalArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] as name) f
      cross join lateral (select (${literalArray(LAST_NAMES)})[1 + (g / 20) % ${LAST_NAMES.length}] as name) l
      cross join lateral (select now() - ((g::bigint * 7919) % 31536000) * interval '1 second' as ts) t`);
  }
  await database.db.execute(sql`analyze investor_messages`);
  await database.db.execute(sql`analyze document_passages`);
}

// The passage search a draft runs (projects.queries.ts searchPassages), as the driver receives it.
const PASSAGES_SQL = `select dp.id, dp.document_id, pd.file_name, dp.page, dp.text,
  ts_rank_cd(dp.tsv, websearch_to_tsquery('english', $3))
  from document_passages dp inner join project_documents pd on pd.id = dp.document_id
  where dp.org_id = $1 and dp.project_id = $2 and dp.tsv @@ websearch_to_tsquery('english', $3)
  order by ts_rank_cd(dp.tsv, websearch_to_tsquery('english', $3)) desc, pd.file_name, dp.document_id, dp.ordinal limit 8`;

const fmt = (ms: number) => ms.toFixed(1).padStart(8);

export async function runInboxBench(input: {
  app: ReturnType<typeof createApp>;
  database: Database;
  raw: RawQuery;
  capture: Capture;
  origin: string;
  orgId: string;
  userId: string;
  email: string;
  password: string;
}) {
  const { app, database, raw, capture, origin, orgId } = input;
  const maxMessages = Number(process.env.BENCH_MAX_MESSAGES ?? 1_000_000);
  const sizes = [100_000, 1_000_000].filter((n) => n <= maxMessages);

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // Generating rows takes longer than Node's 5 s keep-alive: a reused idle socket would be reset.
  (server as Server).keepAliveTimeout = 600_000;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app checks Origin against APP_ORIGIN; the loopback address only carries the request.
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: input.email, password: input.password }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const post = async (path: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };

  let started = performance.now();
  const projectIds = await seedFunds(database, raw, orgId, input.userId);
  console.log(`seeded 3 funds and 1,000 passages in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const rows: Row[] = [];
  const captured: { label: string; statements: Statement[] }[] = [];
  let size = 0;
  for (const target of sizes) {
    started = performance.now();
    await addMessages(database, orgId, projectIds, size, target - size);
    size = target;
    console.log(
      `${database.kind}: ${size.toLocaleString('en')} messages generated and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // The raw side of an inbox request replays the statements that very request sent: the
    // session check first, then the page and the tab counts together, as the route runs them.
    const replay = (statements: Statement[]) => async () => {
      const [guard, ...rest] = statements;
      if (guard) await raw(guard.text, guard.params);
      await Promise.all(rest.map((s) => raw(s.text, s.params)));
    };
    const cases = [
      { label: 'inbox first page (all)', path: '/api/messages?limit=20' },
      { label: `search q=${FRAGMENT}`, path: `/api/messages?q=${FRAGMENT}&limit=20` },
      { label: 'tab resolved', path: '/api/messages?tab=resolved&limit=20' },
    ];
    // The floor: the cheapest guarded request (session check only), what any request costs here.
    const floorStatements = await capture(() => get('/api/auth/session'));
    rows.push({
      label: 'floor: GET /api/auth/session',
      size,
      ...(await timeBoth(() => get('/api/auth/session'), replay(floorStatements))),
      inbox: false,
    });
    for (const c of cases) {
      await get(c.path);
      const statements = await capture(() => get(c.path));
      if (size === sizes.at(-1)) captured.push({ label: c.label, statements });
      rows.push({
        label: c.label,
        size,
        ...(await timeBoth(() => get(c.path), replay(statements))),
        inbox: true,
      });
    }

    // A different message per draft; the raw side runs the passage search for the same message.
    const picked = (
      await raw(
        'select id, project_id, subject, body_text from investor_messages where org_id = $1 order by created_at desc limit $2',
        [orgId, WARM_UP + ITERATIONS],
      )
    ).rows as { id: string; project_id: string; subject: string; body_text: string }[];
    const pick = (i: number) => {
      const m = picked[i % picked.length];
      if (!m) throw new Error('no message to draft');
      return m;
    };
    rows.push({
      label: 'draft generate (built-in)',
      size,
      ...(await timeBoth(
        (i) => post(`/api/messages/${pick(i).id}/drafts/generate`),
        (i) => {
          const m = pick(i);
          return raw(PASSAGES_SQL, [orgId, m.project_id, retrievalQuery(m.subject, m.body_text)]);
        },
      )),
      inbox: false,
    });
  }

  console.log(`\n${database.kind}: ${ITERATIONS} timed iterations after ${WARM_UP} warm-up, ms`);
  console.log(
    `${'case'.padEnd(28)} ${'size'.padStart(9)} ${'HTTP p50'.padStart(8)} ${'HTTP p95'.padStart(8)} ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)}  p95 ratio (p50)`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(28)} ${r.size.toLocaleString('en').padStart(9)} ${fmt(r.http.p50)} ${fmt(r.http.p95)} ${fmt(r.raw.p50)} ${fmt(r.raw.p95)}  ${(r.http.p95 / Math.max(r.raw.p95, 0.001)).toFixed(2)}× (${(r.http.p50 / Math.max(r.raw.p50, 0.001)).toFixed(2)}×)`,
    );
  }

  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const inbox = rows.filter((r) => r.inbox);
  const within4 = inbox.every((r) => r.http.p95 <= 4 * r.raw.p95);
  console.log(
    `\ntargets (docs/product.md §9; they apply to PostgreSQL${database.kind === 'pglite' ? ', shown here for reference' : ''}):`,
  );
  console.log(`  every inbox request within 4× of its raw SQL (p95): ${mark(within4)}`);
  if (sizes.length === 2) {
    const noWorse = inbox
      .filter((r) => r.size === 1_000_000)
      .every((big) => {
        const small = inbox.find((r) => r.size === 100_000 && r.label === big.label);
        // 20% slack for noise: "no worse" means the same order, not a lucky run.
        return !small || big.http.p95 <= small.http.p95 * 1.2;
      });
    console.log(`  inbox no worse at 1,000,000 than at 100,000 (p95, 20% noise allowance): ${mark(noWorse)}`);
  } else {
    console.log('  inbox no worse at 1,000,000 than at 100,000: not measured (BENCH_MAX_MESSAGES)');
  }
  const drafts = rows.filter((r) => r.label.startsWith('draft'));
  console.log(`  built-in draft p95 under 300 ms: ${mark(drafts.every((r) => r.http.p95 < 300))}`);

  // The plans of what each inbox request ran at the largest size (the session check left out).
  for (const { label, statements } of captured) {
    for (const statement of statements.slice(1)) {
      const plan = (await raw(`explain (analyze, buffers) ${statement.text}`, statement.params)) as {
        rows: Record<string, string>[];
      };
      console.log(`\nEXPLAIN ANALYZE, ${label}, ${size.toLocaleString('en')} messages:\n  ${statement.text}`);
      for (const line of plan.rows) console.log(`  ${Object.values(line)[0]}`);
    }
  }

  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The Audit Logs list benchmark (docs/benchmarks.md, Audit Logs list): one organisation's chain of
 * 300,000 entries over two years, twelve members and six funds, listed a page at a time through
 * `listAuditLog` (GET /api/audit/entries' service) under every filter shape the screen offers, each
 * beside the cheapest query that returns the same page: the newest page of the chain by its primary
 * index, which no filter can beat.
 */
import { type AuditActionType, listAuditEntriesQuerySchema } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { projects } from '../src/db/schema';
import { listAuditLog } from '../src/features/audit/audit-log.service';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { createMember } from '../src/features/users/users.service';
import { systemClock } from '../src/lib/clock';
import { appendBenchEntries } from './bench-chain';

const ENTRIES = Number(process.env.BENCH_AUDIT_LIST_ENTRIES ?? 300_000);
const RUNS = 15;
const DAY = 86_400_000;
const SPAN_DAYS = 730;

/** A small deterministic generator: the same chain every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How often each action occurs: reading and drafting dominate, approvals and security events are rarer. */
const WEIGHTED_ACTIONS: [AuditActionType, number][] = [
  ['message_opened', 40],
  ['draft_generated', 10],
  ['draft_saved', 12],
  ['compliance_checked', 10],
  ['approval_submitted', 5],
  ['response_approved', 5],
  ['sign_in', 10],
  ['mfa_verified', 6],
  ['sign_out', 2],
];

const MEMBER_NAMES = [
  'Dana Whitfield',
  'Omar Haddad',
  'Priya Raman',
  'Lukas Brenner',
  'Sofia Marquez',
  'Kenji Watanabe',
  'Amara Okafor',
  'Theo Lindqvist',
  'Hannah Cole',
  'Rafael Duarte',
  'Ines Moreau',
  'Quentin Aldous',
];
/** Share of the entries each member acted on: the last ones rarely act (a compliance officer, an admin). */
const MEMBER_WEIGHTS = [30, 22, 15, 10, 8, 5, 4, 2, 2, 1, 0.6, 0.4];

function pick<T>(items: T[], weights: number[], r: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

type Fixture = {
  orgId: string;
  memberIds: string[];
  projectIds: string[];
  rareFile: string;
  rareEntity: string;
  end: number;
};

async function seed(database: Database): Promise<Fixture> {
  const { db } = database;
  const orgId = await db.transaction((tx) =>
    createOrganization(tx, systemClock, { name: 'Audit list bench', actorId: null }),
  );
  const memberIds: string[] = [];
  for (const [i, name] of MEMBER_NAMES.entries()) {
    memberIds.push(
      await createMember(
        { db, clock: systemClock },
        {
          email: `${name.toLowerCase().replace(' ', '.')}@audit-bench.test`,
          password: 'bench-password-2026',
          name,
          role: i === 0 ? 'admin' : i < 4 ? 'ir_director' : 'ir_associate',
          orgId,
          actorId: null,
        },
      ),
    );
  }
  const projectIds = (
    await db
      .insert(projects)
      .values(
        ['Fund I', 'Fund II', 'Fund III', 'Growth', 'Credit', 'Infrastructure'].map((name) => ({
          orgId,
          name,
          fundType: 'pe',
        })),
      )
      .returning({ id: projects.id })
  ).map((p) => p.id);

  const next = random(20261129);
  const end = Date.now();
  const start = end - SPAN_DAYS * DAY;
  const step = (SPAN_DAYS * DAY) / ENTRIES;
  const actions = WEIGHTED_ACTIONS.map(([a]) => a);
  const actionWeights = WEIGHTED_ACTIONS.map(([, w]) => w);
  const rareFile = 'side-letter-omega-2025.pdf';
  const rareEntity = '6f1c2e9a-4b7d-4e21-9a3f-0c5d8e7b1a42';
  await appendBenchEntries(db, {
    orgId,
    count: ENTRIES,
    entryAt: (i) => {
      const actionType = pick(actions, actionWeights, next());
      const projectId = projectIds[Math.floor(next() * projectIds.length)] as string;
      const messageId = `00000000-0000-4000-8000-${String(Math.floor(next() * 40_000)).padStart(12, '0')}`;
      const isSession =
        actionType === 'sign_in' || actionType === 'mfa_verified' || actionType === 'sign_out';
      const details: Record<string, unknown> = isSession
        ? { method: 'password' }
        : { message_id: messageId, project_id: projectId };
      // A rare file name and a rare entity: 20 entries each, spread over the two years.
      if (i % Math.floor(ENTRIES / 20) === 7) details.file_name = rareFile;
      return {
        createdAt: new Date(start + i * step),
        actorId: pick(memberIds, MEMBER_WEIGHTS, next()),
        actionType,
        entityType: isSession ? 'session' : 'investor_message',
        entityId: i % Math.floor(ENTRIES / 20) === 11 ? rareEntity : messageId,
        details,
      };
    },
  });
  // As autovacuum leaves a settled table: statistics, and the visibility map index-only scans read.
  await db.execute(sql`vacuum analyze audit_logs`);
  return { orgId, memberIds, projectIds, rareFile, rareEntity, end };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export async function runAuditListBench(deps: { database: Database }) {
  const setupStarted = performance.now();
  const f = await seed(deps.database);
  console.log(
    `\naudit logs list: ${ENTRIES.toLocaleString('en')} entries, ${MEMBER_NAMES.length} members, ${f.projectIds.length} funds, set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const ctx = { db: deps.database.db };
  const actor = { orgId: f.orgId };
  const iso = (ms: number) => new Date(ms).toISOString();
  const yearAgo = f.end - 365 * DAY;
  const cases: [string, Record<string, unknown>][] = [
    ['newest page, no filter (baseline)', {}],
    ['action: approvals', { action: ['response_approved'] }],
    ['user: a frequent member', { user: f.memberIds[0] }],
    ['user: a rare member', { user: f.memberIds[11] }],
    ['fund', { project: f.projectIds[2] }],
    ['date range: one week a year ago', { from: iso(yearAgo), to: iso(yearAgo + 7 * DAY) }],
    ['date range: one day, two years ago', { from: iso(f.end - 729 * DAY), to: iso(f.end - 728 * DAY) }],
    ['search: a common word (approved)', { q: 'approved' }],
    ['search: a rare file name', { q: f.rareFile }],
    ['search: a frequent member by name', { q: 'Dana' }],
    ['search: a rare member by name', { q: 'Aldous' }],
    ['search: an entity id', { q: f.rareEntity }],
    ['search: nothing matches', { q: 'zzqxv' }],
    ['search + date range a year ago', { q: 'approved', from: iso(yearAgo), to: iso(yearAgo + 7 * DAY) }],
    [
      'action + rare user + date range',
      {
        action: ['response_approved'],
        user: f.memberIds[10],
        from: iso(yearAgo),
        to: iso(yearAgo + 30 * DAY),
      },
    ],
  ];
  console.log('| filter | entries on the page | p50 (ms) | p95 (ms) |');
  console.log('|---|---:|---:|---:|');
  for (const [label, filter] of cases) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const page = await listAuditLog(
        ctx,
        actor,
        listAuditEntriesQuerySchema.parse({ limit: 50, ...filter }),
      );
      times.push(performance.now() - started);
      count = page.items.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${count} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} |`,
    );
  }
}

/**
 * The inbox benchmark's data (docs/benchmarks.md, 'Inbox'): three funds with 1,000 document passages,
 * and messages generated in SQL, spread evenly over 400 investor names, 15 subjects, the statuses and
 * a year, so one size differs from another only in how many there are. One investor is rare.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** Runs one SQL text with positional parameters through the driver itself (pg.Pool or PGlite). */
export type RawQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * An investor whose name no other shares, with 5 messages among the first 100,000, so a search for
 * them finds the same handful at either size, in an inbox ten times larger at the million.
 */
export const RARE_SURNAME = 'Quennell';
const RARE_INVESTOR_ROWS = [7_777, 27_777, 47_777, 67_777, 87_777];

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

const literalArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);

/** Funds, one document per fund and 1,000 passages spread across them. */
export async function seedFunds(
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
export async function addMessages(
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
        case when g in (${sql.raw(RARE_INVESTOR_ROWS.join(', '))}) then ${`Beatrix ${RARE_SURNAME}`} else f.name || ' ' || l.name end,
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

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The drafts' labelled set (docs/drafting-eval.md): fund document packs, investor questions with the
// facts a right answer holds or 'not covered', and replies with figures their sources do not hold.

const here = path.dirname(fileURLToPath(import.meta.url));
export const SET_DIR = here;
const DEMO_DIR = path.resolve(here, '../../src/seed/documents');

const TOPICS = [
  'fees',
  'nav',
  'distributions',
  'capital_calls',
  'redemptions',
  'performance',
  'tax',
  'esg',
  'key_people',
  'terms',
  'portfolio',
  'other',
] as const;

/** Each inner list: the verbatim forms (from the documents) any one of which states that fact. */
const factsSchema = z.array(z.array(z.string().min(1)).min(1));

export const caseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    fund: z.string().min(1),
    investor: z.string().min(1),
    subject: z.string().min(1),
    body: z.string().min(1),
    expect: z.enum(['answer', 'decline', 'partial']),
    facts: factsSchema,
    open: z.string().optional(),
    topic: z.enum(TOPICS),
    kind: z.string().min(1),
  })
  .strict();
export type DraftCase = z.infer<typeof caseSchema> & { source: string };

export const claimSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    fund: z.string().min(1),
    /** A reply body citing its sources as [1], [2]… */
    text: z.string().min(1),
    /** sources[n-1]: a verbatim excerpt of the document passage that [n] cites. */
    sources: z.array(z.string().min(8)).min(1),
    /** The figures and dates of `text` that no cited source supports (empty when the reply is right). */
    unsupported: z.array(z.string().min(1)),
    note: z.string().optional(),
  })
  .strict();
export type ClaimCase = z.infer<typeof claimSchema> & { source: string };

/** A reply as a compliance officer reads it for consistency: the question it answers and its text. */
const replySchema = z
  .object({
    investor: z.string().min(1),
    subject: z.string().min(1),
    question: z.string().min(1),
    text: z.string().min(1),
  })
  .strict();

/**
 * A reply already sent to one investor and a new draft to another investor of the same fund
 * (docs/decisions/027-consistency-across-investors.md), labelled with the draft's statements that
 * contradict the sent reply.
 */
export const consistencySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    fund: z.string().min(1),
    earlier: replySchema.extend({ sent_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).strict(),
    draft: replySchema,
    /** The figures, dates or commitment words of draft.text that contradict the sent reply, as written. */
    inconsistent: z.array(z.string().min(1)),
    /** The fund facts the replies state, verbatim from the fund's documents. */
    facts: z.array(z.string().min(1)).min(1),
    kind: z.string().min(1),
    note: z.string().optional(),
  })
  .strict();
export type ConsistencyCase = z.infer<typeof consistencySchema> & { source: string };

export type FundDocument = { fileName: string; text: string };

/** A fund's documents: `demo/<slug>` are the demo funds of the seed, the rest live in funds/. */
export function fundDocuments(fund: string): FundDocument[] {
  const dir = fund.startsWith('demo/')
    ? path.join(DEMO_DIR, fund.slice('demo/'.length))
    : path.join(here, 'funds', fund);
  return readdirSync(dir)
    .filter((f) => /\.(md|txt)$/.test(f))
    .sort()
    .map((fileName) => ({ fileName, text: readFileSync(path.join(dir, fileName), 'utf8') }));
}

function readJsonl<T>(dir: string, schema: z.ZodType<T>): (T & { source: string })[] {
  const items: (T & { source: string })[] = [];
  for (const file of readdirSync(path.join(here, dir))
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const source = file.replace(/\.jsonl$/, '');
    const lines = readFileSync(path.join(here, dir, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const parsed = schema.safeParse(JSON.parse(line));
      if (!parsed.success) {
        throw new Error(
          `${dir}/${file}:${index + 1}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      items.push({ ...parsed.data, source });
    });
  }
  return items;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** Every problem of the set: facts and sources must be verbatim in the fund's documents. */
export function problemsOf(cases: DraftCase[], claims: ClaimCase[]): string[] {
  const problems: string[] = [];
  const docs = new Map<string, string>();
  const corpus = (fund: string) => {
    if (!docs.has(fund)) {
      try {
        docs.set(
          fund,
          collapse(
            fundDocuments(fund)
              .map((d) => d.text)
              .join('\n'),
          ),
        );
      } catch {
        docs.set(fund, '');
      }
    }
    return docs.get(fund) ?? '';
  };
  const ids = new Set<string>();
  for (const c of [...cases, ...claims]) {
    if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
    ids.add(c.id);
    if (!corpus(c.fund)) problems.push(`${c.id}: fund ${c.fund} has no documents`);
  }
  for (const c of cases) {
    const text = corpus(c.fund);
    if (c.expect === 'decline' && c.facts.length > 0) problems.push(`${c.id}: a decline has no facts`);
    if (c.expect !== 'decline' && c.facts.length === 0) problems.push(`${c.id}: an answer needs facts`);
    if (c.expect !== 'answer' && !c.open) problems.push(`${c.id}: say what is not covered in 'open'`);
    for (const variants of c.facts) {
      if (!variants.some((v) => text.includes(collapse(v)))) {
        problems.push(`${c.id}: no form of fact ${JSON.stringify(variants)} is verbatim in the documents`);
      }
    }
  }
  for (const c of claims) {
    const text = corpus(c.fund);
    for (const s of c.sources) {
      if (!text.includes(collapse(s)))
        problems.push(`${c.id}: source not verbatim in the documents: ${s.slice(0, 60)}`);
    }
    for (const u of c.unsupported) {
      if (!c.text.includes(u)) problems.push(`${c.id}: unsupported '${u}' is not in the text`);
    }
    for (const m of c.text.matchAll(/\[(\d+)\]/g)) {
      if (Number(m[1]) < 1 || Number(m[1]) > c.sources.length)
        problems.push(`${c.id}: [${m[1]}] has no source`);
    }
  }
  return problems;
}

export function loadLabelledSet(): { cases: DraftCase[]; claims: ClaimCase[] } {
  return { cases: readJsonl('cases', caseSchema), claims: readJsonl('claims', claimSchema) };
}

export function loadConsistencySet(): ConsistencyCase[] {
  return readJsonl('consistency', consistencySchema);
}

/** The consistency cases' problems: fund facts verbatim in the documents, labels in the draft. */
export function consistencyProblemsOf(cases: ConsistencyCase[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
    ids.add(c.id);
    if (c.earlier.investor === c.draft.investor) problems.push(`${c.id}: the draft is to another investor`);
    const text = collapse(
      fundDocuments(c.fund)
        .map((d) => d.text)
        .join('\n'),
    );
    for (const f of c.facts)
      if (!text.includes(collapse(f))) problems.push(`${c.id}: fact not verbatim: ${f}`);
    for (const u of c.inconsistent) {
      if (!c.draft.text.includes(u)) problems.push(`${c.id}: inconsistent '${u}' is not in the draft`);
    }
  }
  return problems;
}

// `node --import tsx eval/drafts/labelled-set.ts`: checks the set and prints its size per source.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { cases, claims } = loadLabelledSet();
  const consistency = loadConsistencySet();
  const problems = [...problemsOf(cases, claims), ...consistencyProblemsOf(consistency)];
  const bySource = new Map<string, Record<string, number>>();
  for (const c of cases) {
    const row = bySource.get(c.source) ?? {};
    row[c.expect] = (row[c.expect] ?? 0) + 1;
    bySource.set(c.source, row);
  }
  for (const [source, row] of bySource) console.log(source, JSON.stringify(row));
  console.log(
    `${cases.length} cases, ${claims.length} claim drafts, ${consistency.length} consistency cases`,
  );
  for (const p of problems) console.log(`PROBLEM ${p}`);
  process.exitCode = problems.length ? 1 : 0;
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/client';
import { createBuiltInDrafter } from '../../src/features/drafts/built-in-drafter';
import type { DraftResult } from '../../src/features/drafts/drafter';
import { createOrganization } from '../../src/features/organizations/organizations.service';
import { createProject, uploadDocument } from '../../src/features/projects/projects.service';
import { retrievePassages } from '../../src/features/replies/draft-passages';
import { fixedClock } from '../../src/lib/clock';
import { type DraftCase, fundDocuments, loadLabelledSet } from './labelled-set';
import { factRank } from './ranking-ceiling';
import { splitOf } from './split';

// docs/drafting-eval.md: each case drafted by the built-in drafter over its fund's documents, indexed
// and retrieved through the same services as the app, then scored against its labels.

export type CaseOutcome = {
  case: DraftCase;
  split: 'dev' | 'test';
  draft: DraftResult;
  body: string;
  declined: boolean;
  /** answer/partial: every expected fact is stated. */
  correct: boolean;
  /** Citations whose passage holds one of the case's facts, of all citations (answer/partial). */
  supported: number;
  cited: number;
  /** Figures of the body that no cited passage holds. */
  unsupportedFigures: string[];
  /** Answerable cases: where word overlap ranks the sentences that state its facts (ranking-ceiling.ts). */
  factRank: number;
};

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** The reply without its greeting and closing: what answers the investor. */
export function bodyOf(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex(
    (l, i) => i > 0 && /^(kind|best|warm) regards,?$|^sincerely,?$/i.test(l.trim()),
  );
  return lines.slice(1, end === -1 ? undefined : end).join('\n');
}

/** Figures as written: amounts, percentages, dates' numbers; citation markers are not figures. */
export function figuresOf(text: string): string[] {
  return (
    text
      .replace(/\[\d+\]/g, '')
      .replace(/According to our [^,]*,/g, '')
      .match(/\d[\d,]*(?:\.\d+)?/g) ?? []
  ).map((f) => f.replace(/[.,]$/, ''));
}

function score(
  c: DraftCase,
  draft: DraftResult,
  passages: Map<string, string>,
  split: 'dev' | 'test',
  rank: number,
) {
  const body = collapse(bodyOf(draft.text));
  const declined = draft.citations.length === 0;
  const has = (variants: string[]) => variants.some((v) => body.includes(collapse(v)));
  const correct = c.expect !== 'decline' && !declined && c.facts.every(has);
  const citedTexts = draft.citations.map((cite) => collapse(passages.get(cite.id) ?? ''));
  const supported =
    c.expect === 'decline'
      ? 0
      : citedTexts.filter((t) => c.facts.some((variants) => variants.some((v) => t.includes(collapse(v)))))
          .length;
  const sourceText = citedTexts.join(' ');
  const unsupportedFigures = figuresOf(body).filter((f) => !sourceText.includes(f));
  return {
    case: c,
    split,
    draft,
    body,
    declined,
    correct,
    supported,
    cited: c.expect === 'decline' ? 0 : citedTexts.length,
    unsupportedFigures,
    factRank: rank,
  };
}

export type Figures = {
  cases: number;
  answerAccuracy: number;
  declines: number;
  citationSupport: number;
  unsupportedFigures: number;
};

const ratio = (n: number, d: number) => (d === 0 ? 1 : n / d);

export function figuresFor(outcomes: CaseOutcome[]): Figures {
  const answerable = outcomes.filter((o) => o.case.expect !== 'decline');
  const silent = outcomes.filter((o) => o.case.expect === 'decline');
  return {
    cases: outcomes.length,
    answerAccuracy: ratio(answerable.filter((o) => o.correct).length, answerable.length),
    declines: ratio(silent.filter((o) => o.declined).length, silent.length),
    citationSupport: ratio(
      answerable.reduce((s, o) => s + o.supported, 0),
      answerable.reduce((s, o) => s + o.cited, 0),
    ),
    unsupportedFigures: outcomes.reduce((s, o) => s + o.unsupportedFigures.length, 0),
  };
}

/** Indexes every fund of the set into one organisation of `database`, then drafts every case. */
export async function evaluateDrafts(database: Database): Promise<CaseOutcome[]> {
  const { cases } = loadLabelledSet();
  const clock = fixedClock(new Date('2026-01-15T10:00:00Z'));
  const documentsRoot = await mkdtemp(path.join(os.tmpdir(), 'parley-eval-drafts-'));
  const ctx = { db: database.db, clock, documentsRoot };
  try {
    const orgId = await database.db.transaction((tx) =>
      createOrganization(tx, clock, { name: `Drafting eval ${Date.now()}`, actorId: null }),
    );
    const actor = { orgId, userId: null };
    const projectOf = new Map<string, string>();
    const passages = new Map<string, string>();
    for (const fund of [...new Set(cases.map((c) => c.fund))].sort()) {
      const project = await createProject(ctx, actor, { name: fund, fund_type: 'Eval' });
      projectOf.set(fund, project.id);
      for (const doc of fundDocuments(fund)) {
        await uploadDocument(ctx, actor, {
          projectId: project.id,
          fileName: doc.fileName,
          bytes: new TextEncoder().encode(doc.text),
        });
      }
    }
    const drafter = createBuiltInDrafter();
    const outcomes: CaseOutcome[] = [];
    for (const c of cases) {
      const { passages: retrieved, fundTerms } = await retrievePassages(database.db, orgId, {
        projectId: projectOf.get(c.fund) ?? null,
        subject: c.subject,
        bodyText: c.body,
      });
      for (const p of retrieved) passages.set(p.id, p.text);
      const draft = await drafter.draft({
        message: { investorName: c.investor, subject: c.subject, body: c.body },
        passages: retrieved,
        ...(fundTerms ? { fundTerms } : {}),
        signature: 'Jordan Avery',
        disclaimer: '',
        tone: 'neutral',
        readingLevel: '12-14',
      });
      const rank =
        c.expect === 'decline'
          ? 0
          : factRank({ subject: c.subject, body: c.body }, c.facts, retrieved, fundTerms);
      outcomes.push(score(c, draft, passages, splitOf(c.id), rank));
    }
    return outcomes;
  } finally {
    await rm(documentsRoot, { recursive: true, force: true });
  }
}

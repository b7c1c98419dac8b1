import { answerSentences } from '../../src/features/drafts/answer-sentences';
import type { DraftPassage, FundTerms } from '../../src/features/drafts/drafter';
import { contentWords, questionTerms, stem } from '../../src/features/drafts/question-parts';

// docs/decisions/029-built-in-drafter-ceiling.md: how far any choice among the retrieved sentences
// by word overlap could go. Every sentence the built-in drafter could quote is ranked by the weight of
// the message's words it holds (each word weighing what it weighs for the drafter: rarer in the fund,
// heavier); a case's rank is the worst, over its facts, of the best-ranked sentence stating the fact.

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** Ranks past which a fact is counted as not found in any sentence. */
export const NOT_FOUND = Number.POSITIVE_INFINITY;

export function factRank(
  message: { subject: string; body: string },
  facts: string[][],
  passages: DraftPassage[],
  fundTerms: FundTerms | undefined,
): number {
  const frequency = new Map<string, number>();
  for (const [word, count] of Object.entries(fundTerms?.frequency ?? {})) {
    frequency.set(stem(word), Math.max(frequency.get(stem(word)) ?? 0, count));
  }
  const total = fundTerms?.passages ?? passages.length;
  const weightOf = (s: string) => {
    const df = frequency.get(s) ?? 0;
    return df > 0 ? Math.log(1 + total / df) : 0;
  };
  const terms = questionTerms(`${message.subject} ${message.body}`);
  const ranked = passages
    .flatMap((p) => answerSentences(p.text).map((s) => collapse(`${s.text} ${s.heading ?? ''}`)))
    .map((text) => {
      const held = new Set(contentWords(text).map(stem));
      const weight = terms.reduce(
        (sum, t) => sum + Math.max(0, ...t.stems.filter((s) => held.has(s)).map(weightOf)),
        0,
      );
      return { text, weight };
    })
    .sort((a, b) => b.weight - a.weight);
  let worst = 0;
  for (const variants of facts) {
    const at = ranked.findIndex((r) => variants.some((v) => r.text.includes(collapse(v))));
    worst = Math.max(worst, at === -1 ? NOT_FOUND : at + 1);
  }
  return worst;
}

/** The share of answerable cases whose facts all sit within the top `k` sentences, per k. */
export function ceilingAt(ranks: number[], ks: number[]): { k: number; share: number }[] {
  return ks.map((k) => ({
    k,
    share: ranks.length === 0 ? 1 : ranks.filter((r) => r <= k).length / ranks.length,
  }));
}

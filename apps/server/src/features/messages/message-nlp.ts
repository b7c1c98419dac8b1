import { MESSAGE_SUGGESTED_TOPICS_MAX } from '@parley/contracts';
import { loadOnce } from '../../lib/load-once';

/**
 * One instance per process, imported and created on first use: the model takes a moment and some
 * memory, which an idle server does not spend (docs/decisions/045-compiled-server.md).
 */
const nlpInstance = loadOnce(async () => {
  const [{ default: createNlp }, { default: model }] = await Promise.all([
    import('wink-nlp'),
    import('wink-eng-lite-web-model'),
  ]);
  return createNlp(model);
});

/**
 * Sentiment of an investor message, 0 (negative) .. 1 (positive), computed once at creation.
 * wink-nlp scores each sentence in -1..1. Investor e-mails mix a feeling with neutral questions
 * ('I am furious. When is the payment?'), and averaging over every sentence would pull each
 * message towards neutral, so we take s = the mean of the sentences that carry sentiment (0 when
 * none does; the subject counts as the first sentence) and map it linearly: score = (s + 1) / 2,
 * so neutral text is 0.5, clamped to 0..1 and rounded to 3 decimals.
 */
export async function computeSentiment(subject: string, body: string): Promise<number> {
  const instance = await nlpInstance();
  const doc = instance.readDoc(`${subject.trim().replace(/[.!?]*$/, '.')} ${body}`);
  const scores = (doc.sentences().out(instance.its.sentiment) as unknown[])
    .map(Number)
    .filter((score) => Number.isFinite(score) && score !== 0);
  const s = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 0;
  const mapped = (Math.max(-1, Math.min(1, s)) + 1) / 2;
  return Math.round(mapped * 1000) / 1000;
}

/**
 * The fixed IR topic vocabulary: a topic and the keywords (lower-case, matched on word
 * starts) that suggest it. Deterministic: the same text always gets the same topics.
 */
export const TOPIC_VOCABULARY: readonly { topic: string; keywords: readonly string[] }[] = [
  { topic: 'Distributions', keywords: ['distribution', 'distributed', 'payout', 'dividend', 'yield'] },
  { topic: 'Capital Calls', keywords: ['capital call', 'drawdown', 'draw down', 'commitment', 'unfunded'] },
  {
    topic: 'NAV & Valuation',
    keywords: [
      'nav',
      'net asset value',
      'valuation',
      'valued',
      'mark-to',
      'write-down',
      'write-off',
      'written off',
      'markdown',
    ],
  },
  { topic: 'Fees', keywords: ['fee', 'carried interest', 'carry', 'expense', 'hurdle'] },
  {
    topic: 'Redemptions',
    keywords: ['redemption', 'redeem', 'withdraw', 'exit my', 'secondary sale', 'transfer my'],
  },
  {
    topic: 'Performance',
    keywords: [
      'performance',
      'return',
      'irr',
      'moic',
      'multiple',
      'underperform',
      'outperform',
      'results',
      'performed',
    ],
  },
  {
    topic: 'ESG',
    keywords: ['esg', 'sustainab', 'climate', 'carbon', 'emission', 'diversity', 'governance', 'sfdr'],
  },
  { topic: 'Tax & K-1', keywords: ['k-1', 'k1', 'tax', 'withholding', 'fatca', 'w-9', 'w-8'] },
  {
    topic: 'Reporting',
    keywords: ['report', 'statement', 'quarterly letter', 'audited', 'financials', 'disclosure'],
  },
  { topic: 'Liquidity', keywords: ['liquidity', 'lock-up', 'lockup', 'cash position', 'credit facility'] },
  {
    topic: 'Leverage',
    keywords: ['leverage', 'debt', 'loan', 'refinanc', 'interest rate', 'ltv', 'covenant'],
  },
  {
    topic: 'Capex',
    keywords: ['capex', 'capital expenditure', 'renovation', 'construction', 'development budget'],
  },
  {
    topic: 'Meetings & Events',
    keywords: ['annual meeting', 'site visit', 'investor day', 'conference', 'meeting'],
  },
  { topic: 'Fund Terms', keywords: ['lpa', 'side letter', 'extension', 'term of the fund', 'key person'] },
];

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const MATCHERS = TOPIC_VOCABULARY.map(({ topic, keywords }) => ({
  topic,
  patterns: keywords.map((k) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(k)}`, 'g')),
}));

/**
 * Up to MESSAGE_SUGGESTED_TOPICS_MAX topics for a message given none: each vocabulary topic scores
 * the number of keyword hits (subject hits count double); the best first, ties in vocabulary order.
 */
export function suggestTopics(subject: string, body: string): string[] {
  const subjectText = subject.toLowerCase();
  const bodyText = body.toLowerCase();
  const scored = MATCHERS.map(({ topic, patterns }, order) => {
    let score = 0;
    for (const pattern of patterns) {
      score += 2 * (subjectText.match(pattern)?.length ?? 0);
      score += bodyText.match(pattern)?.length ?? 0;
    }
    return { topic, score, order };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MESSAGE_SUGGESTED_TOPICS_MAX)
    .map((s) => s.topic);
}

/**
 * Word classes of the sentence model: lemmas grouped by what they do in a promise or a forecast, so a
 * weight learnt from 'income will double' also serves 'payouts will triple'. The corpus is a thousand
 * sentences; single lemmas are too sparse on their own.
 */
const CLASSES: Record<string, readonly string[]> = {
  assure: [
    'guarantee',
    'guaranteed',
    'guaranty',
    'assure',
    'assured',
    'promise',
    'promised',
    'pledge',
    'vow',
    'commit',
    'committing',
    'lock',
    'ensure',
    'warrant',
  ],
  safe: [
    'safe',
    'safety',
    'secure',
    'secured',
    'protect',
    'protected',
    'protection',
    'riskless',
    'riskfree',
    'risk-free',
    'insured',
    'bulletproof',
    'ironclad',
    'foolproof',
    'preserve',
    'preservation',
    'impossible',
    'backstop',
    'shield',
  ],
  certain: [
    'certain',
    'certainly',
    'definitely',
    'sure',
    'surely',
    'absolutely',
    'always',
    'never',
    'undoubtedly',
    'inevitable',
    'inevitably',
    'bound',
    'only',
    'doubt',
    'zero',
    'clockwork',
    'done',
    'locked',
    'fixed',
    'predictable',
    'no-brainer',
  ],
  loss: [
    'lose',
    'loss',
    'losses',
    'down',
    'default',
    'fail',
    'decline',
    'drop',
    'fall',
    'downside',
    'risk',
    'wrong',
    'crash',
  ],
  metric: [
    'return',
    'yield',
    'irr',
    'multiple',
    'moic',
    'tvpi',
    'dpi',
    'profit',
    'income',
    'distribution',
    'payout',
    'dividend',
    'nav',
    'gain',
    'upside',
    'appreciation',
    'coupon',
    'nii',
    'earnings',
    'ebitda',
    'noi',
    'value',
    'valuation',
    'price',
    'performance',
    'apy',
    'apr',
    'interest',
    'money',
    'capital',
    'principal',
    'rent',
    'spread',
    'cash',
    'revenue',
    'payback',
  ],
  rise: [
    'rise',
    'increase',
    'grow',
    'growth',
    'double',
    'triple',
    'climb',
    'rebound',
    'recover',
    'beat',
    'outperform',
    'exceed',
    'surpass',
    'hit',
    'reach',
    'deliver',
    'generate',
    'earn',
    'achieve',
    'improve',
    'lift',
    'boost',
    'accelerate',
    'expand',
    'top',
    'outpace',
    'pay',
    'produce',
    'make',
  ],
  expect: [
    'expect',
    'expectation',
    'anticipate',
    'forecast',
    'project',
    'projection',
    'predict',
    'estimate',
    'believe',
    'think',
    'see',
    'model',
    'modelling',
    'modeling',
    'guide',
    'guidance',
    'target',
    'aim',
    'plan',
    'goal',
    'objective',
    'outlook',
    'underwrite',
    'envision',
    'foresee',
    'assume',
    'budget',
    'pro',
    'forma',
    'confident',
    'optimistic',
    'upbeat',
    'encouraged',
    'bullish',
    'pace',
    'track',
    'poised',
    'positioned',
    'set',
    'likely',
    'should',
  ],
  future: [
    'will',
    'shall',
    "'ll",
    'going',
    'gonna',
    'next',
    'coming',
    'ahead',
    'upcoming',
    'future',
    'forward',
    'soon',
    'eventually',
    'by',
    'tomorrow',
    'onward',
    'onwards',
  ],
  past: [
    'was',
    'were',
    'had',
    'did',
    'last',
    'prior',
    'previous',
    'previously',
    'ago',
    'since',
    'historically',
    'through',
    'realised',
    'realized',
    'ended',
    'closed',
    'inception',
    'year-to-date',
  ],
  urge: [
    'now',
    'today',
    'hurry',
    'miss',
    'act',
    'before',
    'wait',
    'quick',
    'quickly',
    'immediately',
    'fast',
    'limited',
    'opportunity',
    'mistake',
    'regret',
  ],
  invest: [
    'invest',
    'buy',
    'commit',
    'subscribe',
    'wire',
    'participate',
    'allocate',
    'allocation',
    'put',
    'move',
    'own',
    'add',
    'purchase',
    'get',
    'deposit',
    'transfer',
    'join',
    'increase',
  ],
  hedge: [
    'may',
    'might',
    'could',
    'possible',
    'possibly',
    'potential',
    'potentially',
    'hope',
    'illustrative',
    'hypothetical',
    'if',
    'unless',
    'assumption',
    'subject',
    'vary',
  ],
  warn: [
    'beware',
    'warn',
    'warning',
    'caution',
    'careful',
    'wary',
    'scam',
    'fraud',
    'fraudulent',
    'alleged',
    'allegedly',
    'complaint',
    'misleading',
    'false',
    'claim',
    'claimed',
    'told',
    'quoted',
  ],
  advise: ['should', 'must', 'ought', 'need', 'have', 'recommend', 'urge', 'advise', 'suggest', 'encourage'],
};

/** lemma (or lower-case word) → its classes */
export const WORD_CLASSES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [name, words] of Object.entries(CLASSES)) {
    for (const w of words) if (!map.get(w)?.includes(name)) map.set(w, [...(map.get(w) ?? []), name]);
  }
  return map;
})();

/** Long class words a misspelling may stand for ('garanteed', 'guarenteed', 'gauranteed', 'protcted'), by first letter. */
const LONG_WORDS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const w of WORD_CLASSES.keys()) {
    if (/^[a-z]{6,}$/.test(w)) map.set(w.charAt(0), [...(map.get(w.charAt(0)) ?? []), w]);
  }
  return map;
})();

/** Words already looked up (the same words come back in every draft); emptied when it grows large. */
const SEEN = new Map<string, string | null>();
const SEEN_MAX = 20_000;

/**
 * The class word `word` misspells, or null: within 1 edit (an adjacent swap is one) for words of 6 to 8
 * letters, 2 for longer ones; same first letter. Only for words with no class of their own.
 */
export function misspelled(word: string): string | null {
  if (word.length < 6 || WORD_CLASSES.has(word)) return null;
  return misspelledUnclassed(word);
}

/** `misspelled` of a word the caller knows has no class of its own. */
export function misspelledUnclassed(word: string): string | null {
  if (word.length < 6) return null;
  const known = SEEN.get(word);
  if (known !== undefined) return known;
  let found: string | null = null;
  if (/^[a-z]+$/.test(word)) {
    const limit = word.length >= 9 ? 2 : 1;
    for (const target of LONG_WORDS.get(word.charAt(0)) ?? []) {
      if (Math.abs(target.length - word.length) <= limit && editDistance(word, target, limit) <= limit) {
        found = target;
        break;
      }
    }
  }
  if (SEEN.size >= SEEN_MAX) SEEN.clear();
  SEEN.set(word, found);
  return found;
}

/** Optimal-string-alignment distance, stopping early once every cell of a row is above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

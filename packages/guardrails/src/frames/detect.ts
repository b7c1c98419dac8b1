import { findFigure, has, lemma, negatedAt, norm, pos, rewrite, sameClause, type View } from './view';
import {
  ADDRESSEES,
  ASSETS,
  BELIEF_VERBS,
  COMPARATIVES,
  COPULAS,
  DOCUMENT_NOUNS,
  ESTIMATE_VERBS,
  EXPECT_MODALS,
  FUTURE,
  FUTURE_TIME,
  GERUNDS,
  HEDGE_MODALS,
  IDIOM_OBJECTS,
  INTENSIFIERS,
  INVEST_VERBS,
  LOGISTICS_VERBS,
  MONEY_OBJECTS,
  MOVE_VERBS,
  NON_RETURN_TARGETS,
  OUTCOME_NOUNS,
  OUTCOME_VERBS,
  PERF_VERBS,
  SAFE_WORDS,
  STRONG_OUTCOME_VERBS,
  TREND_VERBS,
  UPBEAT,
  URGE_MODALS,
} from './words';

/** The sentence frames (each a built-in pattern the organisation can tune, see defs.ts). */
export type FrameId = 'outcome-promise' | 'safety-claim' | 'estimate' | 'exhortation';

/** A frame found in a sentence: words [from, to), the rewrite for Apply Fix and the rationale's lead. */
export type FrameHit = { frame: FrameId; from: number; to: number; suggestion: string; lead: string };

/** Made once: a regular expression literal is a new object each time it is evaluated. */
const LEADING_APOSTROPHE = /^['’]/;
const COMING_YEAR = /^20[2-9]\d$/;
const ING_OR_ED = /ing$|ed$/;
const NOT_GUARANTEED = ' (not guaranteed)';
/** 'twice invested capital', 'double the money': a multiple without a figure. */
const MULTIPLES_WORDS: ReadonlySet<string> = new Set(['twice', 'double', 'triple', 'doubling', 'tripling']);
const NEVER: ReadonlySet<string> = new Set(['not', "n't", 'never']);
const NOT_OUTCOMES: ReadonlySet<string> = new Set(['capital', 'investment', 'investments']);
const DOWN_VERBS: ReadonlySet<string> = new Set([
  'fall',
  'decline',
  'drop',
  'lose',
  'default',
  'decrease',
  'suffer',
]);

/** Nouns of guidance and targets, and those that need a figure to be one. */
const GUIDANCE_WORDS: ReadonlySet<string> = new Set([
  'target',
  'targets',
  'goal',
  'objective',
  'guidance',
  'outlook',
  'forecast',
  'forecasts',
  'estimate',
  'projection',
  'projections',
]);
const FIGURE_ONLY_GUIDANCE: ReadonlySet<string> = new Set(['target', 'targets', 'goal', 'objective']);
/** 'We feel very good about ...': an upbeat outlook when felt. */
const FEEL_GOOD: ReadonlySet<string> = new Set(['good', 'great', 'positive']);

/** The words that can start an estimate (the loop skips every other word at once). */
const ESTIMATE_CUES: ReadonlySet<string> = new Set([
  ...FEEL_GOOD,
  ...ESTIMATE_VERBS,
  ...BELIEF_VERBS,
  ...UPBEAT,
  ...EXPECT_MODALS,
  ...HEDGE_MODALS,
  ...GUIDANCE_WORDS,
  'targeting',
  'guiding',
  'guided',
  'guide',
  'look',
  'looking',
  'see',
  'imply',
  'implies',
  'suggests',
  'points',
  'underwrites',
  'underwrote',
  'underwritten',
  'pace',
  'track',
  'pro',
]);
/** The first words of the safety phrases. */
let SAFETY_FIRST: ReadonlySet<string> | null = null;

/** Outcome nouns that a weak verb ('pay', 'get') needs to make a promise ('pay a 9% yield'). */
const RESULT_NOUNS = new Set([
  'return',
  'returns',
  'profit',
  'profits',
  'income',
  'yield',
  'yields',
  'gain',
  'gains',
  'upside',
  'irr',
  'moic',
  'multiple',
  'alpha',
  'outperformance',
  'appreciation',
  'money',
  'wealth',
]);

/** The end of an outcome object after word `j`: a figure or an outcome noun (not a document's name). */
function outcomeObject(v: View, j: number, nouns: ReadonlySet<string>, reach = 6): number {
  for (let k = j + 1; k < Math.min(v.words.length, j + 1 + reach) && sameClause(v, j, k); k++) {
    const fig = findFigure(v, k, k + 1);
    if (fig) return fig[1];
    if (has(v, k, nouns) && !has(v, k + 1, DOCUMENT_NOUNS)) return k + 1;
  }
  return -1;
}

/** Skippable words between a modal and its verb ('will easily beat', 'will continue to deliver'). */
function skipFillers(v: View, k: number): number {
  let j = k;
  while (
    j < v.words.length &&
    (pos(v, j) === 'ADV' || norm(v, j) === 'continue' || norm(v, j) === 'to' || norm(v, j) === 'be')
  ) {
    if (has(v, j, NEVER)) return -1;
    j++;
  }
  return j;
}

/** 'You'll' → start at 'You', so the flagged span is whole words as the reader sees them. */
function startOf(v: View, i: number): number {
  return LEADING_APOSTROPHE.test(norm(v, i)) && i > 0 ? i - 1 : i;
}

/** A future or modal + an outcome: 'You'll earn 9% a year', 'We will double your money'. */
function outcomePromise(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  for (let i = 0; i < n; i++) {
    let after = -1;
    let strongOnly = false;
    const drop: number[] = [];
    if (has(v, i, FUTURE) && (pos(v, i) === 'AUX' || pos(v, i) === 'VERB')) after = i + 1;
    else if (norm(v, i) === 'going' && norm(v, i + 1) === 'to' && has(v, i - 1, COPULAS)) {
      after = i + 2;
      drop.push(i - 1, i + 1);
    } else if (norm(v, i) === 'set' && norm(v, i + 1) === 'to' && has(v, i - 1, COPULAS)) {
      after = i + 2;
      drop.push(i - 1, i + 1);
    } else if (lemma(v, i) === 'can' && pos(v, i) === 'AUX') {
      after = i + 1;
      strongOnly = true;
    }
    if (after < 0 || negatedAt(v, i)) continue;
    const j = skipFillers(v, after);
    if (j < 0 || j >= n || !sameClause(v, i, j)) continue;
    let end = -1;
    if (has(v, j, OUTCOME_VERBS) && (pos(v, j) === 'VERB' || pos(v, j) === 'NOUN' || pos(v, j) === 'ADJ')) {
      const strong = has(v, j, STRONG_OUTCOME_VERBS);
      if (strong && norm(v, j + 1) === 'in') continue; // 'will double in size'
      end = outcomeObject(v, j, strong ? OUTCOME_NOUNS : RESULT_NOUNS);
      if (end < 0 && strong && !strongOnly) end = j + 1;
      if (end < 0 && !strongOnly) {
        // 'Returns will rise': an outcome noun is the subject
        for (let k = Math.max(0, i - 3); k < i; k++)
          if (has(v, k, RESULT_NOUNS) && has(v, j, PERF_VERBS)) end = j + 1;
      }
    } else if (!strongOnly) {
      // 'Returns will be 9%', 'the NAV will be $12'
      let subject = false;
      for (let k = Math.max(0, i - 3); k < i; k++) if (has(v, k, OUTCOME_NOUNS)) subject = true;
      const fig = subject ? findFigure(v, j, j + 3) : null;
      if (fig) end = fig[1];
    }
    if (end < 0) continue;
    const from = drop.length > 0 ? (drop[0] as number) : startOf(v, i);
    const replace = new Map<number, string>();
    for (const d of drop) replace.set(d, '');
    replace.set(i, lemma(v, i) === 'can' ? 'could' : 'may');
    for (let k = j; k < end; k++) {
      if (has(v, k, STRONG_OUTCOME_VERBS) && lemma(v, k) !== 'earn') replace.set(k, 'grow');
    }
    hits.push({
      frame: 'outcome-promise',
      from,
      to: end,
      suggestion: rewrite(v, from, end, replace, NOT_GUARANTEED),
      lead: 'Promises a return',
    });
    i = end - 1;
  }
  return hits;
}

const LOSS_CONTEXT = [
  'loss',
  'losses',
  'swings',
  'volatility',
  'downturns',
  'downturn',
  'drawdowns',
  'crashes',
  'market',
];
const LOSS_WORDS: ReadonlySet<string> = new Set([
  'loss',
  'losses',
  'drawdown',
  'drawdowns',
  'default',
  'defaults',
  'decline',
  'lose',
  'losing',
]);

const CUT_WORDS = ['cut', 'lost', 'reduced', 'touched', 'impaired', 'wiped'];

/** '-proof' words that claim safety ('crash-proof', 'recession proof'). */
const PROOF_PREFIXES = [
  'crash',
  'recession',
  'loss',
  'risk',
  'bullet',
  'fool',
  'default',
  'downturn',
  'bust',
  'market',
  'bomb',
];

/** Fixed safety phrases over lower-cased words ('?' marks an optional place), each with its suggestion. */
const SAFETY_PHRASES: { words: string[][]; suggestion: string; firstOnly?: boolean }[] = [
  {
    words: [['ca', 'can', 'wo', 'will', 'could'], ["n't", 'not', 'never'], ['go'], ['down']],
    suggestion: 'could go down',
  },
  { words: [['cannot', 'never'], ['go', 'goes'], ['down']], suggestion: 'could go down' },
  { words: [['can', 'will'], ['only'], ['go'], ['up']], suggestion: 'could go up or down' },
  {
    words: [['no'], ['way'], ['to', 'you', 'we', 'of', 'investors'], ['lose', 'can', 'losing', 'could']],
    suggestion: 'a risk of loss',
  },
  { words: [['nothing'], ['to'], ['lose']], suggestion: 'capital at risk' },
  {
    words: [['no', 'zero'], ['chance', 'possibility', 'risk'], ['of'], ['losing', 'loss', 'a']],
    suggestion: 'a risk of loss',
  },
  {
    words: [['bulletproof', 'foolproof', 'ironclad', 'risk-proof', 'fail-safe', 'failsafe']],
    suggestion: 'resilient',
  },
  {
    words: [
      ['sure', 'safe', 'surefire', 'sure-fire', 'surest', 'safest'],
      ['bet', 'thing', 'winner'],
    ],
    suggestion: 'compelling opportunity',
  },
  {
    words: [PROOF_PREFIXES, ['-', '?'], ['proof']],
    suggestion: 'resilient',
  },
  { words: [['rock'], ['-', '?'], ['solid']], suggestion: 'resilient' },
  { words: [['impossible'], ['to'], ['lose']], suggestion: 'possible to lose' },
  { words: [['free'], ['of', 'from'], ['risk', 'risks', 'loss', 'losses']], suggestion: 'subject to risk' },
  { words: [['without'], ['the', 'much'], ['risk', 'risks', 'downside']], suggestion: 'with the risk' },
  { words: [['no', 'zero', 'little'], ['downside'], ['risk', 'risks']], suggestion: 'some downside risk' },
  { words: [['protected'], ['on'], ['the'], ['downside']], suggestion: 'managed on the downside' },
  {
    words: [
      ['never'],
      [
        'see',
        'sees',
        'seen',
        'had',
        'have',
        'has',
        'experience',
        'experienced',
        'suffer',
        'suffered',
        'lost',
      ],
      ['a', 'any', '?'],
      ['loss', 'losses', 'negative', 'losing', 'down', 'drawdown', 'drawdowns', 'dollar', 'penny', 'cent'],
    ],
    suggestion: 'rarely',
    firstOnly: true,
  },
  {
    words: [['ca', 'can', 'wo', 'will'], ["n't", 'not', 'never'], ['be'], CUT_WORDS],
    suggestion: 'could be cut',
  },
  { words: [['cannot'], ['be'], CUT_WORDS], suggestion: 'could be cut' },
  { words: [['ca', 'can', 'wo'], ["n't", 'not'], ['default']], suggestion: 'could default' },
  { words: [['cannot'], ['default']], suggestion: 'could default' },
  {
    words: [['stays', 'stay', 'remains', 'remain', 'will'], ['be', '?'], ['intact']],
    suggestion: 'is at risk',
  },
  { words: [['hold', 'holds', 'keep', 'keeps'], ['its', 'their'], ['value']], suggestion: 'may lose value' },
  {
    words: [
      ['does', 'do', 'will'],
      ['not', "n't", 'never'],
      ['lose', 'go'],
      ['value', 'down'],
    ],
    suggestion: 'can lose value',
  },
  { words: [['protected'], ['against', 'from'], ['loss', 'losses', 'any']], suggestion: 'exposed to loss' },
  {
    words: [
      ['bank-like', 'cd-like'],
      ['safety', 'security'],
    ],
    suggestion: 'a different risk profile',
  },
  {
    words: [['safest'], ['yield', 'return', 'income', 'investment', 'place']],
    suggestion: 'a lower-risk option',
  },
  { words: [['only'], ['goes', 'go'], ['up']], suggestion: 'can go up or down' },
  { words: [['no'], ['scenario', 'way', 'chance'], ['in', 'where'], ['which', '?']], suggestion: 'a risk' },
  {
    words: [['cannot', 'ca', 'can'], ["n't", 'not', '?'], ['be'], ['eroded', 'missed', 'lost']],
    suggestion: 'could be lost',
  },
  {
    words: [['without'], ['any'], ['of'], ['the'], ['default', 'downside', 'credit', '?'], ['risk', 'risks']],
    suggestion: 'with the risks',
  },
];

function phraseAt(v: View, i: number, words: string[][]): number {
  let k = i;
  // by index: an iterator for each phrase tried is garbage
  for (let p = 0; p < words.length; p++) {
    const alts = words[p] as string[];
    if (
      k < v.words.length &&
      alts.includes(norm(v, k)) &&
      (k === i || sameClause(v, i, k) || norm(v, k) === '-')
    ) {
      k++;
      continue;
    }
    if (!alts.includes('?')) return -1;
  }
  return k;
}

/** Not a first word of a safety phrase: nothing to try (one empty list, not one a word). */
const NO_SAFETY_PHRASES: typeof SAFETY_PHRASES = [];

/** Safety claims: 'Your capital is completely safe here', 'this fund can't go down', 'a sure bet'. */
function safetyClaim(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  SAFETY_FIRST ??= new Set(SAFETY_PHRASES.flatMap((p) => p.words[0] as string[]));
  for (let i = 0; i < n; i++) {
    let matched = false;
    const first = SAFETY_FIRST.has(norm(v, i));
    const phrases = first ? SAFETY_PHRASES : NO_SAFETY_PHRASES;
    // by index: an iterator a word is garbage
    for (let p = 0; p < phrases.length; p++) {
      const { words, suggestion, firstOnly } = phrases[p] as (typeof SAFETY_PHRASES)[number];
      const end = phraseAt(v, i, words);
      if (end < 0) continue;
      if (firstOnly) {
        hits.push({
          frame: 'safety-claim',
          from: i,
          to: end,
          suggestion: rewrite(v, i, end, new Map([[i, suggestion]])),
          lead: 'Claims safety',
        });
        i = end - 1;
        matched = true;
        break;
      }
      hits.push({
        frame: 'safety-claim',
        from: i,
        to: end,
        suggestion: rewrite(
          v,
          i,
          end,
          new Map([
            [i, suggestion],
            ...Array.from({ length: end - i - 1 }, (_, k) => [i + k + 1, ''] as [number, string]),
          ]),
        ),
        lead: 'Claims safety',
      });
      i = end - 1;
      matched = true;
      break;
    }
    if (matched) continue;
    if (norm(v, i) === 'impossible') {
      // 'losses mathematically impossible', 'a drawdown is essentially impossible'
      for (let k = Math.max(0, i - 6); k < i; k++) {
        if (!LOSS_WORDS.has(lemma(v, k)) || !sameClause(v, k, i)) continue;
        hits.push({
          frame: 'safety-claim',
          from: k,
          to: i + 1,
          suggestion: rewrite(v, k, i + 1, new Map([[i, 'possible']])),
          lead: 'Claims safety',
        });
        break;
      }
      continue;
    }
    if (!has(v, i, SAFE_WORDS)) continue;
    // 'safe to say', 'protected from inflation'; but 'insulated from market swings', 'shielded from any loss'
    if (norm(v, i + 1) === 'to') continue;
    if (norm(v, i + 1) === 'from' && !LOSS_CONTEXT.some((w) => [2, 3, 4].some((d) => norm(v, i + d) === w)))
      continue;
    // back over intensifiers to a copula, then to the subject
    let k = i - 1;
    const dropped: number[] = [];
    while (k >= 0 && has(v, k, INTENSIFIERS) && !has(v, k, COPULAS)) dropped.push(k--);
    if (k < 0 || !has(v, k, COPULAS)) continue;
    let copula = k;
    if (norm(v, k - 1) === 'will') copula = k - 1;
    let subject = -1;
    for (let s = copula - 1; s >= Math.max(0, copula - 3); s--) {
      if (!sameClause(v, s, copula)) break;
      if (has(v, s, ASSETS)) {
        subject = s;
        break;
      }
    }
    if (subject < 0 || negatedAt(v, i)) continue;
    const replace = new Map<number, string>([[i, 'managed prudently']]);
    for (const d of dropped) replace.set(d, '');
    hits.push({
      frame: 'safety-claim',
      from: subject,
      to: i + 1,
      suggestion: rewrite(v, subject, i + 1, replace),
      lead: 'Claims safety',
    });
  }
  return hits;
}

const HISTORICAL = new Set([
  'than',
  'as',
  'versus',
  'exceeded',
  'beat',
  'met',
  'ahead',
  'above',
  'below',
  'missed',
  'original',
  'initial',
  'against',
  'surpassed',
  'outperformed',
]);
const TARGET_FORMS: Readonly<Record<string, string>> = {
  expect: 'target',
  expects: 'targets',
  expecting: 'targeting',
  expected: 'targeted',
  anticipate: 'target',
  anticipates: 'targets',
  anticipated: 'targeted',
  forecast: 'target',
  forecasts: 'targets',
  project: 'target',
  projects: 'targets',
  projected: 'targeted',
  predict: 'target',
  predicts: 'targets',
  predicted: 'targeted',
  estimate: 'target',
  estimates: 'targets',
  estimated: 'targeted',
};
const QUALIFIERS = new Set(['not', 'no', 'illustrative', 'indicative', 'hypothetical']);

/** A forecast complement after word `i`: a figure, an outcome noun, a performance verb, 'stronger next year'. */
function estimateEnd(v: View, i: number, reach = 10): number {
  let end = -1;
  let sawTime = false;
  let sawComparative = false;
  for (let k = i + 1; k < Math.min(v.words.length, i + 1 + reach) && sameClause(v, i, k); k++) {
    const fig = findFigure(v, k, k + 1);
    if (fig) return fig[1];
    if (norm(v, k) === 'to' && has(v, k + 1, LOGISTICS_VERBS)) {
      // 'expect to send the statements': logistics, unless a figure follows
      const later = findFigure(v, k + 1, k + 8);
      return later ? later[1] : -1;
    }
    if (norm(v, k) === 'to' && (has(v, k + 1, PERF_VERBS) || has(v, k + 1, TREND_VERBS)))
      end = Math.max(end, k + 2);
    if (has(v, k, PERF_VERBS) && (pos(v, k) === 'VERB' || pos(v, k) === 'AUX')) end = Math.max(end, k + 1);
    if (has(v, k, MULTIPLES_WORDS)) end = Math.max(end, k + 1);
    if (has(v, k, OUTCOME_NOUNS) && !has(v, k, NOT_OUTCOMES) && !has(v, k + 1, DOCUMENT_NOUNS))
      end = Math.max(end, k + 1);
    if (has(v, k, FUTURE_TIME) || COMING_YEAR.test(norm(v, k))) sawTime = true;
    if (has(v, k, COMPARATIVES) && pos(v, k) === 'ADJ') {
      sawComparative = true;
      end = Math.max(end, k + 1);
    }
  }
  return end >= 0 || !(sawTime && sawComparative) ? end : -1;
}

function qualifiedAfter(v: View, end: number): boolean {
  for (let k = end; k < Math.min(v.words.length, end + 4); k++) if (has(v, k, QUALIFIERS)) return true;
  return false;
}

function estimateHit(
  v: View,
  from: number,
  to: number,
  replace: Map<number, string>,
  lead: string,
): FrameHit {
  return { frame: 'estimate', from, to, suggestion: rewrite(v, from, to, replace, NOT_GUARANTEED), lead };
}

/** Estimates and targets: 'We project the NAV at $12', 'our price target is $30', 'upbeat about the year ahead'. */
function estimate(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  for (let i = 0; i < n; i++) {
    if (!has(v, i, ESTIMATE_CUES) || negatedAt(v, i)) continue;
    let historical = false;
    for (let k = Math.max(0, i - 3); k < i; k++)
      if (has(v, k, HISTORICAL) && sameClause(v, k, i)) historical = true;
    if (historical) continue;
    const p = pos(v, i);
    let hit: FrameHit | null = null;
    const w = norm(v, i);
    const verbal =
      p === 'VERB' ||
      (p === 'ADJ' && i > 0) ||
      (p === 'NOUN' && w.endsWith('s') && ['a', 'an', 'the', 'positive', 'that'].includes(norm(v, i + 1)));
    if (has(v, i, ESTIMATE_VERBS) && verbal && norm(v, i + 1) !== '-') {
      const end = estimateEnd(v, i);
      if (end > 0 && !qualifiedAfter(v, end)) {
        const rep = TARGET_FORMS[w];
        hit = estimateHit(v, i, end, new Map(rep ? [[i, rep]] : []), 'States a forecast');
      }
    } else if (
      (lemma(v, i) === 'guide' && norm(v, i + 1) === 'to') ||
      (lemma(v, i) === 'look' && norm(v, i + 1) === 'for') ||
      ((w === 'seeks' || w === 'seek' || w === 'strives') && norm(v, i + 1) === 'to') ||
      w === 'implies' ||
      ((w === 'see' || w === 'imply' || w === 'implies' || w === 'suggests' || w === 'points') &&
        ['we', 'i', 'models', 'model', 'analysis', 'case', 'estimates', 'numbers'].includes(norm(v, i - 1)))
    ) {
      const end = estimateEnd(v, i);
      if (end > 0 && !qualifiedAfter(v, end)) hit = estimateHit(v, i, end, new Map(), 'States a forecast');
    } else if ((w === 'targeting' || w === 'targets' || w === 'target') && p === 'VERB') {
      const end = estimateEnd(v, i, 8);
      if (end > 0 && !has(v, i + 1, NON_RETURN_TARGETS) && !qualifiedAfter(v, end))
        hit = estimateHit(v, i, end, new Map(), 'States a target');
    } else if (
      has(v, i, BELIEF_VERBS) &&
      p === 'VERB' &&
      ['we', 'i', 'management', 'team'].includes(norm(v, i - 1))
    ) {
      const end = estimateEnd(v, i, 12);
      let future = false;
      for (let k = i + 1; k < Math.min(n, i + 12) && sameClause(v, i, k); k++) {
        if (
          has(v, k, FUTURE) ||
          has(v, k, EXPECT_MODALS) ||
          norm(v, k) === 'likely' ||
          norm(v, k) === 'going'
        )
          future = true;
      }
      if (end > 0 && future && !qualifiedAfter(v, end))
        hit = estimateHit(v, i, end, new Map(), 'States a forecast');
    } else if (GUIDANCE_WORDS.has(w) && p !== 'VERB') {
      if (has(v, i + 1, NON_RETURN_TARGETS) || has(v, i + 2, NON_RETURN_TARGETS) || has(v, i - 1, HISTORICAL))
        continue;
      // a target needs a figure ('our price target is $30'); a forecast may name a movement
      const end = FIGURE_ONLY_GUIDANCE.has(w)
        ? (findFigure(v, i + 1, i + 8)?.[1] ?? -1)
        : estimateEnd(v, i, 10);
      if (end > 0 && !qualifiedAfter(v, end))
        hit = estimateHit(
          v,
          i,
          end,
          new Map(),
          FIGURE_ONLY_GUIDANCE.has(w) ? 'States a target' : 'States a forecast',
        );
    } else if (
      norm(v, i) === 'underwrites' ||
      norm(v, i) === 'underwrite' ||
      norm(v, i) === 'underwrote' ||
      norm(v, i) === 'underwritten'
    ) {
      const fig = findFigure(v, i + 1, i + 6);
      if (fig && !qualifiedAfter(v, fig[1])) hit = estimateHit(v, i, fig[1], new Map(), 'States a forecast');
    } else if ((norm(v, i) === 'pace' || norm(v, i) === 'track') && norm(v, i - 1) === 'on') {
      const end = estimateEnd(v, i, 8);
      if (end > 0 && !qualifiedAfter(v, end))
        hit = estimateHit(v, i - 1, end, new Map(), 'States a forecast');
    } else if (norm(v, i) === 'pro' && norm(v, i + 1) === 'forma') {
      const fig = findFigure(v, i + 2, i + 8);
      if (fig && !qualifiedAfter(v, fig[1])) hit = estimateHit(v, i, fig[1], new Map(), 'States a forecast');
    } else if (
      (has(v, i, UPBEAT) || (FEEL_GOOD.has(w) && (norm(v, i - 1) === 'feel' || norm(v, i - 2) === 'feel'))) &&
      ['about', 'on', 'for', 'in', 'regarding', 'by', 'that'].includes(norm(v, i + 1))
    ) {
      let future = false;
      for (let k = i + 2; k < Math.min(n, i + 12) && sameClause(v, i, k); k++) {
        if (
          has(v, k, FUTURE_TIME) ||
          COMING_YEAR.test(norm(v, k)) ||
          has(v, k, OUTCOME_NOUNS) ||
          has(v, k, FUTURE)
        )
          future = true;
      }
      if (future) {
        hits.push({
          frame: 'estimate',
          from: i,
          to: i + 2,
          suggestion: rewrite(
            v,
            i,
            i + 2,
            new Map([
              [i, 'focused'],
              [i + 1, 'on'],
            ]),
          ),
          lead: 'Expresses a positive outlook',
        });
        continue;
      }
    } else if ((has(v, i, EXPECT_MODALS) || has(v, i, HEDGE_MODALS)) && pos(v, i) === 'AUX') {
      const j = skipFillers(v, norm(v, i) === 'ought' ? i + 2 : i + 1);
      if (j < 0 || !(has(v, j, PERF_VERBS) || has(v, j, TREND_VERBS)) || pos(v, j) !== 'VERB') continue;
      // 'the NAV could fall': a risk warning, not a forecast
      if (has(v, i, HEDGE_MODALS) && DOWN_VERBS.has(lemma(v, j))) continue;
      if (has(v, i - 1, ADDRESSEES)) continue; // 'you should ...' is advice, not a forecast
      let subject = false;
      for (let k = Math.max(0, i - 3); k < i; k++)
        if (has(v, k, OUTCOME_NOUNS) && sameClause(v, k, i)) subject = true;
      const fig = findFigure(v, j + 1, j + 8);
      let trend = false;
      for (let k = j + 1; k < Math.min(n, j + 8) && sameClause(v, j, k); k++) {
        if (has(v, k, FUTURE_TIME) || has(v, k, COMPARATIVES) || COMING_YEAR.test(norm(v, k))) trend = true;
      }
      if (!subject && !fig && !(trend && has(v, i, EXPECT_MODALS))) continue;
      const end = fig ? fig[1] : j + 1;
      if (qualifiedAfter(v, end)) continue;
      const modal = has(v, i, HEDGE_MODALS) ? norm(v, i) : 'could';
      hit = estimateHit(v, i, end, new Map([[i, modal]]), 'States a forecast');
    }
    if (hit) {
      hits.push(hit);
      i = hit.to - 1;
    }
  }
  return hits;
}

/** 'move' → 'moving', 'put' → 'putting', 'top' → 'topping'. */
export function gerundOf(verb: string): string {
  const known = GERUNDS[verb];
  if (known) return known;
  if (verb.endsWith('ing')) return verb;
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (verb.endsWith('e') && !verb.endsWith('ee')) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** The end of an act of investing at word `j` ('invest', 'move your savings', 'top up your commitment'), or -1. */
function investAct(v: View, j: number): number {
  const n = v.words.length;
  if (has(v, j, INVEST_VERBS)) {
    for (let k = j + 1; k < Math.min(n, j + 4); k++) if (has(v, k, IDIOM_OBJECTS)) return -1;
    return j + 1;
  }
  if (lemma(v, j) === 'act' && has(v, j + 1, NOW_WORDS)) return j + 2;
  if (lemma(v, j) === 'load' && norm(v, j + 1) === 'up') return j + 2;
  if (has(v, j, MOVE_VERBS) || lemma(v, j) === 'wire') {
    for (let k = j + 1; k < Math.min(n, j + 6) && sameClause(v, j, k); k++) {
      // 'put my money on the admin portal' is a bet, not an investment
      if (has(v, k, MONEY_OBJECTS)) return norm(v, k + 1) === 'on' ? -1 : k + 1;
    }
  }
  return -1;
}

const URGE_FILLERS: ReadonlySet<string> = new Set([
  'seriously',
  'really',
  'definitely',
  'also',
  'consider',
  'look',
  'to',
  'think',
  'about',
  'be',
  'start',
]);
const IMPERATIVE_STARTS: ReadonlySet<string> = new Set([
  'please',
  'just',
  'so',
  'and',
  'then',
  'now',
  'simply',
]);
const NOW_WORDS: ReadonlySet<string> = new Set([
  'now',
  'today',
  'early',
  'before',
  'while',
  'fast',
  'quickly',
  'immediately',
]);
const OBJECT_STARTS: ReadonlySet<string> = new Set([
  'it',
  'your',
  'the',
  'more',
  'all',
  'everything',
  'some',
]);

/** Whether word `i` starts its clause (the first word, or the first after a comma, colon...). */
function clauseStart(v: View, i: number): boolean {
  return i === 0 || v.clause[i - 1] !== v.clause[i] || CLAUSE_PUNCT.has(norm(v, i - 1));
}
const CLAUSE_PUNCT: ReadonlySet<string> = new Set([',', ';', ':', '—', '–', '(']);
const URGE_VERBS: ReadonlySet<string> = new Set(['urge', 'encourage', 'advise', 'recommend']);

function exhortationHit(v: View, from: number, to: number, replace: Map<number, string>): FrameHit {
  return {
    frame: 'exhortation',
    from,
    to,
    suggestion: rewrite(v, from, to, replace),
    lead: 'Tells the investor to invest',
  };
}

/** An imperative at the start of a clause: 'Get in now', 'Move it into the Credit Fund', 'Act now'. */
function imperativeAt(v: View, i: number): FrameHit | null {
  const n = v.words.length;
  const start = clauseStart(v, i) || (has(v, i - 1, IMPERATIVE_STARTS) && clauseStart(v, i - 1));
  // wink-nlp may tag a sentence-initial imperative as a noun ('Move it into ...')
  const verbal = pos(v, i) === 'VERB' || (pos(v, i) === 'NOUN' && OBJECT_STARTS.has(norm(v, i + 1)));
  // an imperative is the bare verb: 'Got it, thanks.' is a past tense, not 'Get in now'
  if (!start || !verbal || ING_OR_ED.test(norm(v, i)) || (pos(v, i) === 'VERB' && norm(v, i) !== lemma(v, i)))
    return null;
  let end = investAct(v, i);
  const l = lemma(v, i);
  if (end < 0 && (l === 'get' || l === 'buy') && norm(v, i + 1) === 'in' && has(v, i + 2, NOW_WORDS))
    end = i + 3;
  if (end < 0 && l === 'act' && has(v, i + 1, NOW_WORDS)) end = i + 2;
  if (end < 0 && l === 'back' && norm(v, i + 1) === 'up' && norm(v, i + 3) === 'truck') end = i + 4;
  if (end < 0 && l === 'lock' && norm(v, i + 1) === 'in') {
    for (let k = i + 2; k < Math.min(n, i + 6); k++)
      if (findFigure(v, k, k + 1) || has(v, k, MONEY_OBJECTS)) end = k + 1;
  }
  if (end < 0) return null;
  return exhortationHit(v, i, end, new Map([[i, `you may wish to consider ${gerundOf(l)}`]]));
}

/** Exhortations: 'You ought to move your savings into Fund B', 'Investors should buy now', 'Get in now'. */
function exhortation(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  for (let i = 0; i < n; i++) {
    const w = norm(v, i);
    let hit: FrameHit | null = null;
    if (has(v, i, URGE_MODALS) || ((w === "'d" || w === 'would') && norm(v, i - 1) === 'i')) {
      let next = i + 1;
      if (w === 'ought' || w === 'need' || w === 'needs' || w === 'have' || w === 'has') {
        if (norm(v, i + 1) !== 'to') continue;
        next = i + 2;
      } else if (w === 'better' && !["'d", 'had'].includes(norm(v, i - 1))) continue;
      // the subject: 'you', 'investors', 'every income investor on this call', or 'I' in "I'd add"
      let subject = -1;
      for (let k = i - 1; k >= Math.max(0, i - 8) && sameClause(v, k, i); k--) {
        if (has(v, k, ADDRESSEES) || ((w === "'d" || w === 'would') && norm(v, k) === 'i')) {
          subject = k;
          break;
        }
      }
      if (subject < 0 || negatedAt(v, i + 1) || norm(v, next) === 'only') continue;
      let j = next;
      const keep: number[] = [];
      while (j < n && (pos(v, j) === 'ADV' || URGE_FILLERS.has(norm(v, j)))) {
        if (norm(v, j) === 'not' || norm(v, j) === "n't" || norm(v, j) === 'never') break;
        keep.push(j);
        j++;
      }
      if (j >= n || !sameClause(v, i, j)) continue;
      const end = investAct(v, j);
      if (end < 0) continue;
      const replace = new Map<number, string>();
      const considered = keep.some((k) => norm(v, k) === 'consider');
      for (let k = i; k < next; k++) replace.set(k, '');
      if (w === 'better') replace.set(i - 1, ''); // "you'd better"
      for (const k of keep) if (norm(v, k) === 'be' || norm(v, k) === 'start') replace.set(k, '');
      replace.set(i, considered ? 'may wish to' : 'may wish to consider');
      if (!considered) replace.set(j, gerundOf(lemma(v, j)));
      hit = exhortationHit(v, subject, end, replace);
    } else if (
      (w === 'crazy' || w === 'foolish' || w === 'mad' || w === 'silly') &&
      norm(v, i - 1) === 'be' &&
      has(v, i - 3, ADDRESSEES)
    ) {
      // "You'd be crazy not to take the full allocation"
      let k = i + 1;
      if (norm(v, k) === 'not') k++;
      if (norm(v, k) !== 'to') continue;
      const end = investAct(v, k + 1);
      if (end < 0) continue;
      const replace = new Map([
        [i - 3, ''],
        [i - 2, ''],
        [i - 1, ''],
        [i, 'you may wish'],
        [i + 1, ''],
        [k, 'to consider'],
        [k + 1, gerundOf(lemma(v, k + 1))],
      ]);
      hit = exhortationHit(v, i - 3, end, replace);
    } else if ((w === 'time' || w === 'moment') && norm(v, i + 1) === 'to') {
      let now = -1;
      for (let k = Math.max(0, i - 4); k < i; k++) if (norm(v, k) === 'now' || norm(v, k) === 'this') now = k;
      const end = now >= 0 ? investAct(v, i + 2) : -1;
      if (end < 0) continue;
      const replace = new Map<number, string>();
      for (let k = now; k < i + 2; k++) replace.set(k, '');
      replace.set(i + 2, `you may wish to consider ${gerundOf(lemma(v, i + 2))}`);
      hit = exhortationHit(v, now, end, replace);
    } else if (
      URGE_VERBS.has(lemma(v, i)) &&
      pos(v, i) === 'VERB' &&
      // 'We urge', "I'd recommend", or a note's 'urged client to'
      (clauseStart(v, i) || ['i', 'we'].includes(norm(v, i - 1) === "'d" ? norm(v, i - 2) : norm(v, i - 1)))
    ) {
      for (let k = i + 1; k < Math.min(n, i + 7) && sameClause(v, i, k) && !hit; k++) {
        const act = norm(v, k) === 'to' ? k + 1 : norm(v, k).endsWith('ing') ? k : -1;
        const end = act > 0 ? investAct(v, act) : -1;
        if (end > 0) {
          // 'urge X to double' → 'invite X to consider doubling'; 'recommend increasing' → 'suggest considering increasing'
          const replace = new Map([[i, act === k ? 'suggest considering' : 'invite']]);
          if (act !== k) replace.set(act, `consider ${gerundOf(lemma(v, act))}`);
          hit = exhortationHit(v, i, end, replace);
        }
      }
      if (hit && norm(v, i).endsWith('ing')) hit = null;
    } else {
      hit = imperativeAt(v, i);
    }
    if (hit) {
      hits.push(hit);
      i = hit.to - 1;
    }
  }
  return hits;
}

/**
 * Phrases that state a result as certain, each with its rewrite by position in the phrase ('' drops a
 * word); `future`: only when a future or outcome verb follows in the sentence ('no doubt ... will').
 */
const CERTAINTY_PHRASES: { words: string[][]; replace: Record<number, string>; future?: boolean }[] = [
  { words: [['a'], ['certainty', 'lock', 'cinch', 'slam-dunk']], replace: { 0: '', 1: 'expected' } },
  { words: [['in'], ['the'], ['bag']], replace: { 0: 'our', 1: '', 2: 'target' } },
  { words: [['a'], ['slam'], ['-', '?'], ['dunk']], replace: { 0: '', 1: 'attractive', 2: '', 3: '' } },
  { words: [['a'], ['foregone'], ['conclusion']], replace: { 0: '', 1: 'our aim', 2: '' } },
  { words: [['already'], ['determined', 'decided', 'fixed', 'baked']], replace: { 0: '', 1: 'targeted' } },
  {
    words: [['ca', 'can'], ["n't", 'not'], ['-', '?'], ['miss']],
    replace: { 0: 'promising', 1: '', 2: '', 3: '' },
  },
  { words: [['will'], ['absolutely', 'definitely', 'certainly', 'surely']], replace: { 0: 'may', 1: '' } },
  { words: [['locked'], ['in']], replace: { 0: 'targeted', 1: '' } },
  {
    words: [['can', 'will'], ['only'], ['rise', 'go', 'increase', 'grow', 'climb', 'appreciate', 'improve']],
    replace: { 0: 'could', 1: '' },
  },
  {
    words: [
      ['absolutely', 'zero', 'no', '?'],
      ['no', 'zero'],
      ['doubt', 'question'],
    ],
    replace: { 0: '', 1: 'a', 2: 'view' },
    future: true,
  },
  {
    words: [['know'], ['for'], ['a'], ['fact']],
    replace: { 0: 'believe', 1: '', 2: '', 3: '' },
    future: true,
  },
  {
    words: [
      ['100', '100%'],
      ['%', '?'],
      ['sure', 'certain', 'confident'],
    ],
    replace: { 0: 'hopeful', 1: '', 2: '' },
    future: true,
  },
  { words: [['certain', 'sure', 'bound'], ['to']], replace: { 0: 'positioned' } },
  { words: [['count'], ['on']], replace: { 0: 'aim', 1: 'for' }, future: true },
];
type CertaintyPhrase = (typeof CERTAINTY_PHRASES)[number];
/**
 * The phrases (in their order) a match can start with each word in: a word of the first place that is
 * not optional ('?'), or of an optional place before it. Trying only these, not every phrase at every
 * word of any phrase, finds the same matches.
 */
let CERTAINTY_STARTS: ReadonlyMap<string, readonly CertaintyPhrase[]> | null = null;

function certaintyStarts(): ReadonlyMap<string, readonly CertaintyPhrase[]> {
  const starts = new Map<string, CertaintyPhrase[]>();
  for (const phrase of CERTAINTY_PHRASES) {
    const required = phrase.words.findIndex((alts) => !alts.includes('?'));
    const leading = phrase.words.slice(0, required < 0 ? phrase.words.length : required + 1);
    for (const word of new Set(leading.flat())) starts.set(word, [...(starts.get(word) ?? []), phrase]);
  }
  return starts;
}
const NO_CERTAINTY_PHRASES: readonly CertaintyPhrase[] = [];
const CERTAIN_ADJECTIVES: ReadonlySet<string> = new Set([
  'certain',
  'assured',
  'sure',
  'risk-free',
  'riskless',
  'locked-in',
]);

/** 'your 2x return is already in the bag', 'the NAV can only rise', 'no doubt Fund IV will outperform'. */
function certainty(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  // 'certain, predictable returns', 'assured income'
  for (let i = 0; i < n; i++) {
    if (!CERTAIN_ADJECTIVES.has(norm(v, i)) || pos(v, i) !== 'ADJ' || norm(v, i + 1) === 'to') continue;
    for (let k = i + 1; k < Math.min(n, i + 4); k++) {
      if (!RESULT_NOUNS.has(norm(v, k)) || pos(v, k) === 'VERB') continue;
      hits.push({
        frame: 'outcome-promise',
        from: i,
        to: k + 1,
        suggestion: rewrite(v, i, k + 1, new Map([[i, 'targeted']])),
        lead: 'States a result as certain',
      });
      break;
    }
  }
  CERTAINTY_STARTS ??= certaintyStarts();
  for (let i = 0; i < n; i++) {
    for (const { words, replace, future } of CERTAINTY_STARTS.get(norm(v, i)) ?? NO_CERTAINTY_PHRASES) {
      const end = phraseAt(v, i, words);
      if (end < 0 || end === i) continue;
      if (norm(v, end) === '-' || norm(v, end) === 'up') continue; // 'a lock-up'
      if (future) {
        let ahead = false;
        for (let k = end; k < Math.min(n, end + 12); k++) {
          if (has(v, k, FUTURE) || has(v, k, OUTCOME_VERBS) || findFigure(v, k, k + 1)) ahead = true;
        }
        if (!ahead) continue;
      }
      // 'is certain to finish'; not 'make sure to', 'be sure to review'
      if (
        words[0]?.[0] === 'certain' &&
        (!has(v, i - 1, COPULAS) || norm(v, i - 1) === 'be' || pos(v, end) !== 'VERB')
      )
        continue;
      const map = new Map<number, string>();
      // optional places that did not match shift the rest: rewrite by the words actually matched
      let k = i;
      words.forEach((alts, p) => {
        if (k < end && alts.includes(norm(v, k))) {
          if (replace[p] !== undefined) map.set(k, replace[p] as string);
          k++;
        }
      });
      hits.push({
        frame: 'outcome-promise',
        from: i,
        to: end,
        suggestion: rewrite(v, i, end, map),
        lead: 'States a result as certain',
      });
      i = end - 1;
      break;
    }
  }
  return hits;
}

/** Every frame found in the sentence, in the order of the frames. */
export function detectFrames(v: View): FrameHit[] {
  return [...outcomePromise(v), ...certainty(v), ...safetyClaim(v), ...estimate(v), ...exhortation(v)];
}

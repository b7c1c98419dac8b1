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
  MONEY_OBJECTS,
  MOVE_VERBS,
  OUTCOME_NOUNS,
  OUTCOME_VERBS,
  PERF_VERBS,
  SAFE_WORDS,
  STRONG_OUTCOME_VERBS,
  UPBEAT,
  URGE_MODALS,
} from './words';

/** The sentence frames (each a built-in pattern the organisation can tune, see defs.ts). */
export type FrameId = 'outcome-promise' | 'safety-claim' | 'estimate' | 'exhortation';

/** A frame found in a sentence: words [from, to), the rewrite for Apply Fix and the rationale's lead. */
export type FrameHit = { frame: FrameId; from: number; to: number; suggestion: string; lead: string };

const NOT_GUARANTEED = ' (not guaranteed)';
const NEVER: ReadonlySet<string> = new Set(['not', "n't", 'never']);
const NOT_OUTCOMES: ReadonlySet<string> = new Set(['capital', 'investment', 'investments']);
/** The words that can start an estimate (the loop skips every other word at once). */
const ESTIMATE_CUES: ReadonlySet<string> = new Set([
  ...ESTIMATE_VERBS,
  ...BELIEF_VERBS,
  ...UPBEAT,
  ...EXPECT_MODALS,
  ...HEDGE_MODALS,
  'target',
  'targets',
  'guidance',
  'outlook',
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
  return /^['’]/.test(norm(v, i)) && i > 0 ? i - 1 : i;
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

/** Fixed safety phrases over lower-cased words, each with its suggestion. */
const SAFETY_PHRASES: { words: string[][]; suggestion: string }[] = [
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
      ['sure', 'safe', 'surefire', 'sure-fire'],
      ['bet', 'thing', 'winner'],
    ],
    suggestion: 'compelling opportunity',
  },
];

function phraseAt(v: View, i: number, words: string[][]): number {
  let k = i;
  for (const alts of words) {
    if (!sameClause(v, i, k) || !alts.includes(norm(v, k))) return -1;
    k++;
  }
  return k;
}

/** Safety claims: 'Your capital is completely safe here', 'this fund can't go down', 'a sure bet'. */
function safetyClaim(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  SAFETY_FIRST ??= new Set(SAFETY_PHRASES.flatMap((p) => p.words[0] as string[]));
  for (let i = 0; i < n; i++) {
    let matched = false;
    const first = SAFETY_FIRST.has(norm(v, i));
    for (const { words, suggestion } of first ? SAFETY_PHRASES : []) {
      const end = phraseAt(v, i, words);
      if (end < 0) continue;
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
    if (matched || !has(v, i, SAFE_WORDS)) continue;
    if (norm(v, i + 1) === 'to' || norm(v, i + 1) === 'from') continue; // 'safe to say', 'protected from inflation'
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
const NOT_DEFINED_TARGETS = new Set([
  'allocation',
  'allocations',
  'date',
  'dates',
  'weight',
  'weights',
  'weighting',
  'maturity',
  'range',
  'leverage',
  'ratio',
  'mix',
  'exposure',
  'duration',
  'audience',
  'market',
  'markets',
  'company',
  'companies',
  'sector',
  'sectors',
  'close',
  'size',
  'portfolio',
  'investors',
]);
const QUALIFIERS = new Set(['not', 'no', 'illustrative', 'indicative', 'hypothetical']);

/** A forecast complement after word `i`: a figure, an outcome noun, a performance verb, 'stronger next year'. */
function estimateEnd(v: View, i: number, reach = 10): number {
  let end = -1;
  let sawTime = false;
  let sawComparative = false;
  for (let k = i + 1; k < Math.min(v.words.length, i + 1 + reach) && sameClause(v, i, k); k++) {
    const fig = findFigure(v, k, k + 1);
    if (fig) return fig[1];
    if (
      norm(v, k) === 'to' &&
      pos(v, k + 1) === 'VERB' &&
      !has(v, k + 1, PERF_VERBS) &&
      lemma(v, k + 1) !== 'be'
    ) {
      // 'expect to send the statements': logistics, unless a figure follows
      const later = findFigure(v, k + 1, k + 8);
      return later ? later[1] : -1;
    }
    if (has(v, k, PERF_VERBS) && (pos(v, k) === 'VERB' || pos(v, k) === 'AUX')) end = Math.max(end, k + 1);
    if (has(v, k, FUTURE) || has(v, k, EXPECT_MODALS)) end = Math.max(end, k + 1);
    if (has(v, k, OUTCOME_NOUNS) && !has(v, k, NOT_OUTCOMES) && !has(v, k + 1, DOCUMENT_NOUNS))
      end = Math.max(end, k + 1);
    if (has(v, k, FUTURE_TIME) || /^20[2-9]\d$/.test(norm(v, k))) sawTime = true;
    if (has(v, k, COMPARATIVES) && pos(v, k) === 'ADJ') {
      sawComparative = true;
      end = Math.max(end, k + 1);
    }
  }
  if (end < 0 && sawTime && sawComparative) return -1;
  return end;
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
    if (has(v, i, ESTIMATE_VERBS) && (p === 'VERB' || (p === 'ADJ' && i > 0))) {
      const end = estimateEnd(v, i);
      if (end > 0 && !qualifiedAfter(v, end)) {
        const rep = TARGET_FORMS[norm(v, i)];
        hit = estimateHit(v, i, end, new Map(rep ? [[i, rep]] : []), 'States a forecast');
      }
    } else if (
      has(v, i, BELIEF_VERBS) &&
      p === 'VERB' &&
      ['we', 'i', 'management', 'team'].includes(norm(v, i - 1))
    ) {
      const end = estimateEnd(v, i, 12);
      let future = false;
      for (let k = i + 1; k < end; k++) if (has(v, k, FUTURE) || has(v, k, EXPECT_MODALS)) future = true;
      if (end > 0 && future && !qualifiedAfter(v, end))
        hit = estimateHit(v, i, end, new Map(), 'States a forecast');
    } else if (
      (norm(v, i) === 'target' ||
        norm(v, i) === 'targets' ||
        norm(v, i) === 'guidance' ||
        norm(v, i) === 'outlook') &&
      p !== 'VERB'
    ) {
      if (has(v, i + 1, NOT_DEFINED_TARGETS) || has(v, i - 1, HISTORICAL)) continue;
      const fig = findFigure(v, i + 1, i + 6);
      if (fig && !qualifiedAfter(v, fig[1])) hit = estimateHit(v, i, fig[1], new Map(), 'States a target');
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
    } else if (has(v, i, UPBEAT) && ['about', 'on', 'for', 'in', 'regarding'].includes(norm(v, i + 1))) {
      let future = false;
      for (let k = i + 2; k < Math.min(n, i + 7) && sameClause(v, i, k); k++) {
        if (has(v, k, FUTURE_TIME) || /^20[2-9]\d$/.test(norm(v, k)) || has(v, k, OUTCOME_NOUNS))
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
      if (j < 0 || !has(v, j, PERF_VERBS) || pos(v, j) !== 'VERB') continue;
      if (has(v, i - 1, ADDRESSEES)) continue; // 'you should ...' is advice, not a forecast
      let subject = false;
      for (let k = Math.max(0, i - 3); k < i; k++)
        if (has(v, k, OUTCOME_NOUNS) && sameClause(v, k, i)) subject = true;
      const fig = findFigure(v, j + 1, j + 6);
      if (!subject && !fig) continue;
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

/** Exhortations: 'You ought to move your savings into Fund B', 'Investors should buy now'. */
function exhortation(v: View): FrameHit[] {
  const hits: FrameHit[] = [];
  const n = v.words.length;
  for (let i = 0; i < n; i++) {
    if (!has(v, i, URGE_MODALS)) continue;
    const w = norm(v, i);
    let next = i + 1;
    if (w === 'ought' || w === 'need' || w === 'needs' || w === 'have' || w === 'has') {
      if (norm(v, i + 1) !== 'to') continue;
      next = i + 2;
    } else if (w === 'better' && !["'d", 'had'].includes(norm(v, i - 1))) continue;
    // the subject: an addressee before the modal (imperatives have none)
    let subject = i - 1;
    if (w === 'better') subject = i - 2;
    while (subject >= 0 && pos(v, subject) === 'ADV') subject--;
    if (subject < 0 || !has(v, subject, ADDRESSEES)) continue;
    if (negatedAt(v, i + 1)) continue;
    let j = next;
    const keep: number[] = [];
    while (
      j < n &&
      (pos(v, j) === 'ADV' ||
        ['seriously', 'really', 'definitely', 'also', 'consider', 'look', 'to', 'think', 'about'].includes(
          norm(v, j),
        ))
    ) {
      if (norm(v, j) === 'not' || norm(v, j) === "n't" || norm(v, j) === 'never') break;
      keep.push(j);
      j++;
    }
    if (j >= n || !sameClause(v, i, j)) continue;
    let end = -1;
    if (has(v, j, INVEST_VERBS)) {
      let idiom = false;
      for (let k = j + 1; k < Math.min(n, j + 4); k++) if (has(v, k, IDIOM_OBJECTS)) idiom = true;
      if (idiom) continue;
      end = j + 1;
    } else if (has(v, j, MOVE_VERBS)) {
      for (let k = j + 1; k < Math.min(n, j + 5) && sameClause(v, j, k); k++)
        if (has(v, k, MONEY_OBJECTS)) end = k + 1;
      if (end < 0) continue;
    } else continue;
    const from = subject;
    const replace = new Map<number, string>();
    const considered = keep.some((k) => norm(v, k) === 'consider');
    for (let k = i; k < next; k++) replace.set(k, '');
    if (w === 'better') replace.set(i - 1, ''); // "you'd better"
    replace.set(i, considered ? 'may wish to' : 'may wish to consider');
    const verb = lemma(v, j);
    if (!considered && GERUNDS[verb] && !norm(v, j).endsWith('ing')) replace.set(j, GERUNDS[verb] as string);
    hits.push({
      frame: 'exhortation',
      from,
      to: end,
      suggestion: rewrite(v, from, end, replace),
      lead: 'Tells the investor to invest',
    });
    i = end - 1;
  }
  return hits;
}

/** Every frame found in the sentence, in the order of the frames. */
export function detectFrames(v: View): FrameHit[] {
  return [...outcomePromise(v), ...safetyClaim(v), ...estimate(v), ...exhortation(v)];
}

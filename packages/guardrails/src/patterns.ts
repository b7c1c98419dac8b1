import type { Severity } from './types';

/**
 * Built-in guardrail patterns, written in the extended phrase syntax (see phrase.ts): `@CLASS` is a
 * word set below, `@FIG` a number with a %, x or bps unit, `?` an optional slot, `...N` a gap of 0-N
 * words. Every sequence is also suppressed by a negation shortly before it (NEGATIONS, 4 tokens,
 * within the sentence) unless it says otherwise.
 */
export const WORD_CLASSES = {
  METRIC: [
    'return',
    'returns',
    'irr',
    'irrs',
    'yield',
    'yields',
    'multiple',
    'multiples',
    'moic',
    'tvpi',
    'dpi',
    'gain',
    'gains',
    'profit',
    'profits',
    'upside',
    'appreciation',
    'outperformance',
    'alpha',
    'coupon',
  ],
  QUAL: [
    'net',
    'gross',
    'levered',
    'unlevered',
    'annual',
    'annualised',
    'annualized',
    'total',
    'cash',
    'blended',
  ],
  ADV: [
    'likely',
    'probably',
    'easily',
    'comfortably',
    'definitely',
    'certainly',
    'surely',
    'undoubtedly',
    'clearly',
    'also',
    'again',
  ],
  PERF: [
    'rise',
    'increase',
    'grow',
    'appreciate',
    'outperform',
    'beat',
    'deliver',
    'generate',
    'return',
    'double',
    'triple',
    'gain',
    'rally',
    'rebound',
    'recover',
    'exceed',
    'surpass',
    'outpace',
    'produce',
    'yield',
    'perform',
    'profit',
    'soar',
    'climb',
    'earn',
    'succeed',
    'win',
    'compound',
    'multiply',
    'pay',
  ],
  PERF2: [
    'outperform',
    'beat',
    'exceed',
    'surpass',
    'outpace',
    'double',
    'triple',
    'appreciate',
    'rally',
    'rebound',
    'soar',
    'climb',
    'compound',
    'multiply',
  ],
  MAKE: ['deliver', 'generate', 'return', 'yield', 'earn', 'produce', 'achieve', 'compound'],
  INV: ['invest', 'buy', 'commit', 'subscribe', 'allocate', 'reinvest', 'purchase'],
  INVOBJ: [
    'commitment',
    'commitments',
    'allocation',
    'allocations',
    'exposure',
    'position',
    'positions',
    'stake',
    'investment',
    'investments',
    'holding',
    'holdings',
  ],
  WHO: ['you', 'investors', 'lps', 'partners', 'everyone', 'clients', 'shareholders', 'all'],
} as const satisfies Record<string, readonly string[]>;

export const NEGATIONS: readonly string[] = [
  'not',
  'no',
  'never',
  'cannot',
  "can't",
  'cant',
  "won't",
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "shouldn't",
  "wouldn't",
  "couldn't",
  'nor',
  'without',
  'neither',
  'nothing',
  'none',
  'nobody',
  'unable',
  'non',
];

/** Words that make a following target or forecast a comparison with a past figure. */
const HISTORICAL = [
  'as',
  'than',
  'versus',
  'vs',
  'exceeded',
  'beat',
  'met',
  'surpassed',
  'above',
  'below',
  'ahead',
  'missed',
  'against',
  'outperformed',
  'underperformed',
  'achieved',
  'hit',
  'reached',
  'topped',
  'original',
  'initial',
];
const QUALIFIED: [string[], number] = [['not', 'no'], 3];
/** Nouns that make a returns figure the subject of a document rather than a prediction. */
const DOCUMENTS = [
  'report',
  'reports',
  'summary',
  'data',
  'statement',
  'statements',
  'schedule',
  'analysis',
  'memo',
  'breakdown',
  'file',
  'letter',
  'figures',
  'table',
  'deck',
  'calculation',
  'calculations',
  'methodology',
];
const LOSE_NEUTRAL = ['sight', 'track', 'touch', 'focus', 'patience', 'momentum', 'to'];
const QUALIFIED_OR_DOCUMENT: [string[], number] = [[...QUALIFIED[0], ...DOCUMENTS], 3];

const INV_GERUND: Record<string, string> = {
  invest: 'investing',
  buy: 'buying',
  commit: 'committing',
  subscribe: 'subscribing',
  allocate: 'allocating',
  reinvest: 'reinvesting',
  purchase: 'purchasing',
  increase: 'increasing',
  raise: 'raising',
  boost: 'boosting',
  add: 'adding',
  top: 'topping',
};
const TARGET_FORMS: Record<string, string> = {
  expect: 'target',
  expects: 'targets',
  expecting: 'targeting',
  expected: 'targeted',
  anticipate: 'target',
  anticipates: 'targets',
  anticipating: 'targeting',
  anticipated: 'targeted',
  forecast: 'target',
  forecasts: 'targets',
  forecasting: 'targeting',
  forecasted: 'targeted',
  project: 'target',
  projects: 'targets',
  projecting: 'targeting',
  projected: 'targeted',
  projection: 'target',
  projections: 'targets',
  predict: 'target',
  predicts: 'targets',
  predicting: 'targeting',
  predicted: 'targeted',
  estimated: 'targeted',
};
const ADVERBS_DROPPED = [...WORD_CLASSES.ADV];

export type SeqSpec = {
  phrase: string;
  /** The word right before the match must be one of these. */
  prev?: string[];
  /** Extra words that suppress a match when within N tokens before it (same clause). */
  notBefore?: [string[], number][];
  /** Words that suppress a match when within N tokens after it (same sentence). */
  notAfter?: [string[], number];
  /** false: negations before the match do not suppress it. */
  negatable?: boolean;
  replace?: Record<string, string>;
  drop?: string[];
  append?: string;
};

export type BuiltinDef = {
  id: string;
  name: string;
  severity: Severity;
  suggestion: string;
  explanation: string;
  /** The start of a flag's rationale, before the quoted text: 'Guarantees an outcome'. */
  lead: string;
  seqs: SeqSpec[];
};

export const BUILTIN_DEFS: BuiltinDef[] = [
  {
    id: 'guarantee',
    lead: 'Guarantees an outcome',
    name: 'Guarantees',
    severity: 'high',
    suggestion: 'target',
    explanation:
      'A guarantee of an investment outcome is a promise the fund cannot keep, since returns are never certain.',
    seqs: [
      {
        phrase: 'guarantee|guarantees|guaranteed|guaranteeing|guaranty|guaranties',
        notBefore: [
          [
            [
              'bank',
              'parent',
              'company',
              'corporate',
              'loan',
              'completion',
              'performance',
              'payment',
              'government',
              'sovereign',
              'personal',
              'lease',
              'rent',
              'deposit',
              'bond',
              'federal',
              'cross',
              'upstream',
              'downstream',
              'sponsor',
              'contractor',
              "contractor's",
              'guarantee',
            ],
            1,
          ],
        ],
        notAfter: [
          ['fee', 'fees', 'facility', 'facilities', 'agreement', 'agreements', 'deed', 'provider'],
          1,
        ],
        replace: {
          guarantee: 'target',
          guarantees: 'targets',
          guaranteed: 'targeted',
          guaranteeing: 'targeting',
          guaranty: 'target',
          guaranties: 'targets',
        },
      },
    ],
  },
  {
    id: 'assurance',
    lead: 'Assures an outcome',
    name: 'Assurances',
    severity: 'high',
    suggestion: 'believe',
    explanation:
      'Assuring investors of an outcome is promissory language that overstates how certain the result is.',
    seqs: [
      {
        phrase: 'assure|assures|assuring @WHO that?',
        replace: { assure: 'believe', assures: 'believes', assuring: 'believing' },
        drop: [...WORD_CLASSES.WHO],
      },
      {
        phrase: 'assure|assures|assuring that',
        replace: { assure: 'believe', assures: 'believes', assuring: 'believing' },
      },
      {
        phrase: 'assure|assures|assuring ...3 @FIG|@METRIC',
        replace: { assure: 'target', assures: 'targets', assuring: 'targeting' },
      },
      { phrase: 'rest assured', replace: { rest: 'please note' }, drop: ['assured'] },
      { phrase: 'assured of', replace: { assured: 'targeting' }, drop: ['of'] },
      { phrase: 'assured that', replace: { assured: 'confident' } },
      {
        phrase:
          'assured return|returns|income|yield|yields|profit|profits|gains|payout|payouts|distributions|outcome|outcomes',
        replace: { assured: 'targeted' },
      },
    ],
  },
  {
    id: 'promise',
    lead: 'Promises a result',
    name: 'Promises',
    severity: 'high',
    suggestion: 'target',
    explanation: 'Promising an investment result is promissory language, because no return can be promised.',
    seqs: [
      {
        phrase: 'promise|promises|promised @WHO? that',
        replace: { promise: 'believe', promises: 'believes', promised: 'believed' },
        drop: [...WORD_CLASSES.WHO],
      },
      {
        phrase: 'promise|promises|promised @WHO?',
        notBefore: [
          [['shows', 'show', 'showing', 'showed', 'holds', 'hold', 'early', 'great', 'considerable'], 1],
        ],
        replace: { promise: 'target', promises: 'targets', promised: 'targeted' },
        drop: [...WORD_CLASSES.WHO],
      },
    ],
  },
  {
    id: 'certainty',
    lead: 'Presents a result as certain',
    name: 'Certainty of outcome',
    severity: 'high',
    suggestion: 'positioned',
    explanation: 'Stating that a result is certain presents a possible outcome as a sure one.',
    seqs: [
      {
        phrase: 'certain|sure|bound to @PERF',
        notBefore: [[['make', 'makes', 'making', 'be', 'is', 'are', 'not'], 1]],
        replace: { certain: 'positioned', sure: 'positioned', bound: 'positioned' },
      },
      {
        phrase: 'is|are certain|sure|bound to @PERF',
        replace: { certain: 'positioned', sure: 'positioned', bound: 'positioned' },
      },
      {
        phrase: 'definitely|certainly|surely|undoubtedly will @PERF',
        replace: { will: 'may' },
        drop: ['definitely', 'certainly', 'surely', 'undoubtedly'],
      },
      {
        phrase: 'will definitely|certainly|surely|undoubtedly @PERF',
        replace: { will: 'may' },
        drop: ['definitely', 'certainly', 'surely', 'undoubtedly'],
      },
      {
        phrase: 'sure|safe thing|bet|winner',
        replace: {
          sure: 'compelling',
          safe: 'compelling',
          thing: 'opportunity',
          bet: 'opportunity',
          winner: 'opportunity',
        },
      },
    ],
  },
  {
    id: 'will-perform',
    lead: 'States a result as a fact',
    name: 'Will double, beat, deliver or exceed',
    severity: 'high',
    suggestion: 'may',
    explanation: "Saying a fund 'will' reach a result states a forecast as a fact.",
    seqs: [
      {
        phrase: 'will @ADV? continue? to? double|triple|quadruple|beat|exceed|outperform|surpass|outpace',
        notAfter: [
          ['size', 'headcount', 'staff', 'team', 'office', 'offices', 'footprint', 'workforce', 'deadline'],
          3,
        ],
        replace: { will: 'may' },
        drop: ADVERBS_DROPPED,
      },
      {
        phrase: 'will @ADV? continue? to? @MAKE ...3 @FIG|@METRIC',
        notAfter: [DOCUMENTS, 2],
        replace: { will: 'may' },
        drop: ADVERBS_DROPPED,
      },
      { phrase: 'double|triple your money|investment|capital', replace: { double: 'grow', triple: 'grow' } },
    ],
  },
  {
    id: 'cannot-lose',
    lead: 'Denies the risk of loss',
    name: "Can't lose",
    severity: 'high',
    suggestion: 'could still lose',
    explanation: 'Telling investors they cannot lose denies the real risk of losing capital.',
    seqs: [
      {
        phrase: "can't|cannot|cant|won't lose|fail",
        notAfter: [LOSE_NEUTRAL, 1],
        negatable: false,
        replace: {
          "can't": 'could still',
          cannot: 'could still',
          cant: 'could still',
          "won't": 'could still',
        },
      },
      {
        phrase: 'can|will not lose|fail',
        notAfter: [LOSE_NEUTRAL, 1],
        negatable: false,
        replace: { can: 'could', will: 'could', not: 'still' },
      },
      {
        phrase: 'never lose|fail',
        notAfter: [LOSE_NEUTRAL, 1],
        negatable: false,
        replace: { never: 'could still' },
      },
      {
        phrase: 'will never lose|fail',
        notAfter: [LOSE_NEUTRAL, 1],
        negatable: false,
        replace: { never: 'could still' },
        drop: ['will'],
      },
      {
        phrase: "can't|cannot go wrong",
        negatable: false,
        replace: { "can't": 'could still', cannot: 'could still' },
      },
    ],
  },
  {
    id: 'no-downside',
    lead: 'Claims safety',
    name: 'No downside',
    severity: 'high',
    suggestion: 'limited downside',
    explanation: 'Describing an investment as having no downside or risk misstates the risk of loss.',
    seqs: [
      {
        phrase: 'no|zero downside',
        notAfter: [['protection', 'protections', 'case', 'scenario', 'scenarios', 'risk', 'risks'], 1],
        replace: { no: 'limited', zero: 'limited' },
        negatable: false,
      },
      { phrase: 'zero risk', replace: { zero: 'limited' } },
      { phrase: 'riskless', replace: { riskless: 'lower-risk' } },
      { phrase: 'without any? risk|risks', replace: { without: 'with limited' }, drop: ['any'] },
      {
        phrase: 'capital|money|principal is|will be? safe|protected|secure',
        replace: { safe: 'managed prudently', protected: 'managed prudently', secure: 'managed prudently' },
      },
      { phrase: 'safe|secure investment|investments', replace: { safe: 'lower-risk', secure: 'lower-risk' } },
    ],
  },
  {
    id: 'invest-advice',
    lead: 'Tells the investor to invest',
    name: 'Advice to invest',
    severity: 'high',
    suggestion: 'you may wish to consider investing',
    explanation:
      'Telling an investor to invest or commit more is a personal recommendation that investor relations must not give.',
    seqs: [
      {
        phrase: 'you should|must @INV',
        replace: { should: 'may wish to consider', must: 'may wish to consider', ...INV_GERUND },
      },
      {
        phrase: 'you ought|need to @INV',
        replace: { ought: 'may wish to consider', need: 'may wish to consider', ...INV_GERUND },
        drop: ['to'],
      },
      {
        phrase: 'you should|must increase|raise|boost|add|top up? to? your @INVOBJ',
        replace: { should: 'may wish to consider', must: 'may wish to consider', ...INV_GERUND },
      },
      {
        phrase: 'now is the time|moment to @INV|increase|add',
        replace: { now: 'you may wish to consider', ...INV_GERUND },
        drop: ['is', 'the', 'time', 'moment', 'to'],
      },
      {
        phrase: "now's the time|moment to @INV|increase|add",
        replace: { "now's": 'you may wish to consider', ...INV_GERUND },
        drop: ['the', 'time', 'moment', 'to'],
      },
      {
        phrase: 'recommend|advise|suggest that? you @INV|increase|add',
        prev: ['we', 'i', 'strongly', 'would'],
        replace: { recommend: 'suggest', advise: 'suggest', you: 'you consider', ...INV_GERUND },
        drop: ['that'],
      },
      {
        phrase: 'urge|encourage|advise you to @INV|increase|add',
        replace: { urge: 'invite', encourage: 'invite', advise: 'invite', to: 'to consider', ...INV_GERUND },
      },
    ],
  },
  {
    id: 'forecast-return',
    lead: 'States a forecast',
    name: 'Forecast returns, yields, IRRs or multiples',
    severity: 'medium',
    suggestion: 'target',
    explanation:
      'A predicted return, yield, IRR or multiple is a forward-looking statement that needs to be framed as a target with the disclaimer.',
    seqs: [
      {
        phrase:
          'expect|expects|expecting|expected|anticipate*|forecast*|projected|projecting|projection|projections|predict* ...6 @FIG|@METRIC @QUAL? @METRIC?',
        notBefore: [[HISTORICAL, 3]],
        notAfter: QUALIFIED_OR_DOCUMENT,
        replace: TARGET_FORMS,
        append: ' (not guaranteed)',
      },
      {
        phrase: 'estimated @QUAL? @METRIC',
        notBefore: [[HISTORICAL, 3]],
        notAfter: QUALIFIED_OR_DOCUMENT,
        replace: TARGET_FORMS,
        append: ' (not guaranteed)',
      },
      {
        phrase: 'project|projects ...6 @FIG|@METRIC @QUAL? @METRIC?',
        prev: [
          'we',
          'i',
          'they',
          'also',
          'currently',
          'now',
          'which',
          'managers',
          'manager',
          'team',
          'sponsor',
          'case',
          'model',
          'plan',
          'scenario',
          'underwriting',
          'management',
          'analysis',
        ],
        notAfter: QUALIFIED_OR_DOCUMENT,
        replace: TARGET_FORMS,
        append: ' (not guaranteed)',
      },
      {
        phrase: '@METRIC is|are|were? expected|projected|forecast|forecasted|anticipated|predicted to|at',
        notAfter: QUALIFIED_OR_DOCUMENT,
        replace: TARGET_FORMS,
      },
    ],
  },
  {
    id: 'target-return',
    lead: 'States a target',
    name: 'Targeted returns, yields, IRRs or multiples',
    severity: 'medium',
    suggestion: '(not guaranteed)',
    explanation:
      'A targeted return, yield, IRR or multiple is forward-looking and must be presented as a target that is not guaranteed, with the disclaimer.',
    seqs: [
      {
        phrase: 'target|targets|targeted|targeting|aim|aims|aiming ...5 @FIG|@METRIC @QUAL? @METRIC?',
        notBefore: [[HISTORICAL, 3]],
        notAfter: QUALIFIED_OR_DOCUMENT,
        append: ' (not guaranteed)',
      },
      {
        phrase: 'target|targets|targeting|aim|aims|aiming to @PERF2',
        notBefore: [[HISTORICAL, 3]],
        notAfter: QUALIFIED_OR_DOCUMENT,
        append: ' (not guaranteed)',
      },
    ],
  },
  {
    id: 'outlook',
    lead: 'Gives a forward-looking outlook',
    name: 'Forward-looking outlook',
    severity: 'low',
    suggestion: 'positioned',
    explanation:
      'Saying the fund is poised or on track to perform is forward-looking and should be qualified.',
    seqs: [
      {
        phrase: 'poised|primed|set to @PERF2',
        replace: { poised: 'positioned', primed: 'positioned', set: 'positioned' },
      },
      {
        phrase: 'poised|primed|set to @MAKE ...3 @FIG|@METRIC',
        replace: { poised: 'positioned', primed: 'positioned', set: 'positioned' },
      },
      { phrase: 'on track to @PERF2', replace: { on: 'positioned' }, drop: ['track'] },
      { phrase: 'on track to @MAKE ...3 @FIG|@METRIC', replace: { on: 'positioned' }, drop: ['track'] },
      {
        phrase: 'well positioned|placed to @PERF2|@MAKE',
        replace: { positioned: 'positioned', placed: 'positioned' },
        drop: ['well'],
      },
      {
        phrase: 'likely|expected|anticipated|projected|forecast|predicted to @PERF2',
        notBefore: [[HISTORICAL, 2]],
        replace: {
          likely: 'positioned',
          expected: 'positioned',
          anticipated: 'positioned',
          projected: 'positioned',
          forecast: 'positioned',
          predicted: 'positioned',
        },
      },
      {
        phrase: 'should @MAKE ...3 @FIG|@METRIC',
        notAfter: QUALIFIED_OR_DOCUMENT,
        replace: { should: 'could' },
      },
    ],
  },
  {
    id: 'potential-return',
    lead: 'Names a potential return',
    name: 'Potential returns and upside',
    severity: 'low',
    suggestion: '(not guaranteed)',
    explanation:
      'Naming a potential return or upside figure is forward-looking and should be qualified as not guaranteed.',
    seqs: [
      {
        phrase: 'could|may|might|can double|triple',
        notAfter: QUALIFIED_OR_DOCUMENT,
        append: ' (not guaranteed)',
      },
      {
        phrase: 'could|may|might|can @MAKE|reach ...3 @FIG|@METRIC @QUAL? @METRIC?',
        notAfter: QUALIFIED_OR_DOCUMENT,
        append: ' (not guaranteed)',
      },
      {
        phrase: 'upside|potential of|to ...2 @FIG',
        notAfter: QUALIFIED_OR_DOCUMENT,
        append: ' (not guaranteed)',
      },
    ],
  },
];

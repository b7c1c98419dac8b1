import { findFigure, has, lemma, negatedAt, norm, pos, sameClause, type View } from './view';
import {
  DOCUMENT_NOUNS,
  HEDGES,
  IDIOM_OBJECTS,
  INVEST_VERBS,
  MENTION_WORDS,
  NON_RETURN_TARGETS,
  OUTCOME_NOUNS,
  REPORTING_VERBS,
  SOMEONE,
  WARNINGS,
} from './words';

/**
 * Context that clears a flag found in words [from, to) of a sentence: why it is not a claim, or null.
 * Applied to the rule layer's matches and to the frames alike (docs/decisions/021).
 */
export type Clearing =
  | 'negated'
  | 'warning'
  | 'reported'
  | 'quoted'
  | 'defined-term'
  | 'service'
  | 'idiom'
  | 'asked';

const set = (...words: string[]): ReadonlySet<string> => new Set(words);

/** Debt and contract nouns a guarantee word names as a legal term ('guaranteed notes', 'loan guarantee'). */
const GUARANTEED_INSTRUMENTS = set(
  'minimum',
  'documents',
  'line',
  'debenture',
  'debentures',
  'tranche',
  'insurance',
  'policy',
  'wrap',
  'paper',
  'note',
  'notes',
  'bond',
  'bonds',
  'loan',
  'loans',
  'debt',
  'obligation',
  'obligations',
  'securities',
  'facility',
  'facilities',
  'fee',
  'fees',
  'agreement',
  'agreements',
  'deed',
  'provider',
  'senior',
  'mortgage',
  'mortgages',
  'certificate',
  'certificates',
  'scheme',
  'programme',
  'program',
);
/** Who stands behind a guarantee that is a legal term ('guaranteed by the sponsor', 'government-guaranteed'). */
const GUARANTORS = set(
  'out',
  'subsidiary',
  'subsidiaries',
  'partnership',
  'partner',
  'administration',
  'affiliate',
  'affiliates',
  'monoline',
  'insurance',
  'financial',
  'government',
  'federally',
  'federal',
  'state',
  'sovereign',
  'bank',
  'parent',
  'loan',
  'signature',
  'completion',
  'payment',
  'performance',
  'sponsor',
  'corporate',
  'cross',
  'upstream',
  'downstream',
  'agency',
  'treasury',
  'deposit',
  'bond',
  'rent',
  'lease',
  'personal',
  'company',
  'fdic',
  'insurer',
  'guarantor',
  'contract',
  'contractor',
  'agreement',
  'law',
  'statute',
  'issuer',
  'lender',
  'republic',
  'u.s.',
  'us',
  'municipality',
  'export',
  'credit',
);
/** What a service promise is about ('We guarantee an answer within one business day'). */
const SERVICE_NOUNS = set(
  'answer',
  'response',
  'reply',
  'callback',
  'call',
  'turnaround',
  'acknowledgement',
  'confirmation',
  'confidentiality',
  'privacy',
  'discretion',
  'access',
  'support',
  'service',
  'attention',
  'meeting',
  'update',
  'updates',
  'feedback',
  'review',
  'transparency',
);
const SERVICE_VERBS = set(
  'acknowledge',
  'acknowledged',
  'respond',
  'reply',
  'answer',
  'send',
  'call',
  'share',
  'keep',
  'update',
  'inform',
  'review',
  'get',
  'follow',
  'confirm',
  'publish',
  'circulate',
  'notify',
  'contact',
  'meet',
  'treat',
  'process',
  'handle',
  'provide',
  'look',
);
const PUBLIC_GUARANTORS = set(
  'insurer',
  'insurance',
  'government',
  'treasury',
  'agency',
  'administration',
  'fdic',
  'federal',
  'sovereign',
  'state',
  'u.s.',
  'republic',
);
/** Outcome nouns that make 'X guaranteed by Y' a claim about the investor's money after all. */
const CLAIMED = set(
  'dividend',
  'payout',
  'payouts',
  'coupon',
  'return',
  'returns',
  'income',
  'yield',
  'yields',
  'capital',
  'principal',
  'money',
  'distributions',
  'distribution',
  'dividends',
  'payouts',
  'profit',
  'profits',
  'gains',
  'investment',
  'investments',
  'savings',
);
const FUNDRAISING = set('fundraise', 'fundraising', 'raise', 'raising', 'commitments');
const PROMISE_WORDS = set('guarantee', 'promise', 'assure', 'commit', 'pledge', 'ensure');
const QUOTES = new Set(['"', "'", '“', '”', '‘', '’', '«', '»']);

const isGuarantee = (v: View, k: number) => norm(v, k).startsWith('guarant') || lemma(v, k) === 'guarantee';

function definedTerm(v: View, from: number, to: number): boolean {
  for (let g = from; g < to; g++) {
    if (norm(v, g).startsWith('target')) {
      if (has(v, g + 1, NON_RETURN_TARGETS)) return true;
      // a fundraising target: '$750 million for its fourth fund, with a hard cap of $900 million'
      for (let k = g + 1; k < Math.min(v.words.length, g + 14); k++) {
        if ((norm(v, k) === 'hard' && norm(v, k + 1) === 'cap') || FUNDRAISING.has(norm(v, k))) return true;
      }
      continue;
    }
    if (!isGuarantee(v, g)) continue;
    if (norm(v, g).startsWith('guarantor')) return true;
    let after = g + 1;
    while (
      after < v.words.length &&
      ['fully', 'unconditionally', 'irrevocably', 'senior', 'unsecured', 'secured'].includes(norm(v, after))
    )
      after++;
    if (has(v, after, GUARANTEED_INSTRUMENTS)) return true;
    let before = g - 1;
    while (before >= 0 && ['-', '‑', 'fully', 'unconditionally', 'a', 'the'].includes(norm(v, before)))
      before--;
    if (has(v, before, GUARANTORS) || has(v, before, GUARANTEED_INSTRUMENTS)) return true;
    // 'the notes ... are guaranteed', 'guaranteed by the general partner', 'a guarantee from the parent'
    let claimed = false;
    let instrument = false;
    for (let s = g - 1; s >= Math.max(0, g - 8) && sameClause(v, s, g); s--) {
      if (has(v, s, CLAIMED)) claimed = true;
      if (has(v, s, GUARANTEED_INSTRUMENTS)) instrument = true;
    }
    const by = norm(v, g + 1) === 'by' || norm(v, g + 1) === 'from';
    // a guarantee of a state or its agency is a legal fact, whatever it covers
    for (let k = g + 2; by && k < Math.min(v.words.length, g + 7); k++)
      if (has(v, k, PUBLIC_GUARANTORS)) return true;
    if (instrument) return true;
    // 'the guarantee in the loan documents', 'guaranteed minimum withdrawal benefit'
    for (let k = g + 1; k < Math.min(v.words.length, g + 5) && sameClause(v, g, k) && !claimed; k++) {
      if (has(v, k, CLAIMED)) break;
      if (has(v, k, GUARANTEED_INSTRUMENTS)) return true;
    }
    if (claimed) continue;
    if (norm(v, g + 1) === 'by' || norm(v, g + 1) === 'from') {
      for (let k = g + 2; k < Math.min(v.words.length, g + 7) && sameClause(v, g, k); k++) {
        if (has(v, k, GUARANTORS)) return true;
      }
    }
  }
  return false;
}

function servicePromise(v: View, from: number, to: number): boolean {
  for (let g = from; g < to; g++) {
    if (!has(v, g, PROMISE_WORDS) || pos(v, g) === 'ADJ') continue;
    if (findFigure(v, g + 1, g + 12)) return false;
    for (let k = g + 1; k < Math.min(v.words.length, g + 10) && sameClause(v, g, k); k++) {
      if (has(v, k, OUTCOME_NOUNS)) return false;
      if (has(v, k, SERVICE_NOUNS) || has(v, k, DOCUMENT_NOUNS)) return true;
      if (has(v, k, SERVICE_VERBS) && (pos(v, k) === 'VERB' || norm(v, k - 1) === 'to')) return true;
    }
  }
  return false;
}

function idiom(v: View, from: number, to: number): boolean {
  for (let k = from; k < to + 1 && k < v.words.length; k++) {
    if (!has(v, k, INVEST_VERBS)) continue;
    for (let j = k + 1; j < Math.min(v.words.length, k + 4); j++) if (has(v, j, IDIOM_OBJECTS)) return true;
  }
  return false;
}

/**
 * Whether words [from, to) are a short quotation (about 8 words between the marks): a term quoted
 * as a mention. A longer quotation is direct speech, a claim of the one who speaks.
 */
function quoted(v: View, from: number, to: number): boolean {
  let open = -1;
  for (let k = Math.max(0, from - 8); k < from; k++) {
    const w = norm(v, k);
    if (w === '"') open = open >= 0 ? -1 : k;
    else if (w === '“' || w === '«') open = k;
    else if (w === '”' || w === '»') open = -1;
  }
  if (open < 0 && !QUOTES.has(norm(v, from - 1))) return false;
  for (let k = to; k < Math.min(v.words.length, (open >= 0 ? open : from - 1) + 11); k++) {
    if (QUOTES.has(norm(v, k))) return true;
  }
  return false;
}

/** A question is not a claim ('Is the fund risk-free? No.'). */
function asked(v: View, to: number): boolean {
  for (let k = to; k < v.words.length; k++) {
    if (norm(v, k) === '?') return true;
    if (v.clause[k] !== v.clause[to - 1] && norm(v, k) !== ',') return false;
  }
  return false;
}

/** Past-tense promises of others ('Investors were promised returns', 'BitConnect promised to pay'). */
function reportedPromise(v: View, from: number, to: number): boolean {
  for (let g = from; g < to; g++) {
    const l = lemma(v, g);
    if ((l !== 'promise' && l !== 'guarantee' && l !== 'assure') || !norm(v, g).endsWith('ed')) continue;
    if (pos(v, g) !== 'VERB') continue;
    const before = norm(v, g - 1);
    if (before === 'as') return true; // 'as promised': a promise of service already made
    if (before === 'rest') continue; // 'Rest assured' is the speaker's own assurance
    if (
      ['was', 'were', 'been', 'being'].includes(before) ||
      pos(v, g - 1) === 'PROPN' ||
      ['they', 'he', 'she'].includes(before)
    ) {
      return true;
    }
  }
  return false;
}

/** The sentence disclaims its own forecast ('there is no guarantee that either will be achieved'). */
export function selfDisclaimed(v: View): boolean {
  for (let k = 0; k + 1 < v.words.length; k++) {
    const w = norm(v, k);
    if (
      (w === 'no' || w === 'not' || w === "n't") &&
      (isGuarantee(v, k + 1) || norm(v, k + 1) === 'assurance')
    )
      return true;
    if (
      w === 'may' &&
      norm(v, k + 1) === 'not' &&
      ['be', 'achieve', 'materialize', 'materialise'].includes(lemma(v, k + 2))
    )
      return true;
  }
  return false;
}

/** Someone else's claim: 'anyone promising', 'if someone tells you', 'claims of'. */
function reported(v: View, from: number): boolean {
  for (let k = Math.max(0, from - 14); k < from; k++) {
    // 'asked if her capital was protected': an indirect question
    if (lemma(v, k) === 'ask' && (norm(v, k + 1) === 'if' || norm(v, k + 1) === 'whether')) return true;
    if (has(v, k, SOMEONE)) {
      for (let j = k + 1; j <= Math.min(from, k + 4); j++) {
        if (has(v, j, REPORTING_VERBS) || norm(v, j) === 'who') return true;
      }
    }
    if (
      (norm(v, k) === 'claims' || norm(v, k) === 'promises' || norm(v, k) === 'talk') &&
      norm(v, k + 1) === 'of'
    ) {
      return true;
    }
  }
  return false;
}

/** A warning within the 30 words before the flag or the 15 after it ('... is a red flag'). */
function warned(v: View, from: number, to: number): boolean {
  for (let k = Math.max(0, from - 30); k < Math.min(v.words.length, to + 15); k++) {
    if (has(v, k, WARNINGS)) return true;
    if (norm(v, k) === 'red' && norm(v, k + 1) === 'flag') return true;
    if (norm(v, k) === 'watch' && norm(v, k + 1) === 'out') return true;
    if (norm(v, k) === 'too' && norm(v, k + 1) === 'good' && norm(v, k + 2) === 'to') return true;
  }
  return false;
}

export function clearingOf(v: View, from: number, to: number): Clearing | null {
  if (negatedAt(v, from)) return 'negated';
  if (warned(v, from, to)) return 'warning';
  if (reported(v, from) || reportedPromise(v, from, to)) return 'reported';
  if (quoted(v, from, to)) {
    for (let k = Math.max(0, from - 25); k < Math.min(v.words.length, to + 12); k++) {
      // not 'said': a quotation followed by 'the manager said' is the manager's own claim
      if (has(v, k, MENTION_WORDS) || has(v, k, WARNINGS)) return 'quoted';
    }
  }
  if (asked(v, to)) return 'asked';
  if (definedTerm(v, from, to)) return 'defined-term';
  if (servicePromise(v, from, to)) return 'service';
  if (idiom(v, from, to)) return 'idiom';
  return null;
}

/** 'may', 'could', 'illustrative', 'not guaranteed': the sentence qualifies its own statement. */
export function hedged(v: View): boolean {
  for (let k = 0; k < v.words.length; k++) {
    if (has(v, k, HEDGES)) return true;
    if ((norm(v, k) === 'not' || norm(v, k) === 'no') && isGuarantee(v, k + 1)) return true;
  }
  return false;
}

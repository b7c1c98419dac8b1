import { DEFAULT_LEXICON } from './defaults';
import {
  buildIndex,
  compileSlots,
  type Guard,
  type Hit,
  type Index,
  type Rewrite,
  type Seq,
  scan,
  type VocabCollector,
  wordItem,
} from './engine';
import { classify } from './frames/classified';
import { FRAME_DEFS } from './frames/defs';
import type { FrameId } from './frames/detect';
import { type FrameFlag, type FrameSettings, type RuleSpan, readSentenceLayer } from './frames/layer';
import { BUILTIN_DEFS, type BuiltinDef, NEGATIONS, WORD_CLASSES } from './patterns';
import { parsePhrase, type Slot } from './phrase';
import { quoteOf, rationaleOf } from './rationale';
import { matchCase } from './suggest';
import { buildVocab, type Tokens, tokenize, type Vocab, wordOf } from './tokenize';
import type { CheckOptions, CheckResult, Flag, GuardrailPolicy, Severity, Uncertain } from './types';

export { validatePhrase } from './phrase';
export { applySuggestion, matchCase } from './suggest';

const RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/** An unknown severity is treated as high: a misconfigured rule must not weaken the check. */
function severityOf(s: unknown): Severity {
  return s === 'low' || s === 'medium' ? s : 'high';
}

/**
 * Explanations of the six lexicon terms of docs/product.md §2 Compliance center; other terms get a generic
 * sentence.
 */
const LEXICON_EXPLANATIONS: Record<string, string> = {
  guaranteed:
    'No investment return can be guaranteed, so calling an outcome guaranteed is a misleading promise.',
  'risk-free': 'Every investment carries risk, so describing one as risk-free is misleading.',
  'will outperform': 'Saying the fund will outperform states a forecast as a certainty.',
  'projected returns':
    'Projected returns are a forecast that must be presented as an illustrative target that is not guaranteed.',
  'no risk': 'Every investment carries risk, so saying there is no risk is misleading.',
  'you should invest':
    'Telling an investor to invest is a personal recommendation that investor relations must not give.',
};

export function lexiconExplanation(term: string): string {
  return (
    LEXICON_EXPLANATIONS[term.trim().toLowerCase()] ??
    `'${term.trim()}' is on the organisation's forbidden lexicon.`
  );
}

/**
 * The default lexicon's terms (as tokens joined): like the built-in patterns, the model may clear them
 * in a sentence it reads as plainly clean; the terms an organisation adds are its own and never cleared.
 */
const BUILTIN_TERMS: ReadonlySet<string> = new Set(
  DEFAULT_LEXICON.map((e) => {
    const toks = tokenize(e.term);
    return Array.from({ length: toks.n }, (_, k) => wordOf(toks, k)).join(' ');
  }),
);

const NEGATION_GUARD: Guard = { words: new Set(NEGATIONS), window: 4, crossClause: true };
/** 'Nothing in this letter is a promise ...': a negative pronoun earlier in the sentence. */
const NEGATIVE_SUBJECT_GUARD: Guard = {
  words: new Set(['nothing', 'neither', 'none', 'nobody']),
  window: 10,
  crossClause: true,
};
const NEGATION_GUARDS: Guard[] = [NEGATION_GUARD, NEGATIVE_SUBJECT_GUARD];

/** A match ending at 'risk free' followed by one of these is the finance term, not a claim. */
const RISK_FREE_TERMS: ReadonlySet<string> = new Set([
  'rate',
  'rates',
  'curve',
  'benchmark',
  'asset',
  'assets',
]);
const NEUTRAL_FOLLOWERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['free', RISK_FREE_TERMS],
  ['riskfree', RISK_FREE_TERMS],
]);

/** A match may end inside a hyphenated compound only when the compound goes on with one of these. */
const COMPOUND_CONTINUATIONS: ReadonlySet<string> = new Set([...WORD_CLASSES.METRIC, 'income', 'backed']);

type CompiledRule = {
  rule: string;
  severity: Severity;
  suggestion: string;
  explanation: string;
  lexicon: boolean;
  /** The organisation's own words (terms it added, patterns it wrote): the model never clears them. */
  own: boolean;
  useRewrite: boolean;
  /** The start of the rationale, before the quote. */
  lead: string;
};

/** An enabled frame under the organisation's settings (see frames/defs.ts). */
type CompiledFrame = CompiledRule & { id: FrameId; order: number };

type Compiled = {
  index: Index;
  rules: CompiledRule[];
  vocab: Vocab;
  frames: Map<FrameId, CompiledFrame>;
};

const FRAME_BY_ID = new Map(FRAME_DEFS.map((def) => [def.id as string, def]));
const CLASSIFIER_LEADS: Record<string, string> = {
  'classifier:promissory': 'Reads like a promise',
  'classifier:forward': 'Reads like a forecast',
};
const CLASSIFIER_EXPLANATIONS: Record<string, string> = {
  'classifier:promissory':
    'The sentence reads like a promise of an investment outcome; reword it so that nothing is promised.',
  'classifier:forward':
    'The sentence reads like a forward-looking statement; qualify it as not guaranteed, with the disclaimer.',
};

const NO_NUMBER = { anyNum: false, fig: false };

const FUZZY_BUILTIN_WORDS = ['guarantee', 'guarantees', 'guaranteed', 'guaranteeing'];

/** Rule ids whose matches are forward-looking (a hedge and the disclaimer make them low). */
export const FORWARD_RULES: ReadonlySet<string> = new Set([
  'pattern:forecast-return',
  'pattern:target-return',
  'pattern:outlook',
  'pattern:potential-return',
]);

type ParsedDef = { def: BuiltinDef; seqs: { slots: Slot[]; spec: BuiltinDef['seqs'][number] }[] };

const PARSED_DEFS: ReadonlyMap<string, ParsedDef> = new Map(
  BUILTIN_DEFS.map((def) => [
    def.id,
    {
      def,
      seqs: def.seqs.map((spec) => {
        const parsed = parsePhrase(spec.phrase, true);
        if ('error' in parsed) throw new Error(`Built-in pattern ${def.id}: ${parsed.error}`);
        return { slots: parsed.slots, spec };
      }),
    },
  ]),
);

function compile(policy: GuardrailPolicy): Compiled {
  const seqs: Seq[] = [];
  const rules: CompiledRule[] = [];
  const seenTerms = new Set<string>();
  /** Words a misspelling may stand for: one-word lexicon terms, joined terms, the guarantee pattern's. */
  const fuzzy = new Set<string>(FUZZY_BUILTIN_WORDS);
  const collect: VocabCollector = { words: new Set(), stems: new Set(), finalizers: [] };
  for (const g of NEGATION_GUARDS) for (const w of g.words) collect.words.add(w);
  for (const [k, v] of NEUTRAL_FOLLOWERS) {
    collect.words.add(k);
    for (const w of v) collect.words.add(w);
  }
  for (const w of COMPOUND_CONTINUATIONS) collect.words.add(w);
  for (const entry of policy.lexicon ?? []) {
    if (!entry?.enabled || typeof entry.term !== 'string') continue;
    const toks = tokenize(entry.term);
    if (toks.n === 0 || toks.n > 31) continue;
    const words = Array.from({ length: toks.n }, (_, k) => wordOf(toks, k));
    const key = `${words.join(' ')}\u0000${entry.severity}`;
    if (seenTerms.has(key)) continue;
    seenTerms.add(key);
    const ruleIndex = rules.length;
    rules.push({
      rule: `lexicon:${entry.term}`,
      severity: severityOf(entry.severity),
      suggestion: entry.suggestion ?? '',
      explanation: lexiconExplanation(entry.term),
      lexicon: true,
      own: !BUILTIN_TERMS.has(words.join(' ')),
      useRewrite: false,
      lead: `Uses "${entry.term.trim()}", on the forbidden lexicon`,
    });
    for (const w of words) collect.words.add(w);
    // 'riskfree' for 'risk-free': a term of several words also matches them written as one
    const forms = words.length > 1 ? [words, [words.join('')]] : [words];
    for (const form of forms) {
      if (form.length === 1) fuzzy.add(form[0] as string);
      collect.words.add(form[0] as string);
      seqs.push({
        items: form.map((w) => wordItem(new Set([w]), [], NO_NUMBER, false, collect)),
        first: { words: [form[0] as string], stems: [], num: false },
        prev: null,
        before: NEGATION_GUARDS,
        after: null,
        rule: ruleIndex,
        rewrite: null,
      });
    }
  }
  const frames = new Map<FrameId, CompiledFrame>();
  for (const rule of policy.patterns ?? []) {
    if (!rule?.enabled) continue;
    const frameDef = rule.phrase == null ? FRAME_BY_ID.get(rule.id) : undefined;
    if (frameDef) {
      const suggestion = rule.suggestion ?? frameDef.suggestion;
      frames.set(frameDef.id, {
        id: frameDef.id,
        order: 0,
        rule: `pattern:${frameDef.id}`,
        severity: severityOf(rule.severity),
        suggestion,
        explanation: rule.explanation || frameDef.explanation,
        lexicon: false,
        own: false,
        useRewrite: suggestion === frameDef.suggestion,
        lead: '',
      });
      continue;
    }
    const ruleIndex = rules.length;
    if (rule.phrase != null) {
      const parsed = parsePhrase(rule.phrase, false);
      if ('error' in parsed) continue;
      const { items, first } = compileSlots(parsed.slots, {}, collect);
      rules.push({
        rule: `pattern:${rule.id}`,
        severity: severityOf(rule.severity),
        suggestion: rule.suggestion ?? '',
        explanation:
          rule.explanation || `'${rule.phrase.trim()}' is one of the organisation's guardrail patterns.`,
        lexicon: false,
        own: true,
        useRewrite: false,
        lead: `Matches the organisation's pattern "${(rule.name || rule.phrase).trim()}"`,
      });
      seqs.push({
        items,
        first,
        prev: null,
        before: NEGATION_GUARDS,
        after: null,
        rule: ruleIndex,
        rewrite: null,
      });
      continue;
    }
    const parsedDef = PARSED_DEFS.get(rule.id);
    if (!parsedDef) continue;
    const { def } = parsedDef;
    rules.push({
      rule: `pattern:${rule.id}`,
      severity: severityOf(rule.severity),
      suggestion: rule.suggestion ?? def.suggestion,
      explanation: rule.explanation || def.explanation,
      lexicon: false,
      own: false,
      useRewrite: (rule.suggestion ?? def.suggestion) === def.suggestion,
      lead: def.lead,
    });
    for (const { slots, spec } of parsedDef.seqs) {
      const { items, first } = compileSlots(slots, WORD_CLASSES, collect);
      const before: Guard[] = spec.negatable === false ? [] : [...NEGATION_GUARDS];
      for (const [words, window] of spec.notBefore ?? []) {
        before.push({ words: new Set(words), window, crossClause: false });
      }
      for (const [words] of spec.notBefore ?? []) for (const w of words) collect.words.add(w);
      for (const w of spec.notAfter?.[0] ?? []) collect.words.add(w);
      for (const w of spec.prev ?? []) collect.words.add(w);
      for (const w of Object.keys(spec.replace ?? {})) collect.words.add(w);
      for (const w of spec.drop ?? []) collect.words.add(w);
      const rewrite: Rewrite = {
        replace: new Map(Object.entries(spec.replace ?? {})),
        drop: new Set(spec.drop ?? []),
        append: spec.append ?? '',
      };
      seqs.push({
        items,
        first,
        prev: spec.prev ? new Set(spec.prev) : null,
        before,
        after: spec.notAfter ? { words: new Set(spec.notAfter[0]), window: spec.notAfter[1] } : null,
        rule: ruleIndex,
        rewrite,
      });
    }
  }
  const vocab = buildVocab(collect.words, collect.stems, fuzzy);
  for (const finalize of collect.finalizers) finalize(vocab.names);
  const index = buildIndex(seqs, vocab.names);
  vocab.starts = Uint8Array.from(index.byId, (list) => (list ? 1 : 0));
  let order = rules.length;
  for (const frame of frames.values()) frame.order = order++;
  return { index, rules, vocab, frames };
}

const CACHE = new Map<string, Compiled>();
const CACHE_SIZE = 32;

/** The fields of the policy's entries that compile reads. */
const LEXICON_FIELDS = ['enabled', 'term', 'severity', 'suggestion'] as const;
const PATTERN_FIELDS = ['enabled', 'phrase', 'id', 'name', 'severity', 'suggestion', 'explanation'] as const;

/**
 * What compile reads of a policy, in order; null when an entry is not an object or a value is not a
 * string, number, boolean or nullish (an object could change inside and still be ===).
 */
function readFields(policy: GuardrailPolicy): unknown[] | null {
  const out: unknown[] = [];
  const lists = [
    [policy.lexicon, LEXICON_FIELDS],
    [policy.patterns, PATTERN_FIELDS],
  ] as const;
  for (const [list, fields] of lists) {
    if (!Array.isArray(list)) return null;
    out.push(list.length);
    for (const entry of list as unknown[]) {
      if (entry === null || typeof entry !== 'object') return null;
      for (const field of fields) {
        const value = (entry as Record<string, unknown>)[field];
        if (!isPlain(value)) return null;
        out.push(value);
      }
    }
  }
  return out;
}

function isPlain(value: unknown): boolean {
  const type = typeof value;
  return value == null || type === 'string' || type === 'number' || type === 'boolean';
}

/**
 * The last policy's read fields and its compiled form: a server checks draft after draft under the
 * same policy, and comparing the fields costs far less than the JSON key below (about 20 us a check).
 */
let last: { fields: unknown[]; made: Compiled } | null = null;

function sameFields(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function compiled(policy: GuardrailPolicy): Compiled {
  const fields = readFields(policy);
  if (fields && last && sameFields(fields, last.fields)) return last.made;
  const made = compiledByKey(policy);
  last = fields ? { fields, made } : null;
  return made;
}

function compiledByKey(policy: GuardrailPolicy): Compiled {
  const key = JSON.stringify([policy.lexicon, policy.patterns]);
  const hit = CACHE.get(key);
  if (hit) return hit;
  const made = compile(policy);
  if (CACHE.size >= CACHE_SIZE) {
    const oldest = CACHE.keys().next().value;
    if (oldest !== undefined) CACHE.delete(oldest);
  }
  CACHE.set(key, made);
  return made;
}

function rewriteMatch(text: string, t: Tokens, from: number, to: number, rw: Rewrite): string {
  let out = '';
  let capitaliseNext = false;
  for (let k = from; k < to; k++) {
    const w = wordOf(t, k);
    const orig = text.slice(t.start[k], t.end[k]);
    if (rw.drop.has(w)) {
      if (out === '' && orig.charAt(0) !== orig.charAt(0).toLowerCase()) capitaliseNext = true;
      continue;
    }
    const rep = rw.replace.get(w);
    let piece = rep === undefined ? orig : matchCase(orig, rep);
    if (capitaliseNext) {
      piece = piece.charAt(0).toUpperCase() + piece.slice(1);
      capitaliseNext = false;
    }
    out += out === '' ? piece : text.slice(t.end[k - 1], t.start[k]) + piece;
  }
  return out + rw.append;
}

function isHyphen(c: number): boolean {
  return c === 0x2d || c === 0x2010 || c === 0x2011;
}

/**
 * Keep one flag per span: higher severity first, then a rule over a frame, then the longer, then the
 * lexicon, then the earlier.
 */
type Cand = Flag & {
  order: number;
  lexicon: boolean;
  own: boolean;
  hit: Hit | null;
  frame: FrameFlag | null;
};

function resolveOverlaps(cands: Cand[]): Cand[] {
  cands.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Cand[] = [];
  const better = (a: (typeof cands)[number], b: (typeof cands)[number]) =>
    RANK[b.severity] - RANK[a.severity] ||
    // at equal severity the organisation's lexicon and patterns win over a sentence frame
    Number(a.frame !== null) - Number(b.frame !== null) ||
    b.end - b.start - (a.end - a.start) ||
    Number(b.lexicon) - Number(a.lexicon) ||
    a.start - b.start ||
    a.order - b.order;
  let i = 0;
  while (i < cands.length) {
    // a connected group of overlapping candidates
    let j = i + 1;
    let groupEnd = (cands[i] as Flag).end;
    while (j < cands.length && (cands[j] as Flag).start < groupEnd) {
      groupEnd = Math.max(groupEnd, (cands[j] as Flag).end);
      j++;
    }
    if (j === i + 1) {
      kept.push(cands[i] as Cand);
    } else {
      const base = (cands[i] as Flag).start;
      const group = cands.slice(i, j).sort(better);
      // characters already covered by a kept flag: linear in the group's extent, never quadratic
      const taken = new Uint8Array(groupEnd - base);
      const chosen: Cand[] = [];
      for (const c of group) {
        let free = true;
        for (let p = c.start - base; p < c.end - base; p++) {
          if (taken[p] === 1) {
            free = false;
            break;
          }
        }
        if (!free) continue;
        taken.fill(1, c.start - base, c.end - base);
        chosen.push(c);
      }
      chosen.sort((a, b) => a.start - b.start);
      kept.push(...chosen);
    }
    i = j;
  }
  return kept;
}

/**
 * docs/product.md §7 ai-guardrail-check: the flags of `text` under the organisation's policy, sorted by
 * start, one per span, and requires_approval when any flag is high. The rule layer (lexicon and
 * patterns on fast tokens) runs first; the sentence layer (frames, context, classifier) reads only
 * the sentences that may hold a claim, unless `options.layers` is 'rules'; the classifier then adds
 * flags, and clears the rule and frame flags (never the organisation's own) of sentences it reads as
 * plainly clean, unless `options.layers` is 'frames'.
 */
export function check(text: string, policy: GuardrailPolicy, options: CheckOptions = {}): CheckResult {
  if (typeof text !== 'string' || text.length === 0) {
    return { flags: [], requires_approval: false, uncertain: [] };
  }
  const { index, rules, vocab, frames } = compiled(policy);
  const t = tokenize(text, vocab);
  const hits = scan(t, index);
  let cands: Cand[] = [];
  for (const hit of hits) {
    const start = t.start[hit.from] as number;
    const end = t.end[hit.to - 1] as number;
    const last = wordOf(t, hit.to - 1);
    if (hit.to < t.n && t.brk[hit.to] === 0) {
      const next = wordOf(t, hit.to);
      // 'no risk-free ...': the match stops inside a hyphenated compound
      if (
        isHyphen(text.charCodeAt(end)) &&
        t.start[hit.to] === end + 1 &&
        !COMPOUND_CONTINUATIONS.has(next)
      ) {
        continue;
      }
      if (NEUTRAL_FOLLOWERS.get(last)?.has(next)) continue;
    }
    const rule = rules[hit.seq.rule] as CompiledRule;
    cands.push({
      term: '',
      severity: rule.severity,
      suggestion: '',
      hit,
      frame: null,
      start,
      end,
      rule: rule.rule,
      explanation: rule.explanation,
      rationale: '',
      order: hit.seq.rule,
      lexicon: rule.lexicon,
      own: rule.own,
    });
  }
  let uncertain: Uncertain[] = [];
  if (options.layers !== 'rules') {
    ({ cands, uncertain } = sentenceLayer(
      text,
      t,
      cands,
      frames,
      policy.disclaimer,
      options.layers !== 'frames',
    ));
  }
  const flags = resolveOverlaps(cands);
  // the text and suggestion only of the flags that are kept
  for (const f of flags) {
    const { hit, frame } = f as Cand;
    f.term = text.slice(f.start, f.end);
    if (f.rule.startsWith('classifier:')) {
      f.rationale = rationaleOf(CLASSIFIER_LEADS[f.rule] ?? '', quoteOf(text, t, f.start, f.end));
      continue;
    }
    if (frame) {
      const setting = frames.get(frame.frame) as CompiledFrame;
      f.suggestion = setting.useRewrite ? frame.suggestion : matchCase(f.term, setting.suggestion);
      f.rationale = rationaleOf(frame.lead, quoteOf(text, t, f.start, f.end));
      continue;
    }
    if (!hit) continue;
    const rule = rules[hit.seq.rule] as CompiledRule;
    f.suggestion =
      rule.useRewrite && hit.seq.rewrite
        ? rewriteMatch(text, t, hit.from, hit.to, hit.seq.rewrite)
        : matchCase(f.term, rule.suggestion);
    f.rationale = rationaleOf(rule.lead, quoteOf(text, t, f.start, f.end));
  }
  const out: Flag[] = [];
  let requiresApproval = false;
  for (const { term, severity, suggestion, start, end, rule, explanation, rationale } of flags) {
    out.push({ term, severity, suggestion, start, end, rule, explanation, rationale });
    if (severity === 'high') requiresApproval = true;
  }
  return { flags: out, requires_approval: requiresApproval, uncertain };
}

/**
 * Per candidate: whether a frame of at least its severity covers it and it is not the lexicon's. The
 * frame is then the fuller claim ('will double your money' over 'double your money') and its fix
 * covers the whole of it; otherwise rules win ties over frames.
 */
function coveredByFrames(cands: readonly Cand[], frames: readonly FrameFlag[]): boolean[] {
  const covered = cands.map(() => false);
  if (frames.length === 0) return covered;
  const byStart = [...frames].sort((a, b) => a.start - b.start);
  const order = cands.map((_, k) => k).sort((a, b) => (cands[a] as Cand).start - (cands[b] as Cand).start);
  // the furthest end of the frames started so far, per severity rank
  const reach = [0, -1, -1, -1];
  let f = 0;
  for (const k of order) {
    const c = cands[k] as Cand;
    while (f < byStart.length && (byStart[f] as FrameFlag).start <= c.start) {
      const frame = byStart[f] as FrameFlag;
      const r = RANK[frame.severity];
      for (let q = 1; q <= r; q++) reach[q] = Math.max(reach[q] as number, frame.end);
      f++;
    }
    if (!c.lexicon && (reach[RANK[c.severity]] as number) >= c.end) covered[k] = true;
  }
  return covered;
}

/**
 * Whether [start, end) lies inside one of `sentences` (in text order, not overlapping): a binary search
 * for the last sentence starting at or before `start`, so a long text's flags cost log time each.
 */
function insideOne(
  sentences: readonly { start: number; end: number }[],
  start: number,
  end: number,
): boolean {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sentences[mid] as { start: number }).start <= start) lo = mid + 1;
    else hi = mid;
  }
  const s = sentences[lo - 1];
  return s !== undefined && end <= s.end;
}

/** The rule candidates their context does not clear (some lowered), plus the frames found. */
function sentenceLayer(
  text: string,
  t: Tokens,
  cands: Cand[],
  frames: Map<FrameId, CompiledFrame>,
  disclaimer: string | undefined,
  withModel: boolean,
): { cands: Cand[]; uncertain: Uncertain[] } {
  const spans: RuleSpan[] = cands.map((c) => ({
    start: c.start,
    end: c.end,
    forward: FORWARD_RULES.has(c.rule),
  }));
  const settings: FrameSettings = frames;
  const verdict = readSentenceLayer(text, t, spans, settings, disclaimer);
  let kept: Cand[] = [];
  const covered = coveredByFrames(cands, verdict.frames);
  cands.forEach((c, k) => {
    const v = verdict.rules[k];
    if (v === 'lower') kept.push({ ...c, severity: 'low' });
    else if (!v && !covered[k]) kept.push(c);
  });
  for (const frame of verdict.frames) {
    const setting = frames.get(frame.frame) as CompiledFrame;
    kept.push({
      term: '',
      severity: frame.severity,
      suggestion: '',
      hit: null,
      frame,
      start: frame.start,
      end: frame.end,
      rule: setting.rule,
      explanation: setting.explanation,
      rationale: '',
      order: setting.order,
      lexicon: false,
      own: false,
    });
  }
  if (!withModel) return { cands: kept, uncertain: [] };
  const model = classify(verdict.read);
  if (model.cleared.length > 0) {
    kept = kept.filter((c) => c.own || !insideOne(model.cleared, c.start, c.end));
  }
  for (const c of model.flags) {
    const rule = `classifier:${c.label}`;
    kept.push({
      term: '',
      severity: c.label === 'promissory' ? 'high' : 'medium',
      // no rewrite of a whole sentence: the associate rewords it (Apply Fix is not offered)
      suggestion: '',
      hit: null,
      frame: null,
      start: c.start,
      end: c.end,
      rule,
      explanation: CLASSIFIER_EXPLANATIONS[rule] as string,
      rationale: '',
      order: Number.MAX_SAFE_INTEGER,
      lexicon: false,
      own: false,
    });
  }
  return { cands: kept, uncertain: model.uncertain };
}

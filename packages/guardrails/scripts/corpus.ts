/**
 * The labelled corpus (corpus/README.md): every `corpus/*.jsonl` file, validated, plus the package's first
 * corpus (`src/corpus.ts`) as origin `package-v1`. The rules were tuned on package-v1, so all of it is
 * training data.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CORPUS, HOLDOUT } from '../src/corpus';

export const CORPUS_DIR = path.join(import.meta.dirname, '..', 'corpus');

export const LABELS = ['promissory', 'forward', 'clean'] as const;
export type Label = (typeof LABELS)[number];
export const SPLITS = ['train', 'dev', 'test'] as const;
export type Split = (typeof SPLITS)[number];

/** The kinds each label may have; `plain` is the one easy kind of clean, the other clean kinds are traps. */
export const KINDS: Record<Label, readonly string[]> = {
  promissory: ['promise-of-outcome', 'safety-claim', 'certainty', 'exhortation', 'misspelling', 'unsorted'],
  forward: ['estimate', 'forecast', 'target', 'outlook', 'guidance', 'unsorted'],
  clean: [
    'plain',
    'warning',
    'negation',
    'quotation',
    'legal-term',
    'finance-term',
    'service-promise',
    'idiom',
    'past-fact',
    'logistics',
    'hypothetical',
    'disclaimer',
    'neutral-risk',
    'other',
    'dismissed',
    'unsorted',
  ],
};

/** Origins that only ever train the model: package-v1 was tuned on, dismissals are the users' own corrections. */
export const TRAIN_ONLY_ORIGINS: ReadonlySet<string> = new Set(['package-v1', 'dismissal']);

export type CorpusLine = {
  id: string;
  origin: string;
  label: Label;
  kind: string;
  hard: boolean;
  text: string;
  source: string;
  split?: Split;
};

/** A line with its split assigned (what the eval and the trainer use). */
export type SplitLine = CorpusLine & { split: Split };

/** Texts are the same when they differ only in case, spacing, quote style or Unicode form. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The split of a text: 60/20/20 by the SHA-256 of its normalised form, so it never depends on the order of
 * the files or on who wrote the line. Train-only origins always go to train.
 */
export function splitOf(text: string, origin: string): Split {
  if (TRAIN_ONLY_ORIGINS.has(origin)) return 'train';
  const digest = createHash('sha256').update(normaliseText(text)).digest();
  const u = digest.readUInt32BE(0) / 2 ** 32;
  return u < 0.6 ? 'train' : u < 0.8 ? 'dev' : 'test';
}

const FIELDS = ['id', 'origin', 'label', 'kind', 'hard', 'text', 'source'] as const;

/** What is wrong with one parsed line, or null. */
export function lineProblem(value: unknown, origin: string): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const o = value as Record<string, unknown>;
  for (const f of FIELDS) if (!(f in o)) return `missing field '${f}'`;
  for (const f of ['id', 'origin', 'kind', 'text', 'source'] as const) {
    if (typeof o[f] !== 'string' || (o[f] as string).trim() === '')
      return `'${f}' must be a non-empty string`;
  }
  if (o.origin !== origin) return `origin '${String(o.origin)}' differs from the file's origin '${origin}'`;
  if (!LABELS.includes(o.label as Label)) return `label must be one of ${LABELS.join(', ')}`;
  const label = o.label as Label;
  if (!KINDS[label].includes(o.kind as string))
    return `kind of a ${label} line must be one of ${KINDS[label].join(', ')}`;
  if (typeof o.hard !== 'boolean') return "'hard' must be true or false";
  if (o.hard && label !== 'clean') return 'only clean lines can be hard';
  if (o.hard && o.kind === 'plain') return "a hard clean line names its trap as kind, not 'plain'";
  if ('split' in o && !SPLITS.includes(o.split as Split)) return `split must be one of ${SPLITS.join(', ')}`;
  if (o.split !== undefined && TRAIN_ONLY_ORIGINS.has(origin) && o.split !== 'train') {
    return `lines of origin '${origin}' belong to train`;
  }
  return null;
}

export type CorpusFile = { origin: string; file: string; lines: { raw: string; value: unknown }[] };

/** The corpus files, parsed line by line (blank lines skipped); throws on a line that is not JSON. */
export function readCorpusFiles(dir = CORPUS_DIR): CorpusFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const file = path.join(dir, name);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .map((raw, i) => ({ raw, i }))
      .filter(({ raw }) => raw.trim() !== '')
      .map(({ raw, i }) => {
        try {
          return { raw, value: JSON.parse(raw) as unknown };
        } catch {
          throw new Error(`${name}:${i + 1}: not valid JSON`);
        }
      });
    return { origin: name.slice(0, -'.jsonl'.length), file, lines };
  });
}

/** The package's first corpus (tuned on by the rules), as training lines. */
export function packageV1Lines(): SplitLine[] {
  return [...CORPUS, ...HOLDOUT].map((item, i) => ({
    id: `package-v1-${String(i + 1).padStart(4, '0')}`,
    origin: 'package-v1',
    label: item.label,
    kind: 'unsorted',
    hard: false,
    text: item.text,
    source: 'written for this package (src/corpus.ts)',
    split: 'train',
  }));
}

/**
 * Every corpus line, validated: fields and allowed values, ids and (normalised) texts unique across all
 * files. A package-v1 sentence that a corpus file also holds is dropped (the file's line wins). Throws
 * with every problem found, each with its file and line.
 */
export function loadCorpus(dir = CORPUS_DIR): CorpusLine[] {
  const problems: string[] = [];
  const out: CorpusLine[] = [];
  const ids = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const { origin, file, lines } of readCorpusFiles(dir)) {
    lines.forEach(({ value }, i) => {
      const where = `${path.basename(file)} line ${i + 1}`;
      const problem = lineProblem(value, origin);
      if (problem) {
        problems.push(`${where}: ${problem}`);
        return;
      }
      const line = value as CorpusLine;
      const key = normaliseText(line.text);
      if (ids.has(line.id)) problems.push(`${where}: id '${line.id}' also at ${ids.get(line.id)}`);
      if (texts.has(key)) problems.push(`${where}: the same text as ${texts.get(key)}`);
      ids.set(line.id, where);
      texts.set(key, where);
      out.push(line);
    });
  }
  if (problems.length > 0) throw new Error(`The corpus has problems:\n  ${problems.join('\n  ')}`);
  for (const line of packageV1Lines()) if (!texts.has(normaliseText(line.text))) out.push(line);
  return out;
}

/** The corpus with every line's split; throws when a file line has none yet (run `npm run split`). */
export function loadSplitCorpus(dir = CORPUS_DIR): SplitLine[] {
  const lines = loadCorpus(dir);
  const missing = lines.filter((l) => l.split === undefined);
  if (missing.length > 0) {
    throw new Error(
      `${missing.length} corpus lines have no split (first: ${missing[0]?.id}); ` +
        'run `npm run split -w @parley/guardrails` once to assign them',
    );
  }
  return lines as SplitLine[];
}

/** A dismissal export line as a corpus line (a cleared flag is a clean sentence that looked risky). */
function fromDismissal(o: Record<string, unknown>): Record<string, unknown> {
  if (typeof o.id === 'string') return o;
  const text = String(o.text ?? '');
  const hash = createHash('sha256').update(normaliseText(text)).digest('hex').slice(0, 10);
  const why = [o.rule, o.reason, o.dismissed_at].filter((v) => typeof v === 'string' && v !== '').join('; ');
  return {
    id: `dismissal-${hash}`,
    origin: 'dismissal',
    label: 'clean',
    kind: 'dismissed',
    hard: true,
    text,
    source: `cleared flag (${why})`,
  };
}

/**
 * Gives a split to every line of the corpus files that has none (see `splitOf`); lines that have one stay
 * byte for byte. Dismissal export lines are completed into corpus lines first, and a dismissal whose
 * sentence the corpus already holds is dropped. Returns the counts.
 */
export function assignSplits(dir = CORPUS_DIR): { assigned: number; dropped: number; files: string[] } {
  const files = readCorpusFiles(dir);
  /** Texts of the lines other than dismissals: a sentence cleared twice, or already in the corpus, is dropped. */
  const seen = new Set<string>();
  for (const { origin, lines } of files) {
    if (origin === 'dismissal') continue;
    for (const { value } of lines) seen.add(normaliseText(String((value as { text?: unknown })?.text ?? '')));
  }
  let assigned = 0;
  const written: string[] = [];
  let dropped = 0;
  for (const { origin, file, lines } of files) {
    let changed = false;
    const out: string[] = [];
    for (const { raw, value } of lines) {
      let o = value as Record<string, unknown>;
      if (origin === 'dismissal') {
        const key = normaliseText(String(o?.text ?? ''));
        if (seen.has(key)) {
          changed = true;
          dropped++;
          continue;
        }
        seen.add(key);
      }
      if (typeof o !== 'object' || o === null || o.split !== undefined) {
        out.push(raw);
        continue;
      }
      if (origin === 'dismissal') o = fromDismissal(o);
      changed = true;
      assigned++;
      out.push(JSON.stringify({ ...o, split: splitOf(String(o.text ?? ''), origin) }));
    }
    if (changed) {
      writeFileSync(file, `${out.join('\n')}\n`);
      written.push(path.basename(file));
    }
  }
  return { assigned, dropped, files: written };
}

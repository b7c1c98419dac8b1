import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

/** One token of a sentence, with its UTF-16 offsets into the analysed text (end exclusive). */
export type Word = {
  /** The text as written ('ll, n't, Guaranteed). */
  value: string;
  /** Lower case, curly apostrophes straightened. */
  normal: string;
  /** wink-nlp's lemma, lower case ('ll → will, n't → not, guaranteed → guarantee). */
  lemma: string;
  /** Universal POS tag from wink-nlp (VERB, AUX, NOUN, ADJ, NUM, PUNCT, ...). */
  pos: string;
  start: number;
  end: number;
};

/** A sentence of the text: its offsets and its words (spaces and line breaks are not words). */
export type Sentence = { start: number; end: number; text: string; words: Word[] };

type Nlp = ReturnType<typeof winkNLP>;

/**
 * One instance per process, made on first use: loading the model takes a moment and some memory. Only
 * sentence boundaries and parts of speech run: the checker scopes negation itself, and wink-nlp's
 * entity, sentiment and negation passes would double the cost of a read.
 */
let nlp: Nlp | null = null;

function instance(): Nlp {
  nlp ??= winkNLP(model, ['sbd', 'pos']);
  return nlp;
}

/** Whether `s` has a curly apostrophe: a loop over a word's few characters costs less than a RegExp call. */
function hasCurly(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2018 || c === 0x2019 || c === 0x02bc) return true;
  }
  return false;
}

const straighten = (s: string) => (hasCurly(s) ? s.replace(/[\u2018\u2019\u02bc]/g, "'") : s);

/**
 * `s.toLowerCase()`, without the call (and a copy) for a word of lower-case ASCII, most words: the call
 * cost as much as the rest of making a word.
 */
function lowerCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return s.toLowerCase();
  }
  return s;
}

/**
 * A capitalised word that starts a sentence, in lower case (same length, so offsets hold). wink-nlp's
 * tagger keeps state between documents (an upstream bug): after some texts it tags a capitalised
 * sentence start ('Get in now') as a proper noun. Lowered, the word is tagged by what it is, whatever
 * was read before, so a check does not depend on earlier checks.
 */
function sentenceStartsLowered(text: string): string {
  return text.replace(
    /(^|[.!?:;\n]["'\u201c\u2018(\s]*)([A-Z])(?=[a-z'\u2019]+\b)/g,
    (_, before: string, c: string) => `${before}${c.toLowerCase()}`,
  );
}

/**
 * Splits `text` into sentences of lemmatised, tagged words with exact offsets. Offsets are rebuilt
 * from wink-nlp's preceding spaces, which it keeps for every token, so `text.slice(w.start, w.end)`
 * is always `w.value`.
 */
export function readSentences(text: string): Sentence[] {
  return readSentencesIn(text, 0, text.length);
}

/** The sentences of `text.slice(start, end)`, with offsets into the whole `text`. */
export function readSentencesIn(whole: string, from: number, to: number): Sentence[] {
  const text = sentenceStartsLowered(from === 0 && to === whole.length ? whole : whole.slice(from, to));
  const engine = instance();
  const its = engine.its;
  // wink-nlp's types declare `its.lemma` with the model add-ons' signature; it is an ordinary its function
  const lemmaOf = its.lemma as unknown as typeof its.value;
  const doc = engine.readDoc(text);
  // one bulk read per property: much cheaper than reading each token's properties one by one
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const types = tokens.out(its.type) as string[];
  const lemmas = tokens.out(lemmaOf) as (string | undefined)[];
  const tags = tokens.out(its.pos) as (string | undefined)[];
  const words: (Word | null)[] = [];
  let offset = from;
  for (let k = 0; k < values.length; k++) {
    offset += (spaces[k] as string).length;
    const start = offset;
    const read = values[k] as string;
    offset += read.length;
    if (types[k] === 'tabCRLF') {
      words.push(null);
      continue;
    }
    // the written text, not the copy with sentence starts lowered
    const value = whole.slice(start, offset);
    const lower = lowerCase(value);
    // wink-nlp's own strings where they are the same text: they persist, so the many set lookups by a
    // word find its hash already computed, where a fresh string would be hashed again
    const normal = lower === read && !hasCurly(read) ? read : straighten(lower);
    // wink-nlp has no lemma for some contractions in some contexts ('cannot'): the word stands for itself
    const lemma = lowerCase(lemmas[k] ?? value);
    words.push({
      value,
      normal,
      // most words are their own lemma: one string then, so a lookup by both can tell at a glance
      lemma: lemma === lower ? normal : straighten(lemma),
      pos: tags[k] ?? 'X',
      start,
      end: offset,
    });
  }
  const sentences: Sentence[] = [];
  // the spans in one read: each() would make a sentence item, with its API, for every sentence
  for (const [first, last] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    const inside: Word[] = [];
    for (let k = first; k <= last; k++) {
      const w = words[k];
      if (w) inside.push(w);
    }
    const head = inside[0];
    const tail = inside[inside.length - 1];
    if (!head || !tail) continue;
    sentences.push({
      start: head.start,
      end: tail.end,
      text: whole.slice(head.start, tail.end),
      words: inside,
    });
  }
  return sentences;
}

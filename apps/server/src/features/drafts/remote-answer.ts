import { citationOf, type DraftCitation, type DraftPassage, type DraftRequest } from './drafter';
import { DrafterFailure } from './drafter-failure';
import { isSignOffLine } from './sign-off';

/**
 * The checks a model's answer passes before it becomes a draft (docs/decisions/025-honest-remote-drafter.md):
 * every [n] names a passage it was given, an answer cites at least one unless it plainly declines, links
 * come from the passages it cites, and the sign-off is Parley's alone.
 */

const CITATION = /\[(\d+)\]/g;
/** '[1, 3]' and '[1,3]': one bracket for several passages, written out as '[1][3]'. */
const CITATION_GROUP = /\[(\d+(?:\s*,\s*\d+)+)\]/g;

/**
 * The decline the system prompt asks for ('The fund documents available to me do not contain that
 * information') and the ways models word it: the documents do not contain / cover / mention it; I do
 * not have that information; it is not covered in the documents; the documents hold no information.
 */
const DECLINES = [
  /\b(?:documents?|materials?|passages?)\b[^.!?\n]{0,80}?\b(?:do|does|did)\s*(?:not|n['’]t)\s+(?:contain|include|cover|say|mention|state|specify|provide|give|address|show)\b/i,
  /\b(?:I|we)\s+(?:do|did)\s*(?:not|n['’]t)\s+have\b[^.!?\n]{0,80}?\b(?:information|details?|figures?|documents?)\b/i,
  /\bnot\s+(?:covered|included|mentioned|stated|addressed|available)\s+(?:in|by)\s+the\s+(?:[\w-]+\s+){0,3}(?:documents?|materials?|passages?)\b/i,
  /\b(?:documents?|materials?|passages?)\b[^.!?\n]{0,40}?\b(?:contain|hold|have|give)s?\s+no\s+(?:information|details?|figures?)\b/i,
];

const NUMBER = /\d+(?:[.,]\d+)*/g;

/**
 * A plain decline: it says the documents do not hold the answer, and states no figure of its own — every
 * number in it is one the investor wrote (their 'Q3 2025' may be repeated; a '4.9%' may not appear).
 */
export function isPlainDecline(text: string, message: Pick<DraftRequest['message'], 'subject' | 'body'>) {
  if (!DECLINES.some((pattern) => pattern.test(text))) return false;
  const asked = `${message.subject}\n${message.body}`;
  return [...text.matchAll(NUMBER)].every(([figure]) => asked.includes(figure));
}

/** A placeholder a model leaves for a name or title ('[Your Name]', '[Title]'). */
const PLACEHOLDER_LINE = /^\s*\[[^\]\d\n]{1,40}\]\s*$/;

/**
 * The answer without the model's own sign-off and signature ('Kind regards,\nJohn Smith\nIR'): a sign-off
 * line among the last eight, followed by at most five short lines that cite nothing, ends the answer,
 * since Parley appends the user's closing (docs/decisions/014-drafters.md).
 */
export function withoutSignOff(text: string): string {
  const lines = text.split('\n');
  let end = lines.length;
  for (let i = Math.max(0, lines.length - 8); i < lines.length; i++) {
    if (!isSignOffLine(lines[i] as string)) continue;
    const after = lines.slice(i + 1).filter((line) => line.trim() !== '');
    if (after.length <= 5 && after.every((line) => line.length <= 80 && !/\[\d+\]/.test(line))) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end);
  while (kept.length > 0 && (kept.at(-1)?.trim() === '' || PLACEHOLDER_LINE.test(kept.at(-1) as string))) {
    kept.pop();
  }
  return kept.join('\n');
}

/** http(s) addresses and bare 'www.' ones, up to whitespace or a bracket. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>()[\]{}"'`]+/gi;
/** A Markdown link '[label](address)': the label stays whatever happens to the address. */
const MARKDOWN_LINK = /\[([^\]\n]{1,200})\]\(((?:https?:\/\/|www\.)[^\s)]+)\)/gi;

/** A link as it is compared: without its scheme, 'www.', trailing punctuation or slash; lower case. */
function linkKey(link: string): string {
  return link
    .replace(/[.,;:!?]+$/, '')
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function linksIn(text: string): Set<string> {
  return new Set([...text.matchAll(LINK)].map(([link]) => linkKey(link)));
}

/**
 * Links the cited passages do not hold are removed (a model can invent a plausible address, and an
 * investor's message can plant one); the text around them is tidied.
 */
export function withoutForeignLinks(text: string, cited: readonly DraftPassage[]): string {
  const allowed = linksIn(cited.map((p) => p.text).join('\n'));
  const isAllowed = (link: string) => allowed.has(linkKey(link));
  const unwrapped = text.replace(MARKDOWN_LINK, (whole, label: string, link: string) => {
    if (isAllowed(link)) return whole;
    return /^\d+$/.test(label) ? `[${label}]` : label;
  });
  let removed = false;
  const stripped = unwrapped.replace(LINK, (link) => {
    if (isAllowed(link)) return link;
    removed = true;
    // Keep the sentence's own full stop: 'see http://x.example.' loses the link, not the stop.
    return link.match(/[.,;:!?]+$/)?.[0] ?? '';
  });
  return removed ? tidy(stripped) : stripped;
}

/** Whitespace and punctuation left behind by a removal: doubled spaces, ' .', empty brackets. */
function tidy(text: string): string {
  return text
    .replace(/\(\s*\)|<\s*>/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The [n] of the answer renumbered 1..k in order of first use, and the passage each one names. */
export function mapCitations(
  answer: string,
  passages: readonly DraftPassage[],
): { text: string; citations: DraftCitation[] } {
  const order: number[] = [];
  for (const [, digits] of answer.matchAll(CITATION)) {
    const n = Number(digits);
    if (!order.includes(n)) order.push(n);
  }
  const text = answer.replace(CITATION, (_whole, digits: string) => `[${order.indexOf(Number(digits)) + 1}]`);
  const citations = order.map((n) => citationOf(passages[n - 1] as DraftPassage));
  return { text, citations };
}

/**
 * The model's answer as the body of a draft, or a DrafterFailure saying why it cannot be one: a [n] that
 * names no passage (its claim has no source), or no citation at all in an answer that is not a plain
 * decline.
 */
export function checkRemoteAnswer(
  answer: string,
  request: Pick<DraftRequest, 'passages' | 'message'>,
): { text: string; citations: DraftCitation[] } {
  const { passages } = request;
  const text = withoutSignOff(answer.replace(/\r\n?/g, '\n').trim()).replace(
    CITATION_GROUP,
    (_whole, list: string) =>
      list
        .split(',')
        .map((n) => `[${n.trim()}]`)
        .join(''),
  );
  const cited = [...text.matchAll(CITATION)].map(([, digits]) => Number(digits));
  const unknown = cited.find((n) => n < 1 || n > passages.length);
  if (unknown !== undefined) {
    throw new DrafterFailure(
      'DRAFTER_UNKNOWN_CITATION',
      { cause: `citation [${unknown}] of ${passages.length} passages` },
      { citation: unknown },
    );
  }
  if (cited.length === 0 && !isPlainDecline(text, request.message)) {
    throw new DrafterFailure('DRAFTER_UNCITED_ANSWER', {
      cause: `no citation of ${passages.length} passages, not a plain decline`,
    });
  }
  const citedPassages = [...new Set(cited)].map((n) => passages[n - 1] as DraftPassage);
  return mapCitations(withoutForeignLinks(text, citedPassages).trim(), passages);
}

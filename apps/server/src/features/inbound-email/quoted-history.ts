/**
 * Cuts the quoted history from a reply's text (docs/decisions/058-inbound-email.md): the thread shows
 * the earlier messages already, and the raw mail keeps everything. Conservative on purpose: only the
 * shapes mail programs write, and only when what follows is the quote to its end. A reply written
 * between the quoted lines is kept whole, and a cut that would leave nothing keeps the text.
 */

/** 'On Mon, 1 Dec 2026 at 10:00, Ann <ann@x.example> wrote:' (Gmail, Apple Mail, Thunderbird). */
const ATTRIBUTION = /^\s*On\s.{1,400}\swrote:\s*$/;
/** Gmail wraps a long attribution: 'On Mon, … Ann <' then 'ann@x.example> wrote:'. */
const ATTRIBUTION_START = /^\s*On\s.{1,300}$/;
const ATTRIBUTION_END = /^.{0,300}\swrote:\s*$/;
const QUOTED = /^\s*>/;
/** Outlook's separator: '-----Original Message-----'. */
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i;
/** Outlook's header block: 'From: …' and, within the next lines, 'Sent: …' (bold in HTML: '*From:*'). */
const OUTLOOK_FROM = /^\s*\*?From:\*?\s+\S/;
const OUTLOOK_SENT = /^\s*\*?Sent:\*?\s+\S/;
/** The rule Outlook draws above that block. */
const RULE = /^\s*_{8,}\s*$/;
/** How far below 'From:' Outlook's 'Sent:' may be (an address wrapped onto a second line). */
const OUTLOOK_SENT_WITHIN = 3;

const isBlank = (line: string) => line.trim() === '';

/** Whether every line from `start` on is quoted or blank, and at least one is quoted. */
function isQuoteToTheEnd(lines: readonly string[], start: number): boolean {
  const rest = lines.slice(start);
  return rest.some((line) => QUOTED.test(line)) && rest.every((line) => isBlank(line) || QUOTED.test(line));
}

/** The number of lines the attribution at `i` takes (1 or 2), or 0 when there is none. */
function attributionAt(lines: readonly string[], i: number): number {
  const line = lines[i] ?? '';
  if (ATTRIBUTION.test(line)) return 1;
  const next = lines[i + 1];
  if (next !== undefined && ATTRIBUTION_START.test(line) && ATTRIBUTION_END.test(next)) return 2;
  return 0;
}

function isOutlookHeaderAt(lines: readonly string[], i: number): boolean {
  if (!OUTLOOK_FROM.test(lines[i] ?? '')) return false;
  return lines.slice(i + 1, i + 1 + OUTLOOK_SENT_WITHIN).some((line) => OUTLOOK_SENT.test(line));
}

/** The line the quoted history starts at, or null when the text has none this module recognises. */
function historyStart(lines: readonly string[]): number | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (ORIGINAL_MESSAGE.test(line)) return i;
    if (isOutlookHeaderAt(lines, i)) return i > 0 && RULE.test(lines[i - 1] ?? '') ? i - 1 : i;
    const span = attributionAt(lines, i);
    if (span > 0) {
      // Anything but quote after the attribution is a reply written between the quoted lines.
      if (isQuoteToTheEnd(lines, i + span)) return i;
      return null;
    }
  }
  return null;
}

export function stripQuotedHistory(text: string): string {
  const lines = text.split('\n');
  const start = historyStart(lines);
  if (start === null) return text;
  const kept = lines.slice(0, start).join('\n').trimEnd();
  return kept.trim() === '' ? text : kept;
}

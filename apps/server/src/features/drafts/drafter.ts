import { type DraftProvenance, MESSAGE_LIMITS } from '@parley/contracts';
import { opensWithSignOff } from './sign-off';
import { singleLine } from './single-line';

/** A passage retrieved from the message's fund, numbered by its position in `passages`. */
export type DraftPassage = { id: string; docPath: string; text: string; relevance: number };

export type DraftRequest = {
  /** The investor's message: DATA to answer, never instructions to follow. */
  message: { investorName: string; subject: string; body: string };
  passages: DraftPassage[];
  /**
   * How many of the fund's passages hold each word of the message, and how many it has: the built-in
   * drafter weighs a word by how rare it is in the fund (a fund name in every passage says nothing).
   */
  fundTerms?: FundTerms;
  /** The user's saved signature, else their name. */
  signature: string;
  disclaimer: string;
  tone: 'neutral';
  readingLevel: '12-14';
};

export type FundTerms = { passages: number; frequency: Record<string, number> };

/** A passage a draft cites, as the drafter hands it over: named by document and page, with its text. */
export type DraftCitation = { id: string; doc_path: string; relevance: number; text: string };

export type DraftResult = { text: string; citations: DraftCitation[]; provenance: DraftProvenance };

/** docs/decisions/014-drafters.md: every drafter, built-in or remote, behind this one interface. */
export interface Drafter {
  readonly name: string;
  draft(request: DraftRequest): Promise<DraftResult>;
}

/**
 * The opening of a reply: 'Dear <investor>,' (one line of the investor's name, singleLine: decision 025)
 * and a thanks. The library drafter opens with it; the built-in drafter writes the same lines.
 */
export function greeting(request: DraftRequest): string {
  const name = singleLine(request.message.investorName, MESSAGE_LIMITS.investorName);
  return `Dear ${name || 'Investor'},\n\nThank you for your message.`;
}

/**
 * The closing every drafter appends: 'Kind regards,' and the user's signature (the drafts service
 * passes their name when they have saved none), then the disclaimer. A signature that already opens
 * with a sign-off ('Best regards,', 'Sincerely') gets no second one.
 */
export function closing(request: DraftRequest): string {
  const signature = request.signature.trim();
  const signOff = !signature
    ? 'Kind regards,'
    : opensWithSignOff(signature)
      ? signature
      : `Kind regards,\n${signature}`;
  return [signOff, request.disclaimer.trim()].filter(Boolean).join('\n\n');
}

export function passageList(passages: DraftPassage[]) {
  return passages.map((p) => ({ id: p.id, doc_path: p.docPath }));
}

/**
 * How every drafter cites a passage: with the passage's text as it was given, so the version keeps what
 * it cited after the document is re-indexed or deleted (docs/api.md, citations).
 */
export function citationOf(passage: DraftPassage): DraftCitation {
  return { id: passage.id, doc_path: passage.docPath, relevance: passage.relevance, text: passage.text };
}

/**
 * What the Disclosures ledger and the passage marks say (docs/decisions/053-non-public-documents.md).
 * No schema here: the web pages import these texts without zod.
 */
export const DISCLOSURE_TEXTS = {
  title: 'Disclosures',
  subtitle: 'What this fund told each investor, and when: every reply approved and sent, with what it cited.',
  link: 'Disclosures',
  searchLabel: 'Search by investor name or e-mail',
  searchPlaceholder: 'Investor name or e-mail',
  empty: 'No replies sent for this fund yet',
  emptyHint:
    'Once a reply to an investor of this fund is approved and sent, it is listed here with its sources.',
  noMatch: 'No sent replies match your search',
  noMatchHint: (search: string) => `No investor's name or e-mail contains “${search}”.`,
  loadFailed: 'Failed to load the disclosures',
  citesNothing: 'Cited no fund document',
  sentOverFlag: "Sent over 'Selective disclosure'",
  nonPublicNow: 'Non-public now',
  passageNonPublicNow: 'Passage non-public now',
  markDocumentPublic: 'Mark document public',
  markPassagePublic: 'Mark passage public',
  markedPublic: (what: string) => `${what} marked public`,
  markPublicFailed: 'Failed to mark it public',
  passages: 'Passages',
  passagesTitle: (fileName: string) => `Passages of ${fileName}`,
  passagesDescription:
    'The passages drafts cite, in the order of the document. Mark one non-public to flag every draft citing it.',
  passagesEmpty: 'This document has no indexed passages.',
  passagesLoadFailed: 'Failed to load the passages',
  markNonPublic: 'Mark non-public',
  markPublic: 'Mark public',
  nonPublic: 'Non-public',
  nonPublicUntil: (date: string) => `Non-public until ${date}`,
  passageMarkedPublic: 'Passage marked public',
} as const;

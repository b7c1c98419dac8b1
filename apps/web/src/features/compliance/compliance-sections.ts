import { COMPLIANCE_TEXTS, FLAG_TEXTS, LIBRARY_TEXTS, REVIEW_TEXTS } from '@parley/contracts';

/**
 * The Compliance center's sections in page order: each card's h2 carries the id, and the 'On this page'
 * navigation links to it. The ids are stable (links and bookmarks use them).
 */
export const COMPLIANCE_SECTIONS = {
  disclaimer: { id: 'section-disclaimer', label: COMPLIANCE_TEXTS.disclaimerTitle },
  lexicon: { id: 'section-lexicon', label: COMPLIANCE_TEXTS.lexiconTitle },
  patterns: { id: 'section-patterns', label: COMPLIANCE_TEXTS.patternsTitle },
  claimCheck: { id: 'section-claim-check', label: COMPLIANCE_TEXTS.claimCheckTitle },
  matrix: { id: 'section-approval-matrix', label: COMPLIANCE_TEXTS.matrixTitle },
  overrides: { id: 'section-overrides', label: COMPLIANCE_TEXTS.overridesTitle },
  needsReview: { id: 'section-needs-review', label: REVIEW_TEXTS.title },
  library: { id: 'section-answer-library', label: LIBRARY_TEXTS.title },
  templates: { id: 'section-templates', label: COMPLIANCE_TEXTS.templatesTitle },
  tryChecker: { id: 'section-try-checker', label: FLAG_TEXTS.tryTitle },
  clearedFlags: { id: 'section-cleared-flags', label: FLAG_TEXTS.clearedTitle },
} as const;

export type ComplianceSection = (typeof COMPLIANCE_SECTIONS)[keyof typeof COMPLIANCE_SECTIONS];

/**
 * Room the sticky top bar (3.5 rem) and, below 1280 px, the sticky section strip take above a heading
 * jumped to, so it is not hidden under them.
 */
export const SECTION_HEADING_CLASS = 'scroll-mt-28 xl:scroll-mt-20';

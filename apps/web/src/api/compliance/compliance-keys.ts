/**
 * Query keys of the compliance policy, settings and templates (the Compliance center reads them, the
 * draft workspace's template picker reads the templates); any change invalidates `all`, since the
 * overview counts them all.
 */
export const complianceKeys = {
  all: ['compliance'] as const,
  overview: () => [...complianceKeys.all, 'overview'] as const,
  policy: () => [...complianceKeys.all, 'policy'] as const,
  settings: () => [...complianceKeys.all, 'settings'] as const,
  templates: () => [...complianceKeys.all, 'templates'] as const,
  templateList: (q: string) => [...complianceKeys.templates(), 'list', q] as const,
  /** The Cleared flags ('not a problem here'); a dismissal or undo in a thread invalidates them. */
  flagDismissals: () => [...complianceKeys.all, 'flag-dismissals'] as const,
  flagDismissalList: (q: string) => [...complianceKeys.flagDismissals(), 'list', q] as const,
  /** The answer library (docs/decisions/028-answer-library.md). */
  library: () => [...complianceKeys.all, 'library'] as const,
  libraryList: (q: string, status: string) => [...complianceKeys.library(), 'list', q, status] as const,
  libraryAnswer: (id: string) => [...complianceKeys.library(), 'answer', id] as const,
  libraryOwners: () => [...complianceKeys.library(), 'owners'] as const,
  /** A new answer's fields taken from a message's sent reply ('Save to library'). */
  libraryFromMessage: (messageId: string) =>
    [...complianceKeys.library(), 'from-message', messageId] as const,
  /** The drift watch's Needs review queue; a library answer's review changes the library too. */
  reviewItems: () => [...complianceKeys.all, 'review-items'] as const,
  libraryPassages: (projectId: string, q: string) =>
    [...complianceKeys.library(), 'passages', projectId, q] as const,
};

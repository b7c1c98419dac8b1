/** Query keys of the funds (projects) and what hangs off them; every mutation invalidates `all`. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (input: { status: string; q: string }) => [...projectKeys.lists(), input] as const,
  /** Compose's fund select. */
  options: () => [...projectKeys.all, 'options'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  documents: (id: string) => [...projectKeys.all, 'documents', id] as const,
  messages: (id: string) => [...projectKeys.all, 'messages', id] as const,
  /** A document's passages with their marks (docs/decisions/053-non-public-documents.md). */
  passages: (id: string, documentId: string) => [...projectKeys.all, 'passages', id, documentId] as const,
  /** A fund's Disclosures ledger, by search and page: marking public refreshes it with the rest. */
  disclosures: (id: string, input: { search: string; cursor: string | null }) =>
    [...projectKeys.all, 'disclosures', id, input] as const,
};

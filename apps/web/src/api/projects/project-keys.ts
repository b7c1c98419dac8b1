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
};

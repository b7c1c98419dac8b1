/** Query keys of the Data Retention page; its mutations invalidate by `all`. */
export const retentionKeys = {
  all: ['retention'] as const,
  summary: () => [...retentionKeys.all, 'summary'] as const,
  holds: (status: 'active' | 'released', cursor: string | null) =>
    [...retentionKeys.all, 'holds', { status, cursor }] as const,
};

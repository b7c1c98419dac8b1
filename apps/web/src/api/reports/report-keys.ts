/** Query keys of the Reports screen; every report mutation invalidates `all`. */
export const reportKeys = {
  all: ['reports'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  /** The monthly reports' setting (admin). */
  schedule: () => [...reportKeys.all, 'schedule'] as const,
};

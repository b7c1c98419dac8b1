/** Query keys of the Compliance center; a policy or settings change invalidates `all`. */
export const complianceKeys = {
  all: ['compliance'] as const,
  overview: () => [...complianceKeys.all, 'overview'] as const,
  policy: () => [...complianceKeys.all, 'policy'] as const,
  settings: () => [...complianceKeys.all, 'settings'] as const,
  templates: () => [...complianceKeys.all, 'templates'] as const,
  templateList: (q: string) => [...complianceKeys.templates(), 'list', q] as const,
};

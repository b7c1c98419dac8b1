/** The signed-in member's one compose draft. */
export const composeDraftKey = ['compose-draft'] as const;

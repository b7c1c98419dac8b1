/** Query keys of the Settings page; the MFA status key is shared with the sign-in dialogs (lib). */
export const settingsKeys = {
  sessions: ['own-sessions'] as const,
  userSettings: ['user-settings'] as const,
  linkedIdentities: ['linked-identities'] as const,
};

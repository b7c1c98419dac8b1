// No schemas here: the router names the page with these words, and a module that builds zod schemas
// would come with them into every first page (docs/architecture.md, "Code splitting").

/** The words of the 'Log investor message' page (docs/decisions/048-no-placeholders.md). */
export const LOG_MESSAGE_TEXTS = {
  title: 'Log investor message',
  subtitle: 'Record a message an investor sent, then draft the reply',
  logMessage: 'Log message',
  logAndDraft: 'Log and draft a reply',
  logged: 'Investor message logged',
  logFailed: 'Failed to log the message',
  draftSaving: 'Saving draft…',
  draftSaved: 'Draft saved to your account',
  draftNotSaved: 'Draft not saved',
  discardDraft: 'Discard draft',
} as const;

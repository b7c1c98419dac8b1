import { z } from 'zod';
import { MESSAGE_LIMITS, MESSAGE_TOPIC_LENGTH_MAX, MESSAGE_TOPICS_MAX } from './messages';

const draftText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * PUT /api/compose-draft: the unfinished 'Log investor message' form as typed, kept on the server for its
 * author (docs/decisions/048-no-placeholders.md). Nothing is required and nothing is trimmed: a draft is
 * what the form held. The limits are the message's, so a draft never holds what could not be logged.
 */
export const composeDraftInputSchema = z.object({
  investor_name: draftText('Investor name', MESSAGE_LIMITS.investorName),
  investor_email: draftText('Investor email', MESSAGE_LIMITS.investorEmail),
  project_id: z.union([z.literal(''), z.uuid({ error: 'Choose a project' })]),
  subject: draftText('Subject', MESSAGE_LIMITS.subject),
  body_text: draftText('Message', MESSAGE_LIMITS.bodyText),
  topics: z
    .array(draftText('Topic', MESSAGE_TOPIC_LENGTH_MAX), { error: 'Topics must be a list' })
    .max(MESSAGE_TOPICS_MAX, { error: `At most ${MESSAGE_TOPICS_MAX} topics` }),
});
export type ComposeDraftInput = z.infer<typeof composeDraftInputSchema>;

export const composeDraftSchema = composeDraftInputSchema.extend({ saved_at: z.string() });
export type ComposeDraft = z.infer<typeof composeDraftSchema>;

/** GET /api/compose-draft: one's own draft, or null when there is none. */
export const composeDraftResponseSchema = z.object({ draft: composeDraftSchema.nullable() });
export type ComposeDraftResponse = z.infer<typeof composeDraftResponseSchema>;

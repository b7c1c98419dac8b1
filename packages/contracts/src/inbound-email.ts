import { z } from 'zod';

/**
 * Inbound e-mail (docs/decisions/058-inbound-email.md): how much Parley takes in, and what a thread and
 * an attachment look like to the client.
 */

/** The largest e-mail accepted, whole (SMTP SIZE and the webhook's body limit): 25 MiB. */
export const INBOUND_EMAIL_MAX_BYTES = 25 * 1024 * 1024;
/** The largest attachment kept: 20 MiB; a larger one is left out and the message says so. */
export const INBOUND_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many attachments are kept per message; the rest are left out and the message says so. */
export const INBOUND_ATTACHMENTS_MAX = 20;
/** The local part of an organisation's inbound address: `ir+{slug}@INBOUND_EMAIL_DOMAIN`. */
export const INBOUND_LOCAL_PART = 'ir';
/** A thread shows at most this many messages, the newest (a longer one says how many are left out). */
export const THREAD_MESSAGES_MAX = 200;

/** Attachments whose content may be added to a fund's documents. */
export const DOCUMENT_ATTACHMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

export const attachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  /** The type the content was recognised as, not the sender's word for it. */
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** The fund document it was added as; null when it was not. */
  document_id: z.string().nullable(),
  /** A PDF or DOCX not yet added: it may be added to the fund's documents. */
  addable: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** An investor's message as its thread shows it. */
export const threadMessageSchema = z.object({
  id: z.string(),
  investor_name: z.string(),
  investor_email: z.string(),
  subject: z.string(),
  body_text: z.string(),
  created_at: z.string(),
  source: z.enum(['compose', 'email']),
  sender_unknown: z.boolean(),
  status: z.string(),
  attachments: z.array(attachmentSchema),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** A reply Parley sent in the thread. */
export const threadReplySchema = z.object({
  id: z.string(),
  message_id: z.string(),
  text: z.string(),
  approved_at: z.string(),
  approved_by: z.string().nullable(),
});
export type ThreadReply = z.infer<typeof threadReplySchema>;

export const threadEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), at: z.string(), message: threadMessageSchema }),
  z.object({ kind: z.literal('reply'), at: z.string(), reply: threadReplySchema }),
]);
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

/** GET /api/messages/{id}/thread: every message and sent reply in order, oldest first. */
export const threadResponseSchema = z.object({
  thread_id: z.string(),
  /** The newest message: the one the draft workspace answers. */
  latest_message_id: z.string(),
  entries: z.array(threadEntrySchema),
  /** Older messages left out (more than THREAD_MESSAGES_MAX in the thread). */
  omitted: z.number().int(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const attachmentParamSchema = z.object({
  id: z.uuid({ error: 'Not a message id' }),
  attachmentId: z.uuid({ error: 'Not an attachment id' }),
});

/** POST /api/messages/{id}/attachments/{attachmentId}/document: the fund defaults to the message's. */
export const addAttachmentToDocumentsInputSchema = z.object({
  project_id: z.uuid({ error: 'Choose a project' }).optional(),
});

/** PUT /api/messages/{id}/fund: the fund a message is about (an e-mail's is a guess). */
export const setMessageFundInputSchema = z.object({
  project_id: z.uuid({ error: 'Choose a project' }),
});

export const INBOUND_OUTCOMES = ['new_thread', 'threaded', 'auto_reply', 'bounce', 'duplicate'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/** The webhook's answer: what became of the e-mail. */
export const inboundWebhookResponseSchema = z.object({
  outcome: z.enum(INBOUND_OUTCOMES),
  message_id: z.string().nullable(),
  thread_id: z.string().nullable(),
});
export type InboundWebhookResponse = z.infer<typeof inboundWebhookResponseSchema>;

/** GET /api/email/inbound: the organisation's inbound address and its latest deliveries (admins). */
export const inboundStatusSchema = z.object({
  /** Null when INBOUND_EMAIL_DOMAIN is not set: Parley receives no e-mail. */
  address: z.string().nullable(),
  smtp_listening: z.boolean(),
  webhook_configured: z.boolean(),
  recent: z.array(
    z.object({
      id: z.string(),
      received_at: z.string(),
      via: z.enum(['webhook', 'smtp']),
      from_address: z.string(),
      subject: z.string(),
      outcome: z.enum(INBOUND_OUTCOMES),
      message_id: z.string().nullable(),
    }),
  ),
});
export type InboundStatus = z.infer<typeof inboundStatusSchema>;

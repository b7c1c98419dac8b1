import { z } from 'zod';

// docs/decisions/031-evidence-packs.md: evidence packs, of one thread or of a selection.

/** The query of a selection's pack: an investor, a fund and a period (inclusive days, UTC), all optional. */
export const evidenceSelectionQuerySchema = z
  .object({
    investor: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: "Enter the investor's e-mail address" }))
      .optional(),
    project: z.uuid({ error: 'Choose a fund' }).optional(),
    from: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).optional(),
    to: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: 'The end date is before the start date',
  });
export type EvidenceSelectionQuery = z.infer<typeof evidenceSelectionQuerySchema>;

export const EVIDENCE_TEXTS = {
  exportThread: 'Export evidence',
  exportThreadHint:
    'A signed zip of this thread: the message, every draft, flags, the approval, the reply as sent and their audit entries.',
} as const;

/** Where a thread's pack downloads from (GET; the session cookie authorises it). */
export const evidencePackUrl = (messageId: string) =>
  `/api/messages/${encodeURIComponent(messageId)}/evidence`;
/** Where a selection's pack downloads from, with evidenceSelectionQuerySchema as its query. */
export const EVIDENCE_SELECTION_URL = '/api/audit/evidence';

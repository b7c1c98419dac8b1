import { z } from 'zod';

export const auditVerifyResponseSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int(),
  first_broken_id: z.string().optional(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

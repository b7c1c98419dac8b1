import { type AuditVerifyResponse, auditVerifyResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The public key that verifies audit checkpoints (a PEM attachment; docs/audit-format.md). */
export const AUDIT_PUBLIC_KEY_URL = '/api/audit/public-key';

/** GET /api/audit/verify: re-walks the organisation's chain now and records the result. */
export function verifyAuditChain(): Promise<AuditVerifyResponse> {
  return api.get('/api/audit/verify', { parser: auditVerifyResponseSchema });
}

/** 'Verify now'; `onSettled` refreshes whatever shows the recorded result. */
export function useVerifyAuditChain(onSettled: () => Promise<unknown>) {
  return useMutation({ mutationFn: verifyAuditChain, onSettled });
}

import { type ComplianceCheckResponse, complianceCheckResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/compliance/check: any text with the organisation's policy; nothing is stored. */
export function checkText(text: string): Promise<ComplianceCheckResponse> {
  return api.post('/api/compliance/check', { text }, { parser: complianceCheckResponseSchema });
}

export function useCheckText() {
  return useMutation({ mutationFn: checkText });
}

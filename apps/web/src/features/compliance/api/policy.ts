import {
  type CompliancePattern,
  type CompliancePolicyResponse,
  type ComplianceTerm,
  type CreatePatternInput,
  type CreateTermInput,
  complianceDeletedResponseSchema,
  compliancePatternSchema,
  compliancePolicyResponseSchema,
  complianceTermSchema,
  type UpdatePatternInput,
  type UpdateTermInput,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

/** GET /api/compliance/policy: the forbidden lexicon and guardrail patterns the checker uses. */
export function getCompliancePolicy(signal?: AbortSignal): Promise<CompliancePolicyResponse> {
  return api.get('/api/compliance/policy', { signal, parser: compliancePolicyResponseSchema });
}

export function useCompliancePolicy() {
  return useQuery({
    queryKey: complianceKeys.policy(),
    queryFn: ({ signal }) => getCompliancePolicy(signal),
  });
}

const termPath = (key: string) => `/api/compliance/policy/terms/${encodeURIComponent(key)}`;
const patternPath = (id: string) => `/api/compliance/policy/patterns/${encodeURIComponent(id)}`;

export type PolicyChange =
  | { kind: 'add-term'; input: CreateTermInput }
  | { kind: 'update-term'; key: string; input: UpdateTermInput }
  | { kind: 'delete-term'; key: string }
  | { kind: 'add-pattern'; input: CreatePatternInput }
  | { kind: 'update-pattern'; id: string; input: UpdatePatternInput }
  | { kind: 'delete-pattern'; id: string };

/** One write to the lexicon or the patterns (compliance.manage); every one is audited by the server. */
export async function changePolicy(change: PolicyChange): Promise<ComplianceTerm | CompliancePattern | null> {
  switch (change.kind) {
    case 'add-term':
      return api.post('/api/compliance/policy/terms', change.input, { parser: complianceTermSchema });
    case 'update-term':
      return api.patch(termPath(change.key), change.input, { parser: complianceTermSchema });
    case 'delete-term':
      await api.delete(termPath(change.key), undefined, { parser: complianceDeletedResponseSchema });
      return null;
    case 'add-pattern':
      return api.post('/api/compliance/policy/patterns', change.input, { parser: compliancePatternSchema });
    case 'update-pattern':
      return api.patch(patternPath(change.id), change.input, { parser: compliancePatternSchema });
    case 'delete-pattern':
      await api.delete(patternPath(change.id), undefined, { parser: complianceDeletedResponseSchema });
      return null;
  }
}

export function useChangePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePolicy,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

import {
  COMPLIANCE_TEXTS,
  type ComplianceSettings,
  type ComplianceSettingsInput,
  complianceSettingsSchema,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

function parseSettings(data: unknown): ComplianceSettings {
  return complianceSettingsSchema.parse(data) as ComplianceSettings;
}

/** GET /api/compliance/settings: the disclaimer block and the approval matrix. */
export function getComplianceSettings(signal?: AbortSignal): Promise<ComplianceSettings> {
  return api.get('/api/compliance/settings', { signal, parser: { parse: parseSettings } });
}

export function useComplianceSettings() {
  return useQuery({
    queryKey: complianceKeys.settings(),
    queryFn: ({ signal }) => getComplianceSettings(signal),
  });
}

/** PUT /api/compliance/settings: the whole block and matrix (compliance.manage; audited). */
export function saveComplianceSettings(input: ComplianceSettingsInput): Promise<ComplianceSettings> {
  return api.put('/api/compliance/settings', input, { parser: { parse: parseSettings } });
}

export function useSaveComplianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComplianceSettings,
    // The success toast is said here, not by the card that saved: a save remounts that card (its key
    // is updated_at), and mutate's callbacks of an unmounted observer never run. A refused save leaves
    // the card mounted, so it shows its own errors.
    onSuccess: (saved) => {
      queryClient.setQueryData(complianceKeys.settings(), saved);
      toast.success(COMPLIANCE_TEXTS.settingsSaved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

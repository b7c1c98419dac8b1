import { type MfaCodeResult, mfaCodeResultSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mfaKeys } from './mfa-keys';

/** POST /api/mfa/step-up {code}: a current code before removing the factor or new recovery codes. */
export function stepUp(code: string): Promise<MfaCodeResult> {
  return api.post('/api/mfa/step-up', { code }, { parser: mfaCodeResultSchema });
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

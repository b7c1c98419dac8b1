import { type RecoveryCodesResponse, recoveryCodesResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mfaKeys } from './mfa-keys';

/** POST /api/mfa/recovery-codes: ten new codes, shown once; the earlier ones stop working. */
export function regenerateRecoveryCodes(): Promise<RecoveryCodesResponse> {
  return api.post('/api/mfa/recovery-codes', undefined, { parser: recoveryCodesResponseSchema });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

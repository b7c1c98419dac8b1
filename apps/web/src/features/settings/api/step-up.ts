import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaStatusQueryKey, stepUp } from '@/lib/mfa-api';

/** POST /api/mfa/step-up {code}: a current code before removing the factor or new recovery codes. */
export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey }),
  });
}

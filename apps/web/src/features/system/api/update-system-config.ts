import {
  type SystemConfigResponse,
  systemConfigResponseSchema,
  type UpdateSystemConfigInput,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** PATCH /api/system-config: the toggles to change; answers with every setting after the change. */
export function updateSystemConfig(input: UpdateSystemConfigInput): Promise<SystemConfigResponse> {
  return api.patch('/api/system-config', input, { parser: systemConfigResponseSchema });
}

/**
 * The switch moves at once (the cached settings change before the server answers) and moves back
 * when the server refuses, so the page never shows a setting that is not stored.
 */
export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  const key = securityKeys.systemConfig();
  return useMutation({
    mutationFn: updateSystemConfig,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SystemConfigResponse>(key);
      if (previous) queryClient.setQueryData<SystemConfigResponse>(key, { ...previous, ...input });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (config) => queryClient.setQueryData(key, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

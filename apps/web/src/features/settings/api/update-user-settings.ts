import {
  type UpdateUserSettingsInput,
  type UserSettingsResponse,
  userSettingsResponseSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** PATCH /api/settings: only the keys given change (docs/product.md §2 Settings). */
export function updateUserSettings(input: UpdateUserSettingsInput): Promise<UserSettingsResponse> {
  return api.patch('/api/settings', input, { parser: userSettingsResponseSchema });
}

/**
 * Saves optimistically (a toggle flips at once) and puts the previous settings back when the
 * server refuses, so the page never shows a state that is not stored.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.userSettings });
      const previous = queryClient.getQueryData<UserSettingsResponse>(settingsKeys.userSettings);
      if (previous) {
        queryClient.setQueryData<UserSettingsResponse>(settingsKeys.userSettings, {
          email_signature: input.email_signature ?? previous.email_signature,
          notifications: { ...previous.notifications, ...input.notifications },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.userSettings, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.userSettings, settings),
  });
}

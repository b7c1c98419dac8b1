import { type UserSettingsResponse, userSettingsResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings: one's own signature and notification toggles (docs/product.md §2 Settings). */
export function getUserSettings(signal?: AbortSignal): Promise<UserSettingsResponse> {
  return api.get('/api/settings', { signal, parser: userSettingsResponseSchema });
}

export const userSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.userSettings,
  queryFn: ({ signal }) => getUserSettings(signal),
});

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions);
}

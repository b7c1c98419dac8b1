import {
  type EmailPreferences,
  emailPreferencesSchema,
  type UpdateEmailPreferencesInput,
  updateEmailPreferencesResponseSchema,
} from '@parley/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const preferencesKey = (email: string, token: string) => ['email-preferences', email, token] as const;

/** GET /api/email/unsubscribe?email&token: the preferences behind an unsubscribe link. */
export function getEmailPreferences(
  email: string,
  token: string,
  signal?: AbortSignal,
): Promise<EmailPreferences> {
  return api.get(`/api/email/unsubscribe?${new URLSearchParams({ email, token })}`, {
    parser: emailPreferencesSchema,
    signal,
  });
}

export function useEmailPreferences(email: string, token: string) {
  return useQuery({
    queryKey: preferencesKey(email, token),
    queryFn: ({ signal }) => getEmailPreferences(email, token, signal),
    retry: false,
  });
}

/** POST /api/email/unsubscribe {email, token, action}. */
export function useUpdateEmailPreferences() {
  return useMutation({
    mutationFn: (input: UpdateEmailPreferencesInput) =>
      api.post('/api/email/unsubscribe', input, { parser: updateEmailPreferencesResponseSchema }),
  });
}

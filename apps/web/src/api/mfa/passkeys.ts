import {
  type PasskeyListResponse,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  type RegisterPasskeyResponse,
  registerPasskeyResponseSchema,
  type VerifyPasskeyResponse,
  verifyPasskeyResponseSchema,
} from '@parley/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { mfaKeys } from './mfa-keys';

/**
 * The WebAuthn browser library, loaded when a ceremony starts: the sign-in page's first download
 * leaves it out (docs/architecture.md, "Code splitting"; docs/decisions/057-passkeys.md).
 */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** GET /api/mfa/passkeys: one's own passkeys. */
export function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyListResponse> {
  return api.get('/api/mfa/passkeys', { signal, parser: passkeyListResponseSchema });
}

export const passkeysQueryOptions = queryOptions({
  queryKey: mfaKeys.passkeys,
  queryFn: ({ signal }) => fetchPasskeys(signal),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (the user touches the authenticator),
 * then the server verifies and stores it. A first factor answers with recovery codes and a new cookie.
 */
export async function registerPasskey(name: string): Promise<RegisterPasskeyResponse> {
  const options = await api.post('/api/mfa/passkeys/registration/options', undefined, {
    parser: passkeyOptionsResponseSchema,
  });
  const { startRegistration } = await loadWebAuthn();
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post(
    '/api/mfa/passkeys/registration',
    { name, response },
    { parser: registerPasskeyResponseSchema },
  );
}

/** Finishes MFA (or steps up) with a passkey: options, the browser's ceremony, the server's check. */
export async function verifyWithPasskey(): Promise<VerifyPasskeyResponse> {
  const options = await api.post('/api/mfa/passkeys/authentication/options', undefined, {
    parser: passkeyOptionsResponseSchema,
  });
  const { startAuthentication } = await loadWebAuthn();
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.post('/api/mfa/passkeys/authentication', { response }, { parser: verifyPasskeyResponseSchema });
}

/** Whether this browser can run a WebAuthn ceremony at all. */
export async function canUsePasskeys(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await loadWebAuthn();
  return browserSupportsWebAuthn();
}

/** A change to one's factors: the status, the list and the session (its level) may all move. */
function useInvalidateFactors() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
    await queryClient.invalidateQueries({ queryKey: mfaKeys.passkeys });
  };
}

export function useRegisterPasskey() {
  const invalidate = useInvalidateFactors();
  return useMutation({ mutationFn: registerPasskey, onSuccess: invalidate });
}

export function useVerifyWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyWithPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useRenamePasskey() {
  const invalidate = useInvalidateFactors();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/api/mfa/passkeys/${encodeURIComponent(id)}`, { name }, { parser: passkeySchema }),
    onSuccess: invalidate,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFactors();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/mfa/passkeys/${encodeURIComponent(id)}`),
    onSettled: async () => {
      await invalidate();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

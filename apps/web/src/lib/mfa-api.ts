import {
  type MfaCodeResult,
  type MfaStatusResponse,
  mfaCodeResultSchema,
  mfaStatusResponseSchema,
  type TotpSetupResponse,
  totpSetupResponseSchema,
  type VerifyEnrollmentResponse,
  type VerifyLoginInput,
  type VerifyLoginResponse,
  verifyEnrollmentResponseSchema,
  verifyLoginResponseSchema,
} from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The MFA calls the sign-in dialogs and Settings share (issue 4). Features do not import each
 * other, so these live here rather than in one feature's api/ folder.
 */
export const mfaStatusQueryKey = ['mfa-status'] as const;

/** GET /api/mfa/status: one's own MFA state, attempts left and any lockout. */
export function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatusResponse> {
  return api.get('/api/mfa/status', { signal, parser: mfaStatusResponseSchema });
}

export const mfaStatusQueryOptions = queryOptions({
  queryKey: mfaStatusQueryKey,
  queryFn: ({ signal }) => fetchMfaStatus(signal),
});

export function useMfaStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mfaStatusQueryOptions, enabled: options.enabled ?? true });
}

/** POST /api/mfa/totp/setup: a new secret, its otpauth URI and the QR code as SVG. */
export function startTotpSetup(): Promise<TotpSetupResponse> {
  return api.post('/api/mfa/totp/setup', undefined, { parser: totpSetupResponseSchema });
}

/** POST /api/mfa/totp/verify-enrollment {code}: on success the ten recovery codes and a new cookie. */
export function verifyEnrollment(code: string): Promise<VerifyEnrollmentResponse> {
  return api.post('/api/mfa/totp/verify-enrollment', { code }, { parser: verifyEnrollmentResponseSchema });
}

/** POST /api/mfa/totp/verify-login {code, use_recovery}: on success the session is aal2 (new cookie). */
export function verifyLogin(input: VerifyLoginInput): Promise<VerifyLoginResponse> {
  return api.post('/api/mfa/totp/verify-login', input, { parser: verifyLoginResponseSchema });
}

/** POST /api/mfa/step-up {code}: a current code before a change to one's own factor. */
export function stepUp(code: string): Promise<MfaCodeResult> {
  return api.post('/api/mfa/step-up', { code }, { parser: mfaCodeResultSchema });
}

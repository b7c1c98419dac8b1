import {
  type TotpSetupResponse,
  totpSetupResponseSchema,
  type VerifyEnrollmentResponse,
  type VerifyLoginInput,
  type VerifyLoginResponse,
  verifyEnrollmentResponseSchema,
  verifyLoginResponseSchema,
} from '@parley/contracts';
import { api } from '@/lib/api-client';

let setupInFlight: Promise<TotpSetupResponse> | null = null;

/**
 * POST /api/mfa/totp/setup: a new secret, its otpauth URI and the QR code as SVG. Each call replaces
 * the secret on the server, so callers share the one in flight: the enrolment gate of the sign-in
 * page and the one behind the session guard open a moment apart, and two concurrent calls could be
 * answered in one order and stored in the other, leaving the dialog showing a secret the server no
 * longer holds.
 */
export function startTotpSetup(): Promise<TotpSetupResponse> {
  if (setupInFlight === null) {
    setupInFlight = api
      .post('/api/mfa/totp/setup', undefined, { parser: totpSetupResponseSchema })
      .finally(() => {
        setupInFlight = null;
      });
  }
  return setupInFlight;
}

/** POST /api/mfa/totp/verify-enrollment {code}: on success the ten recovery codes and a new cookie. */
export function verifyEnrollment(code: string): Promise<VerifyEnrollmentResponse> {
  return api.post('/api/mfa/totp/verify-enrollment', { code }, { parser: verifyEnrollmentResponseSchema });
}

/** POST /api/mfa/totp/verify-login {code, use_recovery}: on success the session is aal2 (new cookie). */
export function verifyLogin(input: VerifyLoginInput): Promise<VerifyLoginResponse> {
  return api.post('/api/mfa/totp/verify-login', input, { parser: verifyLoginResponseSchema });
}

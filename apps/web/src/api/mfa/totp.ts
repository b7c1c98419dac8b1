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

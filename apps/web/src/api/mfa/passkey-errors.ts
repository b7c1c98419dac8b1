import { PASSKEY_TEXTS } from '@parley/contracts';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/**
 * The words for a failed passkey ceremony. The browser's refusals come first: NotAllowedError (the
 * user cancelled, or the prompt timed out — WebAuthn does not say which) and AbortError read as a calm
 * 'cancelled or timed out'; InvalidStateError means the authenticator already holds a passkey for this
 * account. The server's 400 names `response` or `name` with its own text; anything else is its message.
 */
export function passkeyErrorText(error: unknown): string {
  if (isApiError(error)) {
    const field = error.fields?.response ?? error.fields?.name;
    if (field) return field;
    return getErrorMessage(error, PASSKEY_TEXTS.failed);
  }
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_TEXTS.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_TEXTS.alreadyRegistered;
  if (name === 'NotSupportedError' || name === 'SecurityError') return PASSKEY_TEXTS.unsupported;
  return PASSKEY_TEXTS.failed;
}

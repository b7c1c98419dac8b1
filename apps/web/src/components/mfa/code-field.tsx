import { RECOVERY_CODE_LENGTH, TOTP_CODE_LENGTH } from '@parley/contracts';
import type { Ref } from 'react';
import { FormField } from '@/components/form-field';

/**
 * The code of an authenticator app (6 digits: numeric keypad, one-time-code autofill) or a recovery
 * code (8 characters), docs/product.md §2 and §5. Anything else typed is dropped as it is typed.
 */
export function CodeField({
  id,
  kind,
  value,
  onChange,
  error,
  disabled,
  ref,
  autoFocus,
}: {
  id: string;
  kind: 'totp' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  const isTotp = kind === 'totp';
  return (
    <FormField
      ref={ref}
      id={id}
      name="code"
      label={isTotp ? 'Authentication code' : 'Recovery code'}
      hint={
        isTotp
          ? 'The 6-digit code your authenticator app shows for Parley'
          : 'One of the 8-character codes you saved when you set up MFA'
      }
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        onChange(
          isTotp
            ? typed.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH)
            : typed
                .replace(/[^a-zA-Z0-9]/g, '')
                .toUpperCase()
                .slice(0, RECOVERY_CODE_LENGTH),
        );
      }}
      error={error}
      disabled={disabled}
      inputMode={isTotp ? 'numeric' : 'text'}
      autoComplete={isTotp ? 'one-time-code' : 'off'}
      autoCapitalize={isTotp ? undefined : 'characters'}
      spellCheck={false}
      maxLength={isTotp ? TOTP_CODE_LENGTH : RECOVERY_CODE_LENGTH}
      pattern={isTotp ? '[0-9]*' : undefined}
      className="font-mono text-lg tracking-[0.3em]"
    />
  );
}

import { completePasswordResetInputSchema, PASSWORD_MIN_LENGTH } from '@parley/contracts';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCompletePasswordReset } from '../api/complete-password-reset';

const RESET_FAILED = 'The password could not be changed. Try again.';
const PASSWORDS_DIFFER = 'The passwords do not match';

type FieldErrors = { password?: string | undefined; confirm?: string | undefined };

/** New password and its confirmation; the token comes from the link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; isLinkDead: boolean } | null>(null);
  const reset = useCompletePasswordReset();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    const focus = (name: keyof FieldErrors) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.focus();
    };

    const parsed = completePasswordResetInputSchema.safeParse({ token, password });
    const errors: FieldErrors = {
      password: parsed.success
        ? undefined
        : parsed.error.issues.find((i) => i.path[0] === 'password')?.message,
      confirm: confirm === password ? undefined : PASSWORDS_DIFFER,
    };
    setFieldErrors(errors);
    if (errors.password || errors.confirm) {
      focus(errors.password ? 'password' : 'confirm');
      return;
    }
    if (!parsed.success) {
      setFormError({ message: parsed.error.issues[0]?.message ?? RESET_FAILED, isLinkDead: true });
      return;
    }

    reset.mutate(parsed.data, {
      onError: (error) => {
        const passwordMessage = isApiError(error) ? error.fields?.password : undefined;
        if (passwordMessage) {
          setFieldErrors({ password: passwordMessage });
          focus('password');
          return;
        }
        setFormError({
          message: getErrorMessage(error, RESET_FAILED),
          // 410: used, expired or replaced by a newer link; only a new link helps.
          isLinkDead: isApiError(error) && error.status === 410,
        });
      },
    });
  }

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert role="status" variant="info">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>{reset.data.message}</AlertTitle>
        </Alert>
        <Button asChild>
          <Link to={paths.auth}>Sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      className="grid gap-5"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={formError ? `${id}-error` : undefined}
    >
      <FormField
        id={`${id}-password`}
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldErrors((current) => ({ ...current, password: undefined }));
        }}
        error={fieldErrors.password}
      />
      <FormField
        id={`${id}-confirm`}
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          setFieldErrors((current) => ({ ...current, confirm: undefined }));
        }}
        error={fieldErrors.confirm}
      />
      <PendingButton type="submit" isPending={reset.isPending}>
        Change password
      </PendingButton>
      {formError ? (
        <FormErrorAlert
          id={`${id}-error`}
          title={formError.message}
          description={
            formError.isLinkDead ? (
              <p>
                <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
                  Request a new link
                </Link>
              </p>
            ) : null
          }
        />
      ) : null}
    </form>
  );
}

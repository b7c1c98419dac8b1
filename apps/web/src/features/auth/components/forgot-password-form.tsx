import { passwordResetRequestSchema, TEXTS } from '@parley/contracts';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';

const REQUEST_FAILED = 'The reset link could not be requested. Try again.';

const backToSignIn = (
  <Link to={paths.auth} className="justify-self-start font-medium text-sm underline underline-offset-4">
    Back to sign in
  </Link>
);

/** The e-mail field and 'Send reset link'; then the server's answer, the same for every address. */
export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    setEmailError(undefined);
    const focusEmail = () => {
      const input = form.elements.namedItem('email');
      if (input instanceof HTMLInputElement) input.focus();
    };

    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(email.trim() ? parsed.error.issues[0]?.message : TEXTS.magicLinkEmpty);
      focusEmail();
      return;
    }
    request.mutate(parsed.data, {
      onError: (error) => {
        const fieldMessage = isApiError(error) ? error.fields?.email : undefined;
        if (fieldMessage) {
          setEmailError(fieldMessage);
          focusEmail();
        } else setFormError(getErrorMessage(error, REQUEST_FAILED));
      },
    });
  }

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert role="status" variant="info">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Check your e-mail</AlertTitle>
          <AlertDescription>
            <p>{request.data.message}</p>
            <p>The link works once, for one hour. It did not arrive? Check your spam folder.</p>
          </AlertDescription>
        </Alert>
        {backToSignIn}
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
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        placeholder="you@company.com"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(undefined);
        }}
        error={emailError}
      />
      <PendingButton type="submit" isPending={request.isPending}>
        Send reset link
      </PendingButton>
      {formError ? <FormErrorAlert id={`${id}-error`} description={formError} /> : null}
      {backToSignIn}
    </form>
  );
}

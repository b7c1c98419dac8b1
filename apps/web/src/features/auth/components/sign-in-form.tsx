import { signInWaitText, TEXTS } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { buildAuthPath, paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { useSecondsUntil } from '@/lib/use-seconds-until';
import { useSendMagicLink } from '../api/send-magic-link';
import { useSignIn } from '../api/sign-in';

type FieldErrors = { email?: string | undefined; password?: string | undefined };

/**
 * Single sign-on (docs/decisions/056-single-sign-on.md) is loaded once an address is typed or a sign-in
 * came back refused, so the sign-in page's first download stays small (docs/architecture.md, "Code
 * splitting").
 */
const SsoSignInButton = lazy(async () => ({ default: (await import('./sso-sign-in')).SsoSignInButton }));
const SsoErrorAlert = lazy(async () => ({ default: (await import('./sso-sign-in')).SsoErrorAlert }));

/** Enough of an address to ask whether its domain signs in with a provider: something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function SignInForm() {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // After repeated failures the account waits (Retry-After); the password is refused until then.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const waitSeconds = useSecondsUntil(waitUntil);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('token')?.trim() || undefined;
  // docs/decisions/056-single-sign-on.md: a single sign-on that failed comes back as /auth?sso_error=<code>.
  const ssoError = searchParams.get('sso_error');
  const errorId = formError || ssoError ? `${id}-error` : undefined;
  const signIn = useSignIn();
  const magicLink = useSendMagicLink();
  const isBusy = signIn.isPending || magicLink.isPending;

  function showError(message: string, error?: unknown) {
    setFormError(message);
    const fields = isApiError(error) ? error.fields : undefined;
    setFieldErrors({ email: fields?.email, password: fields?.password });
    const wait = isApiError(error) && error.code === 'RATE_LIMITED' ? error.retryAfterSeconds : undefined;
    setWaitUntil(wait === undefined ? null : Date.now() + wait * 1000);
    toast.error(message);
  }

  function clearErrors() {
    setFormError(null);
    setFieldErrors({});
    setWaitUntil(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    clearErrors();
    signIn.mutate(
      { email, password },
      {
        onSuccess: async (response) => {
          queryClient.setQueryData(sessionQueryKey, response);
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          // docs/product.md §4 steps 3-5: the MFA dialog (verify or enrol) opens wherever the session lands
          // while it owes MFA; then the inbox, or back to /auth with the token to accept it.
          await navigate(invitationToken ? buildAuthPath(invitationToken) : paths.inbox, { replace: true });
        },
        onError: (error) => showError(getErrorMessage(error, TEXTS.signInError), error),
      },
    );
  }

  function onSendMagicLink() {
    if (isBusy) return;
    clearErrors();
    const address = email.trim();
    if (!address) {
      showError(TEXTS.magicLinkEmpty);
      emailRef.current?.focus();
      return;
    }
    if (emailRef.current && !emailRef.current.checkValidity()) {
      emailRef.current.reportValidity();
      return;
    }
    magicLink.mutate(address, {
      onSuccess: () => toast.success(TEXTS.magicLinkSent),
      onError: (error) => showError(getErrorMessage(error, TEXTS.magicLinkFailed), error),
    });
  }

  return (
    <form className="grid gap-5" onSubmit={onSubmit} aria-describedby={errorId}>
      <FormField
        ref={emailRef}
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        placeholder="you@company.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <div className="grid gap-2">
        <FormField
          id={`${id}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <Link
          to={paths.forgotPassword}
          className="justify-self-end rounded-sm text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline"
        >
          Forgot password?
        </Link>
      </div>

      <div className="grid gap-3">
        <PendingButton type="submit" disabled={isBusy || waitSeconds > 0} isPending={signIn.isPending}>
          Sign In
        </PendingButton>
        <div className="flex items-center gap-3 text-muted-foreground text-xs">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <PendingButton
          variant="outline"
          disabled={isBusy}
          onClick={onSendMagicLink}
          isPending={magicLink.isPending}
        >
          Send Magic Link
        </PendingButton>
        {LOOKS_LIKE_EMAIL.test(email.trim()) ? (
          <Suspense fallback={null}>
            <SsoSignInButton email={email} />
          </Suspense>
        ) : null}
      </div>

      {formError ? (
        <FormErrorAlert
          id={`${id}-error`}
          description={
            waitUntil === null ? (
              formError
            ) : (
              <>
                <p>{formError}</p>
                <p data-testid="sign-in-wait">{signInWaitText(waitSeconds)}</p>
              </>
            )
          }
        />
      ) : ssoError ? (
        <Suspense fallback={null}>
          <SsoErrorAlert id={`${id}-error`} code={ssoError} />
        </Suspense>
      ) : null}
    </form>
  );
}

import {
  acceptInvitationInputSchema,
  formatRole,
  INVITATION_TEXTS,
  type InvitationPreview,
  invitationUnavailableMessage,
  PASSWORD_MIN_LENGTH,
  type SessionResponse,
  type SignInResponse,
  TEXTS,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link2Off, MailOpen, TriangleAlert } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { useAcceptExistingInvitation } from '../api/accept-existing-invitation';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';
import { signOut } from '../api/sign-out';
import { InvitationPending } from './invitation-pending';

/**
 * After an acceptance: docs/product.md §8's welcome and /inbox on success; on a failure that is not about a
 * field, the reason (or 'Failed to accept invitation') and /auth without the token.
 */
function useAcceptanceOutcome() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    async succeeded(response: SignInResponse) {
      queryClient.setQueryData(sessionQueryKey, response);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      queryClient.removeQueries({ queryKey: ['invitation-preview'] });
      toast.success(INVITATION_TEXTS.accepted, { description: INVITATION_TEXTS.acceptedWelcome });
      // docs/product.md §4: the inbox's guard shows the MFA dialog first when the new session owes MFA.
      await navigate(paths.inbox, { replace: true });
    },
    async failed(error: unknown) {
      toast.error(getErrorMessage(error, INVITATION_TEXTS.acceptFailed));
      queryClient.removeQueries({ queryKey: ['invitation-preview'] });
      await navigate(paths.auth, { replace: true });
    },
  };
}

/** Who invited whom to what (docs/product.md §2: 'Invitation Pending'). */
function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <Alert variant="info">
      <MailOpen aria-hidden="true" />
      <AlertTitle>{TEXTS.invitationPending}</AlertTitle>
      <AlertDescription>
        <p>
          <span className="font-medium text-foreground">{preview.organization_name}</span> invited{' '}
          <span className="break-all font-medium text-foreground">{preview.email}</span> to join as{' '}
          <span className="font-medium text-foreground">{formatRole(preview.role)}</span>.
        </p>
        <p>The invitation expires on {formatDateTime(preview.expires_at)}.</p>
      </AlertDescription>
    </Alert>
  );
}

type FieldName = 'name' | 'password';

/** A newcomer sets name and password; the e-mail is the invited one and cannot be changed. */
function NewcomerForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const id = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const accept = useAcceptInvitation();
  const outcome = useAcceptanceOutcome();

  function focusField(form: HTMLFormElement, errors: Partial<Record<FieldName, string>>) {
    const first = (['name', 'password'] as const).find((name) => errors[name]);
    const input = first ? form.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(event.currentTarget, true);
  }

  /**
   * With a password, or without one (docs/product.md §2 Sign-in: the newcomer then signs in with magic
   * links).
   */
  function submit(form: HTMLFormElement, withPassword: boolean) {
    if (accept.isPending) return;
    setFieldErrors({});
    const parsed = acceptInvitationInputSchema.safeParse(
      withPassword ? { token, ...values } : { token, name: values.name },
    );
    if (!parsed.success) {
      const errors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' || key === 'password') errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      focusField(form, errors);
      return;
    }
    accept.mutate(parsed.data, {
      onSuccess: (response) => void outcome.succeeded(response),
      onError: (error) => {
        // A field the server refused is fixed here; anything else ends this link's page (docs/product.md §4).
        const fields = isApiError(error) && error.status === 400 ? error.fields : undefined;
        if (fields && (fields.name || fields.password)) {
          const errors = { name: fields.name, password: fields.password };
          setFieldErrors(errors);
          toast.error(INVITATION_TEXTS.acceptFailed, { description: fields.password ?? fields.name });
          focusField(form, errors);
          return;
        }
        void outcome.failed(error);
      },
    });
  }

  const fieldProps = (field: FieldName) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    error: fieldErrors[field],
    required: true,
    disabled: accept.isPending,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate aria-busy={accept.isPending}>
      <FormField
        id={`${id}-email`}
        label="Email"
        type="email"
        value={preview.email}
        readOnly
        aria-readonly="true"
        hint="The invited address; it cannot be changed."
        className="bg-muted/50"
      />
      <FormField {...fieldProps('name')} label="Your name" autoComplete="name" />
      <FormField
        {...fieldProps('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password`}
      />
      <PendingButton type="submit" isPending={accept.isPending}>
        {accept.isPending ? TEXTS.acceptingInvitation : 'Accept Invitation'}
      </PendingButton>
      {preview.magic_link_enabled ? (
        <div className="grid gap-1.5">
          <Button
            type="button"
            variant="outline"
            disabled={accept.isPending}
            onClick={(event) => {
              const form = event.currentTarget.form;
              if (form) submit(form, false);
            }}
          >
            Accept without a password
          </Button>
          <p className="text-muted-foreground text-xs">
            You will sign in with a one-time link sent to {preview.email} each time.
          </p>
        </div>
      ) : null}
      {accept.isPending ? (
        <p role="status" className="sr-only">
          {TEXTS.acceptingInvitation}
        </p>
      ) : null}
    </form>
  );
}

/** docs/product.md §4 step 6: a signed-in user accepts an invitation sent to their own address. */
function SignedInAccept({
  token,
  preview,
  session,
}: {
  token: string;
  preview: InvitationPreview;
  session: SessionResponse;
}) {
  const queryClient = useQueryClient();
  const accept = useAcceptExistingInvitation();
  const outcome = useAcceptanceOutcome();
  const [isSigningOut, setSigningOut] = useState(false);
  const isForThisUser = session.user.email === preview.email;

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
      queryClient.setQueryData(sessionQueryKey, null);
    } catch (error) {
      toast.error(getErrorMessage(error, 'Failed to sign out. Please try again.'));
    } finally {
      setSigningOut(false);
    }
  }

  if (!isForThisUser) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>This invitation is for another address.</AlertTitle>
          <AlertDescription>
            <p className="break-all">
              It was sent to {preview.email}, but you are signed in as {session.user.email}. Sign out to
              accept it as {preview.email}.
            </p>
          </AlertDescription>
        </Alert>
        <PendingButton variant="outline" onClick={() => void onSignOut()} isPending={isSigningOut}>
          Sign out
        </PendingButton>
      </div>
    );
  }

  return (
    <div className="grid gap-4" aria-busy={accept.isPending}>
      <p className="text-muted-foreground text-sm">
        You are signed in as{' '}
        <span className="break-all font-medium text-foreground">{session.user.email}</span>.
      </p>
      <PendingButton
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (response) => void outcome.succeeded(response),
            onError: (error) => void outcome.failed(error),
          })
        }
        isPending={accept.isPending}
      >
        {accept.isPending ? TEXTS.acceptingInvitation : 'Accept Invitation'}
      </PendingButton>
      {accept.isPending ? (
        <p role="status" className="sr-only">
          {TEXTS.acceptingInvitation}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /auth?token=… (docs/product.md §2, §4): shows the invitation before anyone acts (opening the link consumes
 * nothing), then lets a newcomer set name and password, or a signed-in user accept it. A link that
 * cannot be used says why.
 */
export function InvitationPanel({ token, session }: { token: string; session: SessionResponse | null }) {
  const preview = useInvitationPreview(token);

  if (preview.isPending) return <InvitationPending />;

  const unavailable = preview.data
    ? invitationUnavailableMessage(preview.data.status)
    : getErrorMessage(preview.error, INVITATION_TEXTS.linkInvalid);
  if (!preview.data || unavailable) {
    return (
      <Alert variant="destructive" role="alert">
        <Link2Off aria-hidden="true" />
        <AlertTitle>{unavailable ?? INVITATION_TEXTS.linkInvalid}</AlertTitle>
        <AlertDescription>
          <p>
            {preview.data?.status === 'accepted'
              ? 'Its account exists already.'
              : `Ask an admin${preview.data ? ` of ${preview.data.organization_name}` : ''} for a new invitation.`}{' '}
            {session ? (
              <Link to={paths.inbox} className="font-medium text-foreground underline underline-offset-4">
                Go to the inbox
              </Link>
            ) : (
              'If you already have an account, sign in below.'
            )}
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Accept your invitation
        </CardTitle>
        <CardDescription>Join your team's investor-relations workspace.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <InvitationSummary preview={preview.data} />
        {session ? (
          <SignedInAccept token={token} preview={preview.data} session={session} />
        ) : (
          <NewcomerForm token={token} preview={preview.data} />
        )}
      </CardContent>
    </Card>
  );
}

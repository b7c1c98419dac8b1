import { completeSetupInputSchema, PASSWORD_MIN_LENGTH } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { useCompleteSetup } from '../api/complete-setup';

const SETUP_SUCCESS = 'Organisation created. Welcome to Parley!';
const SETUP_FAILED = 'Parley could not be set up. Try again.';

/** The fields of the form, in order; the input's `name` is the request's key. */
const FIELD_NAMES = ['organization', 'name', 'email', 'password'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
type FieldErrors = Partial<Record<FieldName, string>>;
type FormValues = Record<FieldName, string>;

function isFieldName(key: unknown): key is FieldName {
  return FIELD_NAMES.some((name) => name === key);
}

/**
 * Sorts messages keyed by field (zod's issues, or the server's `fields`) into the form's fields
 * (the first message per field wins, as on the server) and the rest, such as a bad token.
 */
function sortMessages(entries: Iterable<readonly [unknown, string]>) {
  const fieldErrors: FieldErrors = {};
  const otherMessages: string[] = [];
  for (const [key, message] of entries) {
    if (isFieldName(key)) fieldErrors[key] ??= message;
    else otherMessages.push(message);
  }
  return { fieldErrors, otherMessages };
}

/** The first-start form: organisation, first admin, password; the token comes from the link. */
export function SetupForm({ token }: { token: string }) {
  const id = useId();
  const [values, setValues] = useState<FormValues>({ organization: '', name: '', email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const completeSetup = useCompleteSetup();

  function setValue(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops saying it is wrong; the others keep their messages.
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
    const first = FIELD_NAMES.find((name) => errors[name]);
    const input = first ? form.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (completeSetup.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    setFieldErrors({});

    const parsed = completeSetupInputSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const { fieldErrors: errors, otherMessages } = sortMessages(
        parsed.error.issues.map((issue) => [issue.path[0], issue.message] as const),
      );
      setFieldErrors(errors);
      setFormError(otherMessages[0] ?? null);
      focusFirstInvalid(form, errors);
      return;
    }

    completeSetup.mutate(parsed.data, {
      onSuccess: async (response) => {
        toast.success(SETUP_SUCCESS);
        queryClient.setQueryData(sessionQueryKey, response);
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        await navigate(paths.inbox, { replace: true });
      },
      onError: (error) => {
        const message = getErrorMessage(error, SETUP_FAILED);
        const serverFields = isApiError(error) && error.fields ? Object.entries(error.fields) : [];
        const { fieldErrors: errors, otherMessages } = sortMessages(serverFields);
        setFieldErrors(errors);
        setFormError([message, ...otherMessages].join(' '));
        toast.error(message);
        focusFirstInvalid(form, errors);
      },
    });
  }

  const formErrorId = `${id}-error`;
  const fieldProps = (field: FieldName) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    error: fieldErrors[field],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value),
  });

  return (
    <form
      className="grid gap-5"
      onSubmit={onSubmit}
      // The schema's messages, under each field, rather than the browser's bubbles.
      noValidate
      aria-describedby={formError ? formErrorId : undefined}
    >
      <FormField {...fieldProps('organization')} label="Organisation name" autoComplete="organization" />
      <FormField {...fieldProps('name')} label="Your name" autoComplete="name" />
      <FormField
        {...fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="you@company.com"
      />
      <FormField
        {...fieldProps('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />

      <PendingButton type="submit" isPending={completeSetup.isPending}>
        Create organisation
      </PendingButton>

      {formError ? <FormErrorAlert id={formErrorId} description={formError} /> : null}
    </form>
  );
}

import { formatRole, type SessionResponse, updateProfileInputSchema } from '@parley/contracts';
import { LoaderCircle, UserRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

/** docs/product.md §2 Settings, Profile: the name is editable and saved; e-mail and role are read-only. */
export function ProfileCard({ session }: { session: SessionResponse }) {
  const id = useId();
  const [name, setName] = useState(session.user.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProfile();
  const isChanged = name.trim() !== session.user.name;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateProfileInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: (profile) => {
        setName(profile.name);
        toast.success('Profile saved');
      },
      onError: (failure) => {
        const message = getErrorMessage(failure, 'Failed to save your profile');
        if (isApiError(failure) && failure.fields?.name) setError(failure.fields.name);
        toast.error(message);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <UserRound className="size-5" aria-hidden="true" />
          Profile
        </CardTitle>
        <CardDescription>How you appear to your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5 sm:max-w-md" onSubmit={onSubmit} noValidate>
          <FormField
            id={`${id}-name`}
            name="name"
            label="Name"
            autoComplete="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            error={error}
            required
          />
          <FormField
            id={`${id}-email`}
            label="Email"
            type="email"
            value={session.user.email}
            readOnly
            aria-readonly="true"
            hint="Contact admin to change your email"
            className="bg-muted/50"
          />
          <FormField
            id={`${id}-role`}
            label="Role"
            value={formatRole(session.role)}
            readOnly
            aria-readonly="true"
            className="bg-muted/50"
          />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={update.isPending || !isChanged}
            aria-busy={update.isPending}
          >
            {update.isPending ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : null}
            Save Profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

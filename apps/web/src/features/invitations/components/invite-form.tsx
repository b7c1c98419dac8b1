import {
  createInvitationInputSchema,
  DEFAULT_INVITATION_ROLE,
  formatRole,
  INVITATION_TEXTS,
  ROLES,
  type Role,
} from '@parley/contracts';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { toastInvitationMail } from '../mail-outcome-toast';

function isRole(value: string): value is Role {
  return ROLES.some((role) => role === value);
}

/** docs/product.md §2 Invite user: the invitation form (email, role defaulting to ir_associate). */
export function InviteForm() {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_INVITATION_ROLE);
  const [emailError, setEmailError] = useState<string | undefined>();
  const create = useCreateInvitation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setEmailError(undefined);
    const parsed = createInvitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      emailRef.current?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        toastInvitationMail(result.delivery, {
          sent: INVITATION_TEXTS.sent(result.invitation.email),
          kept: `Invitation created for ${result.invitation.email}`,
          notSent: INVITATION_TEXTS.sentButEmailFailed,
        });
        setEmail('');
        setRole(DEFAULT_INVITATION_ROLE);
      },
      onError: (error) => {
        const message = getErrorMessage(error, INVITATION_TEXTS.sendFailed);
        const fieldMessage = isApiError(error) ? error.fields?.email : undefined;
        setEmailError(fieldMessage ?? (message === INVITATION_TEXTS.sendFailed ? undefined : message));
        toast.error(INVITATION_TEXTS.sendFailed, {
          description: message === INVITATION_TEXTS.sendFailed ? undefined : message,
        });
        emailRef.current?.focus();
      },
    });
  }

  const roleId = `${id}-role`;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Send an invitation</CardTitle>
        <CardDescription>
          The invitee gets an e-mail with a link that works once and expires after 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
          onSubmit={onSubmit}
          noValidate
        >
          <FormField
            ref={emailRef}
            id={`${id}-email`}
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="colleague@company.com"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
            }}
            error={emailError}
          />
          <div className="grid gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <Select
              value={role}
              onValueChange={(value) => {
                if (isRole(value)) setRole(value);
              }}
            >
              <SelectTrigger id={roleId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {formatRole(value)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <PendingButton
            type="submit"
            className="sm:mt-[1.375rem]"
            isPending={create.isPending}
            icon={<Send aria-hidden="true" />}
          >
            Send Invitation
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}

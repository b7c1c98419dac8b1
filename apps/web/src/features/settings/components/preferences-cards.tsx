import {
  EMAIL_SIGNATURE_MAX_LENGTH,
  type NotificationSettings,
  updateUserSettingsInputSchema,
} from '@parley/contracts';
import { Bell, LoaderCircle, PenLine, RefreshCw } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useUserSettings } from '../api/get-user-settings';
import { useUpdateUserSettings } from '../api/update-user-settings';

/**
 * docs/product.md §2 Settings: the notification toggles, all on by default; Investor Replies is ours
 * (docs/decisions/058-inbound-email.md).
 */
const NOTIFICATIONS = [
  { key: 'mentions', label: '@Mentions', description: 'When someone mentions you in a draft or note' },
  {
    key: 'approval_requests',
    label: 'Approval Requests',
    description: 'When a reply waits for your approval',
  },
  { key: 'compliance_flags', label: 'Compliance Flags', description: 'When a draft of yours is flagged' },
  {
    key: 'weekly_digest',
    label: 'Weekly Digest',
    description: "A summary of the organisation's week, once a week",
  },
  {
    key: 'investor_replies',
    label: 'Investor Replies',
    description: 'When an investor writes again in a thread you own',
  },
] as const satisfies readonly { key: keyof NotificationSettings; label: string; description: string }[];

/** docs/product.md §8 texts of a settings save. */
const SAVED = 'Settings updated';
const SAVE_FAILED = 'Failed to update settings';

/** Loading and load-failure states shared by both cards. */
function SettingsState({ children }: { children: (ready: true) => ReactNode }) {
  const settings = useUserSettings();
  if (settings.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
        <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
        Loading settings…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3" role="alert">
        <p className="text-destructive text-sm">Failed to load settings</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void settings.refetch()}
          disabled={settings.isFetching}
        >
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return children(true);
}

/** docs/product.md §2 Settings: the e-mail signature drafts append, saved for the signed-in user. */
export function SignatureCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <PenLine className="size-5" aria-hidden="true" />
          Email signature
        </CardTitle>
        <CardDescription>Added below the replies drafted for you.</CardDescription>
      </CardHeader>
      <CardContent className="sm:max-w-xl">
        <SettingsState>{() => <SignatureForm />}</SettingsState>
      </CardContent>
    </Card>
  );
}

function SignatureForm() {
  const id = useId();
  const settings = useUserSettings();
  const saved = settings.data?.email_signature ?? '';
  const [signature, setSignature] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateUserSettings();
  const isChanged = signature !== saved;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateUserSettingsInputSchema.safeParse({ email_signature: signature });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { email_signature: signature },
      {
        onSuccess: (next) => {
          setSignature(next.email_signature);
          toast.success(SAVED);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fields?.email_signature)
            setError(failure.fields.email_signature);
          toast.error(SAVE_FAILED);
        },
      },
    );
  }

  const describedBy = [`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Label htmlFor={`${id}-signature`}>Signature</Label>
      <Textarea
        id={`${id}-signature`}
        name="email_signature"
        value={signature}
        onChange={(event) => {
          setSignature(event.target.value);
          setError(undefined);
        }}
        placeholder={'Jane Doe\nInvestor Relations'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={4}
      />
      <p id={`${id}-count`} className="text-muted-foreground text-xs">
        {formatNumber(signature.length)} / {formatNumber(EMAIL_SIGNATURE_MAX_LENGTH)} characters
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={!isChanged || update.isPending}>
        {update.isPending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
        Save Signature
      </Button>
    </form>
  );
}

/** docs/product.md §2 Settings: each toggle saves as it changes; a refused save puts it back. */
export function NotificationsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Bell className="size-5" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>Choose what Parley tells you about.</CardDescription>
      </CardHeader>
      <CardContent className="sm:max-w-xl">
        <SettingsState>{() => <NotificationToggles />}</SettingsState>
      </CardContent>
    </Card>
  );
}

function NotificationToggles() {
  const id = useId();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const notifications = settings.data?.notifications;
  if (!notifications) return null;

  function onChange(key: keyof NotificationSettings, checked: boolean) {
    update.mutate(
      { notifications: { [key]: checked } },
      {
        onSuccess: () => toast.success(SAVED),
        onError: () => toast.error(SAVE_FAILED),
      },
    );
  }

  return (
    <div className="grid gap-4">
      {NOTIFICATIONS.map((notification) => (
        <div key={notification.key} className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${notification.key}`}>{notification.label}</Label>
            <p id={`${id}-${notification.key}-description`} className="text-muted-foreground text-xs">
              {notification.description}
            </p>
          </div>
          <Switch
            id={`${id}-${notification.key}`}
            aria-describedby={`${id}-${notification.key}-description`}
            checked={notifications[notification.key]}
            disabled={update.isPending}
            onCheckedChange={(checked) => onChange(notification.key, checked)}
          />
        </div>
      ))}
    </div>
  );
}

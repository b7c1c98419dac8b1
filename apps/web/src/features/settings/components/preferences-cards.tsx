import { Bell, PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

/** SPEC §2 Settings: the notification toggles, all on by default. */
const NOTIFICATIONS = [
  { key: 'mentions', label: '@Mentions', description: 'When someone mentions you in a draft or note' },
  { key: 'approvals', label: 'Approval Requests', description: 'When a reply waits for your approval' },
  { key: 'compliance', label: 'Compliance Flags', description: 'When a draft of yours is flagged' },
  { key: 'digest', label: 'Weekly Digest', description: 'A summary of the week every Monday' },
] as const;

/**
 * SPEC §2 Settings: the email signature and the notification toggles. The spec leaves their save
 * buttons unwired and Parley has no store for them yet, so the page says that nothing here is
 * saved rather than pretending it is.
 */
export function SignatureCard() {
  const id = useId();
  const [signature, setSignature] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <PenLine className="size-5" aria-hidden="true" />
          Email signature
        </CardTitle>
        <CardDescription>Added below replies you send to investors.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:max-w-xl">
        <Label htmlFor={`${id}-signature`}>Signature</Label>
        <Textarea
          id={`${id}-signature`}
          value={signature}
          onChange={(event) => setSignature(event.target.value)}
          placeholder={'Jane Doe\nInvestor Relations'}
          aria-describedby={`${id}-signature-note`}
        />
        <p id={`${id}-signature-note`} className="text-muted-foreground text-xs">
          Signatures are not saved yet; they arrive with sending replies.
        </p>
        <Button className="justify-self-start" disabled>
          Save Signature
        </Button>
      </CardContent>
    </Card>
  );
}

export function NotificationsCard() {
  const id = useId();
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(NOTIFICATIONS.map((n) => [n.key, true])),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Bell className="size-5" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>Not saved yet: every notification is on until they can be chosen.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:max-w-xl">
        {NOTIFICATIONS.map((notification) => (
          <div key={notification.key} className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${notification.key}`}>{notification.label}</Label>
              <p className="text-muted-foreground text-xs">{notification.description}</p>
            </div>
            <Switch
              id={`${id}-${notification.key}`}
              checked={enabled[notification.key] ?? true}
              onCheckedChange={(checked) =>
                setEnabled((current) => ({ ...current, [notification.key]: checked }))
              }
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

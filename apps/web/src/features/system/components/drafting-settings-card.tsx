import { SECURITY_TEXTS, TEXTS } from '@parley/contracts';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/toast-failure';
import { useSystemConfig } from '../api/get-system-config';
import { useUpdateSystemConfig } from '../api/update-system-config';

/**
 * The Admin panel's AI drafting settings (docs/decisions/025-honest-remote-drafter.md): whether the
 * built-in drafter writes the draft when the AI service fails. Saved at once, like the Security
 * settings' toggles; the switch moves back when the server refuses.
 */
export function DraftingSettingsCard() {
  const id = useId();
  const config = useSystemConfig();
  const update = useUpdateSystemConfig();
  const switchId = `${id}-fallback`;

  function change(value: boolean) {
    update.mutate(
      { drafter_fallback_enabled: value },
      {
        onSuccess: () => toast.success(SECURITY_TEXTS.updated),
        onError: (error) => toastFailure(SECURITY_TEXTS.updateFailed, error),
      },
    );
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>AI drafting</CardTitle>
        <CardDescription>How drafts are written when the AI service does not deliver one.</CardDescription>
      </CardHeader>
      <CardContent>
        {!config.data && config.isError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{getErrorMessage(config.error, 'Failed to load the drafting settings')}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void config.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !config.data ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={switchId} className="leading-snug">
                Fall back to the built-in drafter when the AI service fails
              </Label>
              <div id={`${switchId}-description`} className="grid gap-1 text-muted-foreground text-sm">
                <p>
                  When the AI service cannot be reached, is busy, refuses the key or answers with something
                  that is not a usable draft, the built-in drafter writes one from the fund documents instead.
                  The draft says so.
                </p>
                <p>
                  When off, the user sees what went wrong and can try again. Only used when an AI service is
                  configured.
                </p>
              </div>
            </div>
            <Switch
              id={switchId}
              className="mt-0.5 shrink-0"
              checked={config.data.drafter_fallback_enabled}
              disabled={update.isPending}
              aria-describedby={`${switchId}-description`}
              onCheckedChange={change}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

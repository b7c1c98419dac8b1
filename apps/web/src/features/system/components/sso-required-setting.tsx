import { SECURITY_TEXTS, SSO_REQUIRED_TEXTS, type SystemConfigResponse } from '@parley/contracts';
import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toastFailure } from '@/lib/toast-failure';
import { useSetSsoBreakGlass, useSsoBreakGlass } from '../api/sso-break-glass';
import { useUpdateSystemConfig } from '../api/update-system-config';

const NOBODY = 'nobody';

/**
 * 'SSO required' and the break-glass admin (docs/decisions/056-single-sign-on.md). The server
 * refuses to turn it on without a provider or for an admin who did not just sign in with it, and
 * says which; the switch moves back then.
 */
export function SsoRequiredSetting({ config }: { config: SystemConfigResponse }) {
  const id = useId();
  const switchId = `${id}-sso`;
  const glassId = `${id}-glass`;
  const update = useUpdateSystemConfig();
  const breakGlass = useSsoBreakGlass();
  const setBreakGlass = useSetSsoBreakGlass();

  function change(value: boolean) {
    update.mutate(
      { sso_required: value },
      {
        onSuccess: () => toast.success(SECURITY_TEXTS.updated),
        onError: (error) => toastFailure(SECURITY_TEXTS.updateFailed, error),
      },
    );
  }

  function chooseBreakGlass(value: string) {
    setBreakGlass.mutate(
      { user_id: value === NOBODY ? null : value },
      {
        onSuccess: () => toast.success(SSO_REQUIRED_TEXTS.breakGlassSaved),
        onError: (error) => toastFailure(SECURITY_TEXTS.updateFailed, error),
      },
    );
  }

  return (
    <div className="grid gap-4 py-4 last:pb-0" data-testid="sso-required-setting">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={switchId} className="leading-snug">
            SSO required
          </Label>
          <p id={`${switchId}-description`} className="text-muted-foreground text-sm">
            When on, members sign in with your single sign-on provider only: passwords and magic links are
            refused, except for the break-glass admin. Only an admin who has just signed in with single
            sign-on can turn it on.
          </p>
        </div>
        <Switch
          id={switchId}
          className="mt-0.5 shrink-0"
          checked={config.sso_required}
          disabled={update.isPending}
          aria-describedby={`${switchId}-description`}
          onCheckedChange={change}
        />
      </div>
      <div className="grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-start sm:gap-4">
        <div className="grid min-w-0 gap-1.5">
          <Label id={`${glassId}-label`} className="leading-snug">
            {SSO_REQUIRED_TEXTS.breakGlassLabel}
          </Label>
          <p id={`${glassId}-description`} className="text-muted-foreground text-sm">
            {SSO_REQUIRED_TEXTS.breakGlassHint}
          </p>
        </div>
        <Select
          value={breakGlass.data?.user_id ?? NOBODY}
          onValueChange={chooseBreakGlass}
          disabled={!breakGlass.data || setBreakGlass.isPending}
        >
          <SelectTrigger
            className="w-full"
            aria-labelledby={`${glassId}-label`}
            aria-describedby={`${glassId}-description`}
          >
            <SelectValue placeholder={breakGlass.isError ? 'Could not load the admins' : 'Loading…'} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOBODY}>{SSO_REQUIRED_TEXTS.breakGlassNone}</SelectItem>
            {breakGlass.data?.admins.map((admin) => (
              <SelectItem key={admin.user_id} value={admin.user_id}>
                {admin.name === admin.email ? admin.email : `${admin.name} (${admin.email})`}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

import {
  type EditableSystemConfigKey,
  PASSKEY_TEXTS,
  SECURITY_TEXTS,
  type SystemConfigResponse,
  TEXTS,
} from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, Mail } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { useSignedInSession } from '@/lib/session';
import { toastFailure } from '@/lib/toast-failure';
import { useSendTestMagicLink } from '../api/send-test-magic-link';
import { useUpdateSystemConfig } from '../api/update-system-config';
import { SsoRequiredSetting } from './sso-required-setting';

function SettingRow({
  id,
  label,
  description,
  control,
}: {
  id: string;
  label: string;
  description: ReactNode;
  control: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        <div id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </div>
      </div>
      <div className="shrink-0 pt-0.5">{control}</div>
    </div>
  );
}

/**
 * docs/product.md §2 Security settings: the toggles for enforcing MFA and enabling magic links (each change
 * is
 * saved at once; docs/product.md §8 'Settings updated' / 'Failed to update settings', and the switch moves
 * back
 * on failure), SSO required with its break-glass admin, and 'Send Test Magic Link' to the admin's own address.
 */
export function SecurityPolicyCard({ config }: { config: UseQueryResult<SystemConfigResponse> }) {
  const id = useId();
  const { user } = useSignedInSession();
  const update = useUpdateSystemConfig();
  const testLink = useSendTestMagicLink();

  function change(key: EditableSystemConfigKey, value: boolean) {
    update.mutate(
      { [key]: value },
      {
        onSuccess: () => toast.success(SECURITY_TEXTS.updated),
        onError: (error) => toastFailure(SECURITY_TEXTS.updateFailed, error),
      },
    );
  }

  function sendTestLink() {
    if (!user.email) {
      toast.error(SECURITY_TEXTS.noEmail);
      return;
    }
    testLink.mutate(undefined, {
      onSuccess: (result) =>
        result.delivery === 'sent'
          ? toast.success(SECURITY_TEXTS.testMagicLinkSent, { description: `Sent to ${user.email}` })
          : toast.warning(SECURITY_TEXTS.testMagicLinkKept),
      onError: (error) => toastFailure(SECURITY_TEXTS.testMagicLinkFailed, error),
    });
  }

  const data = config.data;
  const mfaId = `${id}-mfa`;
  const magicId = `${id}-magic`;
  const passkeyId = `${id}-passkey`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Sign-in policy</CardTitle>
        <CardDescription>
          Changes are saved as soon as you make them and apply to your whole organisation.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!data && config.isError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{getErrorMessage(config.error, 'Failed to load the sign-in settings')}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void config.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !data ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : (
          <div className="grid">
            <div className="divide-y">
              <SettingRow
                id={mfaId}
                label="Enforce MFA for all users"
                description={
                  <>
                    <p>
                      When on, everyone must set up an authenticator app or a passkey, at their next sign-in
                      if not before.
                    </p>
                    <p className="mt-1">Admins always need MFA, whether this is on or off.</p>
                  </>
                }
                control={
                  <Switch
                    id={mfaId}
                    checked={data.mfa_totp_enforced}
                    disabled={update.isPending}
                    aria-describedby={`${mfaId}-description`}
                    onCheckedChange={(checked) => change('mfa_totp_enforced', checked)}
                  />
                }
              />
              <SettingRow
                id={magicId}
                label="Enable magic links"
                description="Members may sign in with a single-use link sent to their e-mail address, valid for 15 minutes."
                control={
                  <Switch
                    id={magicId}
                    checked={data.auth_magic_link_enabled}
                    disabled={update.isPending}
                    aria-describedby={`${magicId}-description`}
                    onCheckedChange={(checked) => change('auth_magic_link_enabled', checked)}
                  />
                }
              />
              <SettingRow
                id={passkeyId}
                label={PASSKEY_TEXTS.requiredForAdminsToggle}
                description={PASSKEY_TEXTS.requiredForAdminsHint}
                control={
                  <Switch
                    id={passkeyId}
                    checked={data.mfa_passkey_required_admins}
                    disabled={update.isPending}
                    aria-describedby={`${passkeyId}-description`}
                    onCheckedChange={(checked) => change('mfa_passkey_required_admins', checked)}
                  />
                }
              />
              <SsoRequiredSetting config={data} />
            </div>

            <Separator className="my-4" />

            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="grid min-w-0 gap-1">
                <span className="font-medium text-sm">Test magic links</span>
                <p className="break-words text-muted-foreground text-sm">
                  {data.auth_magic_link_enabled
                    ? `Sends a real sign-in link to your own address, ${user.email || 'which is missing'}.`
                    : 'Magic links are off, so a test link would be refused. Turn them on first.'}
                </p>
              </div>
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                onClick={sendTestLink}
                disabled={testLink.isPending}
                aria-busy={testLink.isPending}
              >
                {testLink.isPending ? (
                  <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                ) : (
                  <Mail aria-hidden="true" />
                )}
                Send Test Magic Link
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import {
  SSO_PROVIDER_CALLBACK_PATH,
  SSO_PROVIDER_TEXTS,
  type SsoProvider,
  saveSsoProviderInputSchema,
  TEXTS,
} from '@parley/contracts';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField, TextareaField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toastFailure } from '@/lib/toast-failure';
import { useRemoveSsoProvider, useSaveSsoProvider, useSsoProvider } from '../api/sso-provider';
import { type FieldErrors, type FieldName, fieldErrorsOf, parseDomainList } from '../sso-provider-fields';

/**
 * The organisation's OpenID Connect provider (docs/decisions/056-single-sign-on.md): the callback URL to
 * register at the provider, the settings (the client secret is write-only), Save and Remove.
 */
export function SsoProviderCard() {
  const id = useId();
  const provider = useSsoProvider();
  return (
    <Card aria-labelledby={`${id}-title`} data-testid="sso-provider-card">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" />
          {SSO_PROVIDER_TEXTS.title}
        </CardTitle>
        <CardDescription>{SSO_PROVIDER_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CallbackUrl id={`${id}-callback`} />
        {provider.isPending ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : provider.isError ? (
          <FormErrorAlert
            id={`${id}-load-error`}
            title={SSO_PROVIDER_TEXTS.loadFailed}
            description={
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void provider.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          // A saved provider replaces the form's state with what the server kept.
          <SsoProviderForm key={provider.data?.updated_at ?? 'new'} provider={provider.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CallbackUrl({ id }: { id: string }) {
  const url = `${window.location.origin}${SSO_PROVIDER_CALLBACK_PATH}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(SSO_PROVIDER_TEXTS.copied);
    } catch {
      toast.error(SSO_PROVIDER_TEXTS.copyFailed);
    }
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{SSO_PROVIDER_TEXTS.callbackLabel}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={url}
          readOnly
          aria-readonly="true"
          aria-describedby={`${id}-hint`}
          className="bg-muted/50 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          aria-label={SSO_PROVIDER_TEXTS.copyLabel}
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
          {SSO_PROVIDER_TEXTS.copy}
        </Button>
      </div>
      <div id={`${id}-hint`} className="grid gap-1 text-muted-foreground text-xs">
        <p>{SSO_PROVIDER_TEXTS.callbackHint}</p>
        <p>{SSO_PROVIDER_TEXTS.providerHint}</p>
      </div>
    </div>
  );
}

function SsoProviderForm({ provider }: { provider: SsoProvider | null }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(provider?.display_name ?? '');
  const [issuer, setIssuer] = useState(provider?.issuer ?? '');
  const [clientId, setClientId] = useState(provider?.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(provider?.allowed_domains.join('\n') ?? '');
  const [emailClaim, setEmailClaim] = useState(provider?.email_claim ?? 'email');
  const [isEnabled, setIsEnabled] = useState(provider?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  const save = useSaveSsoProvider();
  const remove = useRemoveSsoProvider();
  const hasSecret = provider?.has_client_secret ?? false;

  function clearError(name: FieldName) {
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const parsed = saveSsoProviderInputSchema.safeParse({
      display_name: displayName,
      issuer,
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      allowed_domains: parseDomainList(domains),
      email_claim: emailClaim.trim() || 'email',
      enabled: isEnabled,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fieldErrorsOf(fields));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(SSO_PROVIDER_TEXTS.saved),
      onError: (error) => {
        const fields = isApiError(error) ? fieldErrorsOf(error.fields) : {};
        setErrors(fields);
        const message = getErrorMessage(error, SSO_PROVIDER_TEXTS.saveFailed);
        // A failure no field explains (the network, a 500) is said under the form.
        if (Object.keys(fields).length === 0) setFormError(message);
        toastFailure(SSO_PROVIDER_TEXTS.saveFailed, error);
      },
    });
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setIsRemoveOpen(false);
        toast.success(SSO_PROVIDER_TEXTS.removed);
      },
      onError: (error) => {
        setIsRemoveOpen(false);
        toastFailure(SSO_PROVIDER_TEXTS.removeFailed, error);
      },
    });
  }

  const enabledId = `${id}-enabled`;
  return (
    <form
      className="grid gap-5"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={formError ? `${id}-error` : undefined}
    >
      {provider ? (
        <p className="text-muted-foreground text-sm">
          {SSO_PROVIDER_TEXTS.updatedAt(formatDateTime(provider.updated_at))}
        </p>
      ) : (
        <p
          className="rounded-md border border-dashed p-3 text-muted-foreground text-sm"
          data-testid="sso-empty"
        >
          {SSO_PROVIDER_TEXTS.empty}
        </p>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          id={`${id}-display-name`}
          label={SSO_PROVIDER_TEXTS.displayNameLabel}
          hint={SSO_PROVIDER_TEXTS.displayNameHint}
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            clearError('display_name');
          }}
          error={errors.display_name}
          maxLength={80}
          required
        />
        <FormField
          id={`${id}-issuer`}
          label={SSO_PROVIDER_TEXTS.issuerLabel}
          hint={SSO_PROVIDER_TEXTS.issuerHint}
          type="url"
          inputMode="url"
          placeholder="https://login.example.com"
          value={issuer}
          onChange={(event) => {
            setIssuer(event.target.value);
            clearError('issuer');
          }}
          error={errors.issuer}
          required
        />
        <FormField
          id={`${id}-client-id`}
          label={SSO_PROVIDER_TEXTS.clientIdLabel}
          value={clientId}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setClientId(event.target.value);
            clearError('client_id');
          }}
          error={errors.client_id}
          required
        />
        <div className="grid content-start gap-2">
          <FormField
            id={`${id}-client-secret`}
            label={SSO_PROVIDER_TEXTS.clientSecretLabel}
            hint={hasSecret ? SSO_PROVIDER_TEXTS.clientSecretSavedHint : SSO_PROVIDER_TEXTS.clientSecretHint}
            type="password"
            autoComplete="new-password"
            placeholder={hasSecret ? '••••••••' : undefined}
            value={clientSecret}
            onChange={(event) => {
              setClientSecret(event.target.value);
              clearError('client_secret');
            }}
            error={errors.client_secret}
            required={!hasSecret}
          />
          {hasSecret ? (
            <Badge variant="secondary" className="w-fit" data-testid="sso-secret-saved">
              {SSO_PROVIDER_TEXTS.secretSavedBadge}
            </Badge>
          ) : null}
        </div>
        <TextareaField
          id={`${id}-domains`}
          label={SSO_PROVIDER_TEXTS.domainsLabel}
          hint={SSO_PROVIDER_TEXTS.domainsHint}
          placeholder="example.com"
          rows={3}
          spellCheck={false}
          value={domains}
          onChange={(event) => {
            setDomains(event.target.value);
            clearError('allowed_domains');
          }}
          error={errors.allowed_domains}
          required
        />
        <FormField
          id={`${id}-email-claim`}
          label={SSO_PROVIDER_TEXTS.emailClaimLabel}
          hint={SSO_PROVIDER_TEXTS.emailClaimHint}
          value={emailClaim}
          spellCheck={false}
          onChange={(event) => {
            setEmailClaim(event.target.value);
            clearError('email_claim');
          }}
          error={errors.email_claim}
        />
      </div>
      <div className="flex items-start justify-between gap-4 rounded-md border p-3">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={enabledId}>{SSO_PROVIDER_TEXTS.enabledLabel}</Label>
          <p id={`${enabledId}-description`} className="text-muted-foreground text-sm">
            {SSO_PROVIDER_TEXTS.enabledHint}
          </p>
        </div>
        <Switch
          id={enabledId}
          className="mt-0.5 shrink-0"
          checked={isEnabled}
          aria-describedby={`${enabledId}-description`}
          onCheckedChange={setIsEnabled}
        />
      </div>
      {formError ? <FormErrorAlert id={`${id}-error`} description={formError} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {provider ? (
          <ConfirmDialog
            open={isRemoveOpen}
            onOpenChange={setIsRemoveOpen}
            trigger={
              <Button type="button" variant="outline" className="text-destructive">
                <Trash2 aria-hidden="true" />
                {SSO_PROVIDER_TEXTS.remove}
              </Button>
            }
            title={SSO_PROVIDER_TEXTS.removeTitle}
            description={SSO_PROVIDER_TEXTS.removeBody}
            confirmLabel={SSO_PROVIDER_TEXTS.removeConfirm}
            isDestructive
            isPending={remove.isPending}
            onConfirm={onRemove}
          />
        ) : (
          <span />
        )}
        <PendingButton type="submit" isPending={save.isPending}>
          {SSO_PROVIDER_TEXTS.save}
        </PendingButton>
      </div>
    </form>
  );
}

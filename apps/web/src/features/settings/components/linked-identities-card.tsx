import { LINKED_IDENTITIES_TEXTS, type LinkedIdentity, SSO_TEXTS, ssoErrorText } from '@parley/contracts';
import { CircleCheck, Link2, Unlink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLinkedIdentities, useStartIdentityLink, useUnlinkIdentity } from '../api/linked-identities';
import { LoadFailedAlert } from './load-failed-alert';

type Outcome = { kind: 'linked' } | { kind: 'error'; message: string };

/**
 * What the provider's redirect back to /settings says (`?sso_linked=1` or `?sso_error=<code>`), read
 * once; the parameters then leave the address so a reload does not say it again.
 */
function useLinkOutcome(): Outcome | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome] = useState<Outcome | null>(() => {
    const error = searchParams.get('sso_error');
    if (error) return { kind: 'error', message: ssoErrorText(error) };
    return searchParams.get('sso_linked') === '1' ? { kind: 'linked' } : null;
  });
  const hasParams = searchParams.has('sso_error') || searchParams.has('sso_linked');
  useEffect(() => {
    if (!hasParams) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sso_error');
        next.delete('sso_linked');
        return next;
      },
      { replace: true },
    );
  }, [hasParams, setSearchParams]);
  return outcome;
}

/** The provider as people know it: its host (login.example.com), the full issuer on hover. */
function issuerLabel(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

/**
 * docs/decisions/056-single-sign-on.md: one's identities at the organisation's OpenID Connect provider,
 * linking another (a full-page trip to the provider) and unlinking one, never the last way to sign in.
 */
export function LinkedIdentitiesCard() {
  const id = useId();
  const identities = useLinkedIdentities();
  const startLink = useStartIdentityLink();
  const unlink = useUnlinkIdentity();
  const outcome = useLinkOutcome();
  const cardRef = useRef<HTMLDivElement>(null);
  const [hasNoProvider, setHasNoProvider] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [toUnlink, setToUnlink] = useState<LinkedIdentity | null>(null);
  const items = identities.data?.items ?? [];
  // Known from the list, or learnt from a link refused because the provider went meanwhile.
  const noProvider = hasNoProvider || identities.data?.provider === null;

  // Back from the provider: the card is far down the page, so it comes into view.
  useEffect(() => {
    if (outcome) cardRef.current?.scrollIntoView({ block: 'center' });
  }, [outcome]);

  function onLink() {
    setFailure(null);
    startLink.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        if (isApiError(error) && error.status === 404) {
          setHasNoProvider(true);
          return;
        }
        const message = getErrorMessage(error, LINKED_IDENTITIES_TEXTS.linkFailed);
        setFailure(message);
        toast.error(LINKED_IDENTITIES_TEXTS.linkFailed, { description: message });
      },
    });
  }

  function onUnlink() {
    if (!toUnlink) return;
    setFailure(null);
    unlink.mutate(toUnlink.id, {
      onSuccess: () => toast.success(LINKED_IDENTITIES_TEXTS.unlinked),
      onError: (error) => {
        const message = getErrorMessage(error, LINKED_IDENTITIES_TEXTS.unlinkFailed);
        setFailure(message);
        toast.error(LINKED_IDENTITIES_TEXTS.unlinkFailed, { description: message });
      },
      onSettled: () => setToUnlink(null),
    });
  }

  return (
    <Card ref={cardRef} aria-labelledby={`${id}-title`} data-testid="linked-identities-card">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
            <Link2 className="size-5" aria-hidden="true" />
            {LINKED_IDENTITIES_TEXTS.title}
          </CardTitle>
          <CardDescription>{LINKED_IDENTITIES_TEXTS.description}</CardDescription>
        </div>
        {noProvider || !identities.data ? null : (
          <PendingButton
            variant="outline"
            className="w-full sm:w-auto"
            onClick={onLink}
            isPending={startLink.isPending || startLink.isSuccess}
            icon={<Link2 aria-hidden="true" />}
          >
            {LINKED_IDENTITIES_TEXTS.link}
          </PendingButton>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {outcome?.kind === 'linked' ? (
          <Alert role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>{LINKED_IDENTITIES_TEXTS.linked}</AlertDescription>
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? (
          <FormErrorAlert id={`${id}-outcome`} description={outcome.message} />
        ) : null}
        {failure ? <FormErrorAlert id={`${id}-failure`} description={failure} /> : null}
        {noProvider ? (
          <Alert variant="info">
            <AlertDescription>{SSO_TEXTS.noProvider}</AlertDescription>
          </Alert>
        ) : null}

        {identities.isPending ? <Spinner label="Loading your linked identities..." className="py-4" /> : null}
        {identities.isError ? (
          <LoadFailedAlert
            title={LINKED_IDENTITIES_TEXTS.loadFailed}
            onRetry={() => void identities.refetch()}
          />
        ) : null}
        {identities.data && items.length === 0 && !noProvider ? (
          <p className="text-muted-foreground text-sm" data-testid="linked-identities-empty">
            {LINKED_IDENTITIES_TEXTS.empty}
          </p>
        ) : null}
        {items.length > 0 ? (
          <div className="overflow-x-auto">
            <Table stacked>
              <TableHeader>
                <TableRow>
                  <TableHead>{LINKED_IDENTITIES_TEXTS.issuer}</TableHead>
                  <TableHead>{LINKED_IDENTITIES_TEXTS.email}</TableHead>
                  <TableHead>{LINKED_IDENTITIES_TEXTS.linkedAt}</TableHead>
                  <TableHead>{LINKED_IDENTITIES_TEXTS.lastUsed}</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((identity) => (
                  <TableRow key={identity.id} data-testid="linked-identity">
                    <TableCell>
                      <span title={identity.issuer} className="break-all">
                        {issuerLabel(identity.issuer)}
                      </span>
                    </TableCell>
                    <TableCell label={LINKED_IDENTITIES_TEXTS.email} className="break-all">
                      {identity.email}
                    </TableCell>
                    <TableCell label={LINKED_IDENTITIES_TEXTS.linkedAt}>
                      {formatDateTime(identity.created_at)}
                    </TableCell>
                    <TableCell label={LINKED_IDENTITIES_TEXTS.lastUsed}>
                      {identity.last_used_at
                        ? formatDateTime(identity.last_used_at)
                        : LINKED_IDENTITIES_TEXTS.never}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={unlink.isPending}
                        onClick={() => setToUnlink(identity)}
                      >
                        <Unlink aria-hidden="true" />
                        {LINKED_IDENTITIES_TEXTS.unlink}
                        <span className="sr-only"> {identity.email}</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={toUnlink !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToUnlink(null);
        }}
        title={LINKED_IDENTITIES_TEXTS.unlinkTitle}
        description={LINKED_IDENTITIES_TEXTS.unlinkBody(toUnlink?.email ?? '')}
        confirmLabel={LINKED_IDENTITIES_TEXTS.unlinkConfirm}
        isDestructive
        isPending={unlink.isPending}
        onConfirm={onUnlink}
      />
    </Card>
  );
}

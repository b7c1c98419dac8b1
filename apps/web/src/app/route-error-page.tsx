import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { NewVersionOffer } from '@/components/new-version-offer';
import { PublicShell } from '@/components/public-shell';
import { Button } from '@/components/ui/button';
import { useAppVersion } from '@/lib/app-version';

/**
 * A render error, or a page chunk that failed to load (after a deploy, or offline). A reload
 * fetches the current build; nothing internal is shown. Inside the app layout it keeps the
 * sidebar (`isInLayout`), so the user can still go elsewhere. When a newer build has been deployed (a page's
 * code is gone after a deploy: router.tsx asks), it offers that instead
 * (docs/decisions/047-build-id-and-new-version-offer.md).
 */
export function RouteErrorPage({ isInLayout = false }: { isInLayout?: boolean }) {
  const error = useRouteError();
  const { isAvailable: isNewVersion } = useAppVersion();
  if (import.meta.env.DEV) console.error(error);
  const content = isNewVersion ? (
    <NewVersionOffer />
  ) : (
    <div role="alert" className="mx-auto flex max-w-sm flex-col items-center gap-4 py-16 text-center">
      <TriangleAlert className="size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-2xl">Something went wrong</h1>
      <p className="text-muted-foreground text-sm">This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
  return isInLayout ? content : <PublicShell>{content}</PublicShell>;
}

import { PRODUCT_NAME } from '@parley/contracts';
import { Button } from '@/components/ui/button';
import { useAppVersion, useInlineVersionOffer } from '@/lib/app-version';

const OFFER_TEXT = `A new version of ${PRODUCT_NAME} is available.`;

function ReloadButton() {
  return (
    <Button size="sm" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
}

/**
 * A polite, non-blocking banner once a newer build is deployed (docs/decisions/047-build-id-and-new-version-offer.md):
 * the tab keeps working on what it has, and the reader reloads when it suits them. The live region is always
 * there, so screen readers announce the text when it appears.
 */
export function NewVersionBanner() {
  const { isAvailable, inlineOffers } = useAppVersion();
  const isShown = isAvailable && inlineOffers === 0;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4">
      {isShown ? (
        <div className="pointer-events-auto flex flex-wrap items-center gap-3 rounded-lg border bg-popover px-4 py-2 text-popover-foreground text-sm shadow-lg">
          <span>{OFFER_TEXT}</span>
          <ReloadButton />
        </div>
      ) : null}
    </div>
  );
}

/** The same offer in place of a page whose code could not load because a deploy replaced it. */
export function NewVersionOffer() {
  useInlineVersionOffer();
  return (
    <div role="status" className="mx-auto flex max-w-sm flex-col items-center gap-4 py-16 text-center">
      <p className="font-medium">{OFFER_TEXT}</p>
      <ReloadButton />
    </div>
  );
}

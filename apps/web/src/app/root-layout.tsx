import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { NewVersionBanner } from '@/components/new-version-offer';
import { findRouteTitle, formatDocumentTitle } from '@/lib/document-title';

/** Above every route: the browser tab's title ('<Page> · Parley'), scroll restoration, a
 * thin bar while the next page's code loads, and the offer to reload into a newly deployed version. */
export function RootLayout() {
  const title = findRouteTitle(useMatches());
  const isNavigating = useNavigation().state !== 'idle';

  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);

  return (
    <>
      {isNavigating ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/15">
          <div className="h-full w-2/5 bg-primary motion-safe:animate-progress" />
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
      <NewVersionBanner />
    </>
  );
}

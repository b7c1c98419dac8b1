import { PRODUCT_NAME } from '@parley/contracts';

/** What a route declares in its `handle`: the title of the top bar and the browser tab. */
export type RouteHandle = { title: string };

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string' &&
    handle.title.length > 0
  );
}

/** The deepest route with a title names the page. */
export function findRouteTitle(matches: readonly { handle: unknown }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** '<Page> · Parley', or just the product name. */
export function formatDocumentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Whether this page is going away (a reload, a link out, the tab closing). The browser aborts requests
 * still in flight then, and an aborted request must not be read as the server refusing it: a
 * failure handler that signs the user out would otherwise sign them out on every reload.
 */
let isUnloading = false;

export function watchPageUnload(target: Pick<Window, 'addEventListener'> = window): void {
  const mark = () => {
    isUnloading = true;
  };
  target.addEventListener('beforeunload', mark);
  target.addEventListener('pagehide', mark);
  // Back from the back/forward cache: the same page lives on.
  target.addEventListener('pageshow', () => {
    isUnloading = false;
  });
}

export function isPageUnloading(): boolean {
  return isUnloading;
}

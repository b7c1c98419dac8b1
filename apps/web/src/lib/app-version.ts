import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a newer build of Parley than the one this tab runs has been deployed
 * (docs/decisions/047-build-id-and-new-version-offer.md). The build stamps its id in index.html; the server
 * names the id of the build it serves in `X-Parley-Build` on every answer, so the API calls the tab makes
 * anyway tell it, and a page whose code fails to load asks once.
 */
export const BUILD_HEADER = 'X-Parley-Build';

type State = {
  isAvailable: boolean;
  /** Pages that show the offer themselves (a page whose code could not load); the banner then stays away. */
  inlineOffers: number;
};

let state: State = { isAvailable: false, inlineOffers: 0 };
const listeners = new Set<() => void>();

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** The build id index.html was stamped with; null in development, where there is none. */
function loadedBuildId(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="parley-build"]')?.content || null;
}

/** A server build differs from the loaded one; an absent id on either side proves nothing. */
export function isOtherBuild(loaded: string | null, served: string | null): boolean {
  return Boolean(loaded && served && loaded !== served);
}

/** Records the build a server answer named; `loaded` is for tests. */
export function noteServedBuild(served: string | null, loaded: string | null = loadedBuildId()): void {
  if (!state.isAvailable && isOtherBuild(loaded, served)) update({ isAvailable: true });
}

/**
 * Asks the server which build it serves (index.html's headers, no body, nothing of the database): for a page
 * whose code failed to load, which a deploy explains when the build changed. Never throws.
 */
export async function checkServedBuild(): Promise<void> {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    noteServedBuild(response.headers.get(BUILD_HEADER));
  } catch {
    // Offline: the error page says what it can.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAppVersion(): State {
  return state;
}

export function useAppVersion(): State {
  return useSyncExternalStore(subscribe, getAppVersion, getAppVersion);
}

/** For a page that shows the offer itself, so the banner does not show it twice. */
export function useInlineVersionOffer(): void {
  useEffect(() => {
    update({ inlineOffers: state.inlineOffers + 1 });
    return () => update({ inlineOffers: state.inlineOffers - 1 });
  }, []);
}

/** Back to the first state (tests). */
export function resetAppVersion(): void {
  state = { isAvailable: false, inlineOffers: 0 };
}

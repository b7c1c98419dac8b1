/**
 * A value built on first use and shared after: for libraries an idle server should not hold in memory
 * (docs/decisions/045-compiled-server.md). A failed load is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

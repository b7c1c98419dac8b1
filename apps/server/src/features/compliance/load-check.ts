import type { check } from '@parley/guardrails';

let loading: Promise<typeof check> | null = null;

/**
 * The compliance checker's `check`, imported on its first use rather than at start: loading it builds
 * its sentence model, patterns and word lists, which were a large share of an idle server's memory
 * (docs/decisions/045-compiled-server.md). The first check after a start waits for the import.
 */
export function loadCheck(): Promise<typeof check> {
  loading ??= import('@parley/guardrails').then(
    (guardrails) => guardrails.check,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

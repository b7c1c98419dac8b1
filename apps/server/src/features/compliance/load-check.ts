import { loadOnce } from '../../lib/load-once';

/**
 * The compliance checker's `check`, imported on its first use rather than at start: loading it builds
 * its sentence model, patterns and word lists, which were a large share of an idle server's memory
 * (docs/decisions/045-compiled-server.md). The first check after a start waits for the import.
 */
export const loadCheck = loadOnce(async () => (await import('@parley/guardrails')).check);

import type { Logger } from '../../lib/logger';
import { createBuiltInDrafter } from './built-in-drafter';
import type { Drafter, DraftRequest, DraftResult } from './drafter';
import { DrafterFailure } from './drafter-failure';

/**
 * The one place a drafter's failure is logged and, when the organisation allows it, answered by the
 * built-in drafter instead (docs/decisions/025-honest-remote-drafter.md). The draft then says which
 * drafter failed and how, in its provenance.
 */
export async function draftWithFallback(
  deps: { drafter: Drafter; logger: Pick<Logger, 'warn'> },
  request: DraftRequest,
  options: {
    /** The organisation's drafter_fallback_enabled, read only when the drafter failed. */
    isFallbackEnabled: () => Promise<boolean>;
    /** Ids for the log line (the message); never the investor's text. */
    logFields: Record<string, string>;
  },
): Promise<DraftResult> {
  try {
    return await deps.drafter.draft(request);
  } catch (error) {
    if (!(error instanceof DrafterFailure)) throw error;
    const fallback = deps.drafter.name !== 'built-in' && (await options.isFallbackEnabled());
    // The cause for the operator: code, status, attempts, timing — no key, prompt or answer text.
    deps.logger.warn('drafter failed', {
      ...options.logFields,
      drafter: deps.drafter.name,
      code: error.code,
      ...error.diagnosis,
      fallback: fallback ? 'built-in' : 'none',
    });
    if (!fallback) throw error;
    const result = await createBuiltInDrafter().draft(request);
    return {
      ...result,
      provenance: { ...result.provenance, fallback_from: deps.drafter.name, fallback_error: error.code },
    };
  }
}

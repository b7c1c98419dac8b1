import { type DrafterFailureCode, type DrafterFailureFacts, drafterFailureMessage } from '@parley/contracts';
import { AppError } from '../../lib/errors';

/**
 * What the operator's log line says about a failure (docs/decisions/025-honest-remote-drafter.md): the
 * cause in a word or two, never the key, the prompt or the answer's text.
 */
export type DrafterFailureDiagnosis = {
  /** e.g. 'http 429', 'ECONNREFUSED', 'timeout', 'not json', 'citation [7] of 2 passages'. */
  cause: string;
  /** Requests sent, retries included (0 for a check of an answer that arrived). */
  attempts?: number;
  elapsedMs?: number;
  /** The service's own error code or type ('invalid_api_key'), when its error body had a short one. */
  serviceError?: string;
};

/** A drafter's failure: its own code and user text (contracts), and a diagnosis for the log. */
export class DrafterFailure extends AppError {
  override name = 'DrafterFailure';

  constructor(
    override readonly code: DrafterFailureCode,
    readonly diagnosis: DrafterFailureDiagnosis,
    facts: DrafterFailureFacts = {},
  ) {
    super(code, { message: drafterFailureMessage(code, facts) });
  }
}

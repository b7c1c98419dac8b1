/** A check's verdict in the email health report (docs/product.md, Email health statuses). */
export type CheckStatus = 'PASS' | 'WARN' | 'FAIL' | 'INFO' | 'SKIP';

/**
 * One row of the report's `checks[]`: `details` are the machine-readable facts, `summary` one plain
 * sentence for people.
 */
export type HealthCheck = {
  name: string;
  status: CheckStatus;
  details: Record<string, unknown>;
  summary: string;
};

/** What `settleWithin` answers when the time ran out. */
export const TIMED_OUT = Symbol('timed out');

/**
 * `work`'s result, or TIMED_OUT after `ms` (calling `onTimeout` so the caller can cancel what it
 * started): a check must answer within its time even when a library's own timeouts add up.
 */
export async function settleWithin<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => void,
): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      onTimeout();
      resolve(TIMED_OUT);
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

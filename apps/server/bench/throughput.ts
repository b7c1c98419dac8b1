/**
 * Throughput of the inbox under load (docs/benchmarks.md, 'Inbox'): autocannon drives the bench's own
 * server with 50 keep-alive connections for 10 s per case, and each inbox case is read as a share of
 * /api/health's requests per second, the cheapest request that still reaches the database.
 */
import autocannon from 'autocannon';

/** Enough concurrent clients to keep every connection of the app's pool busy. */
const CONNECTIONS = 50;
const DURATION_S = 10;
/** The goal: an inbox page serves at least 30% of what /api/health serves. */
const GOAL_SHARE = 0.3;

export type ThroughputCase = { label: string; path: string };
export type ThroughputRow = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** /api/health first, then each case in turn, one after the other (never two at once). */
export async function measureThroughput(input: {
  base: string;
  cookie: string;
  cases: ThroughputCase[];
}): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const c of [{ label: 'GET /api/health', path: '/api/health' }, ...input.cases]) {
    const result = await autocannon({
      url: `${input.base}${c.path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie: input.cookie },
      // The load generator in a thread of its own: on the server's event loop it would take its turns
      // from the requests it measures.
      workers: 1,
    });
    // The server is still answering the requests queued when the clients stopped; the next case
    // starts once they are done: this request waits behind them for the database.
    await fetch(`${input.base}/api/health`);
    rows.push({
      label: c.label,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  return rows;
}

/** The throughput table; returns whether every inbox case met the goal share of /api/health. */
export function printThroughput(kind: string, size: number, rows: ThroughputRow[]): boolean {
  const health = rows[0];
  if (!health) return false;
  console.log(
    `\n${kind}: throughput at ${size.toLocaleString('en')} messages, ${CONNECTIONS} connections, ${DURATION_S} s each (autocannon, latency in ms)`,
  );
  console.log(
    `${'case'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}  of health`,
  );
  let met = true;
  for (const r of rows) {
    const share = r.requestsPerSecond / Math.max(health.requestsPerSecond, 0.001);
    // Failed requests are cheap: a case that served errors has not met the goal however fast it was.
    const ok = share >= GOAL_SHARE && r.non2xx === 0 && r.errors === 0;
    const verdict = r === health ? '' : `  goal ≥ ${GOAL_SHARE * 100}%: ${mark(ok)}`;
    if (r !== health && !ok) met = false;
    console.log(
      `${r.label.padEnd(38)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(6)} ${String(r.p99).padStart(6)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}  ${(share * 100).toFixed(0).padStart(4)}%${verdict}`,
    );
  }
  return met;
}

export const THROUGHPUT_GOAL = `inbox pages ≥ ${GOAL_SHARE * 100}% of /api/health's requests/s (${CONNECTIONS} connections)`;

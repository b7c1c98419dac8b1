import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../lib/logger';
import { scheduleJobs } from './runner';

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

describe('scheduleJobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job again after its interval, logs a failure and keeps going, and stops', async () => {
    const logger = fakeLogger();
    let calls = 0;
    const run = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('SMTP is down');
    });
    // random() = 0.5: no jitter, the first run after half of min(interval, 30 s).
    const stop = scheduleJobs([{ name: 'retry', intervalMs: 60_000, run }], { logger, random: () => 0.5 });

    await vi.advanceTimersByTimeAsync(22_499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith('job failed', { job: 'retry', error: 'SMTP is down' });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);

    await stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never overlaps runs of a job, and stop() aborts and waits for the run under way', async () => {
    const logger = fakeLogger();
    let finish: () => void = () => {};
    let seen: AbortSignal | undefined;
    const run = vi.fn(
      (signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          seen = signal;
          finish = resolve;
        }),
    );
    const stop = scheduleJobs([{ name: 'slow', intervalMs: 1000, run }], { logger, random: () => 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen?.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type LockEnvironment } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-lock-'));
  dirs.push(dir);
  return dir;
}

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function environment(overrides: Partial<LockEnvironment> = {}): LockEnvironment & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    pid: process.pid,
    host: 'this-host',
    now: () => new Date('2026-11-29T04:00:00Z'),
    isAlive: (pid) => pid === process.pid,
    warn: (message) => warnings.push(message),
    warnings,
    ...overrides,
  };
}

describe('the data directory lock', () => {
  it('refuses a second holder while the first is alive, naming its pid and start', () => {
    const dir = freshDir();
    const first = acquireDataDirLock(dir, environment());
    const second = () => acquireDataDirLock(dir, environment({ pid: 4242 }));
    expect(second).toThrow(DataDirLockedError);
    expect(second).toThrow(
      `Parley is already running on ${dir} (pid ${process.pid}, since 2026-11-29T04:00:00.000Z). Stop it first, then run this again.`,
    );
    first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir, environment({ pid: 4242 })).release();
  });

  it('writes the pid, host and start time into the lock file', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, environment());
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({
      pid: process.pid,
      host: 'this-host',
      startedAt: '2026-11-29T04:00:00.000Z',
    });
    lock.release();
  });

  it('takes over the lock of a dead process on the same host, with a warning', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid, host: 'this-host', startedAt: '2026-11-28T00:00:00.000Z' }),
    );
    const env = environment({ isAlive: (p) => p !== pid && p === process.pid });
    const lock = acquireDataDirLock(dir, env);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    expect(env.warnings).toEqual([expect.stringContaining(`pid ${pid}`)]);
    lock.release();
  });

  it('sees a real dead pid as gone with the default liveness check', async () => {
    const { processLockEnvironment } = await import('./data-dir-lock');
    expect(processLockEnvironment.isAlive(deadPid())).toBe(false);
    expect(processLockEnvironment.isAlive(process.pid)).toBe(true);
  });

  it('never takes over a lock held on another host', () => {
    const dir = freshDir();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 1, host: 'other-host', startedAt: '2026-11-28T00:00:00.000Z' }),
    );
    expect(() => acquireDataDirLock(dir, environment())).toThrow(/pid 1 on host other-host.*delete/s);
  });

  it('release leaves alone a lock that another process has since taken', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, environment());
    writeFileSync(lock.file, JSON.stringify({ pid: 99, host: 'this-host', startedAt: 'later' }));
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});

import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { constants, hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open an embedded database: PGlite keeps the database in memory and
 * writes it back over whatever another process wrote meanwhile (docs/operations.md, The data
 * directory lock).
 */
export const LOCK_FILE = 'parley.lock';

export type LockHolder = { pid: number; host: string; startedAt: string };

export type DataDirLock = {
  file: string;
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
};

/** Another live process holds the directory (or one on another host, whose liveness we cannot see). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly file: string,
    isSameHost: boolean,
  ) {
    super(
      isSameHost
        ? `Parley is already running on ${dataDir} (pid ${holder.pid}, since ${holder.startedAt}). Stop it first, then run this again.`
        : `Parley is already running on ${dataDir} (pid ${holder.pid} on host ${holder.host}, since ${holder.startedAt}). Stop it first, then run this again. If that process is gone, delete ${file}.`,
    );
  }
}

export type LockEnvironment = {
  pid: number;
  host: string;
  now: () => Date;
  /** Whether a process with this pid exists on this host. */
  isAlive: (pid: number) => boolean;
  warn: (message: string) => void;
};

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const processLockEnvironment: LockEnvironment = {
  pid: process.pid,
  host: hostname(),
  now: () => new Date(),
  isAlive: isProcessAlive,
  warn: (message) => process.stderr.write(`${message}\n`),
};

function readHolder(file: string): { text: string; holder: LockHolder } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string') {
      return { text, holder: { pid: value.pid, host: value.host, startedAt: String(value.startedAt) } };
    }
  } catch {
    // A lock cut short by a crash while it was written: treated as held by no one alive.
  }
  return { text, holder: { pid: 0, host: '', startedAt: 'unknown' } };
}

/** Creates the lock file only if none exists: the kernel decides between two racing processes. */
function createExclusive(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock aside, then checks that what it moved is the stale lock it read: a process
 * that took the lock over in between must keep its own.
 */
function removeStale(file: string, staleText: string, env: LockEnvironment): void {
  const aside = `${file}.stale-${env.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') === staleText) {
    unlinkSync(aside);
    return;
  }
  // Put back the fresh lock we moved by mistake (only if no other has appeared meanwhile).
  try {
    createExclusive(file, JSON.parse(readFileSync(aside, 'utf8')) as LockHolder);
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes DATA_DIR's lock or throws DataDirLockedError. A lock left by a dead process of this host is
 * taken over with a warning; one held by another host is never taken over, since we cannot see its
 * processes.
 */
export function acquireDataDirLock(
  dataDir: string,
  env: LockEnvironment = processLockEnvironment,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = { pid: env.pid, host: env.host, startedAt: env.now().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (createExclusive(file, holder)) {
      const mine = `${JSON.stringify(holder)}\n`;
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readHolder(file)?.text === mine) unlinkSync(file);
        },
      };
    }
    const current = readHolder(file);
    if (!current) continue;
    const { holder: other } = current;
    const isStale = other.pid === 0 || (other.host === env.host && !env.isAlive(other.pid));
    if (!isStale) throw new DataDirLockedError(dataDir, other, file, other.host === env.host);
    env.warn(
      other.pid === 0
        ? `Taking over an unreadable lock in ${dataDir} (${file}).`
        : `Taking over the lock of a process that is gone (pid ${other.pid}, since ${other.startedAt}) in ${dataDir}; it did not shut down cleanly.`,
    );
    removeStale(file, current.text, env);
  }
  const last = readHolder(file)?.holder ?? { pid: 0, host: '', startedAt: 'unknown' };
  throw new DataDirLockedError(dataDir, last, file, last.host === env.host);
}

/**
 * Releases the lock on exit. A signal with no other handler would end the process without an 'exit'
 * event, so then this handler releases and exits as the signal would have; when the process has its own handler (the
 * server's graceful shutdown) that handler closes the database, which releases the lock.
 */
export function releaseOnExit(lock: DataDirLock): () => void {
  const onExit = () => lock.release();
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    lock.release();
    // The status a shell gives a process ended by the signal (130 for SIGINT, 143 for SIGTERM).
    process.exit(128 + constants.signals[signal]);
  };
  process.on('exit', onExit);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.removeListener('exit', onExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}

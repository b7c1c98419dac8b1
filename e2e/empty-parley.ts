import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type EmptyParley = {
  /** The first-start setup link the server prints. */
  setupLink: Promise<string>;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
};

/**
 * A Parley of a spec's own, on an empty embedded database in a fresh data directory: the compiled
 * server, which e2e/start-server.sh built before the suite started. No other spec shares its users.
 */
export function startEmptyParley(input: { port: number; origin: string; name: string }): EmptyParley {
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-e2e-${input.name}-`));
  const server = spawn('node', ['apps/server/dist/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(input.port),
      APP_ORIGIN: input.origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const setupLink = new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/\S+\/setup\?token=\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before printing the link:\n${output}`)),
    );
  });
  async function stop() {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { setupLink, stop };
}

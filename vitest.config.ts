import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverDbTests = ['apps/server/src/**/*.db.test.ts'];
const serverDb = (name: 'pglite' | 'postgres') => ({
  test: {
    name: `server-db-${name}`,
    include: serverDbTests,
    env: { TEST_DB: name },
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // A wait, not a measure: a test that signs in every role (a password hash each) took over 30 s on a
    // loaded 2-core machine. Speed is measured in `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each PGlite file has a database of its own, so two run side by side (with the unit tests); the
    // PostgreSQL files share one database (jobs there read every organisation's rows), so they run one
    // at a time, after them.
    maxWorkers: name === 'pglite' ? 2 : 1,
    sequence: { groupOrder: name === 'pglite' ? 0 : 1 },
  },
});

/**
 * Unit tests once; API and database tests on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: [...serverDbTests, '**/node_modules/**'],
          setupFiles: ['test/fail-on-console-error.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
        // The web app's own import alias (apps/web/vite.config.ts), so its api/ modules can be tested.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
      },
      serverDb('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverDb('postgres')] : []),
    ],
  },
});

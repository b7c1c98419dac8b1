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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Unit tests once; API and database tests on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: [...serverDbTests, '**/node_modules/**'],
          setupFiles: ['test/fail-on-console-error.ts'],
        },
        // The web app's own import alias (apps/web/vite.config.ts), so its api/ modules can be tested.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
      },
      serverDb('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverDb('postgres')] : []),
    ],
  },
});

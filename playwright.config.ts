import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, INBOUND_SMTP_PORT, MAIL_API_PORT, SMTP_PORT } from './e2e/mail-sink-ports';
import { E2E_WEBHOOK_SECRET } from './e2e/webhook-secret';

/**
 * A port of its own (e2e/mail-sink-ports.ts) and a throw-away data dir, so the suite never touches a
 * developer's Parley; with E2E_PORT_BASE the data dir and results move too, so two runs side by side in
 * one checkout do not wipe each other's database.
 */
export { E2E_PORT };

const runSuffix = process.env.E2E_PORT_BASE ? `-${process.env.E2E_PORT_BASE}` : '';
export const E2E_DATA_DIR = `.tmp/e2e-data${runSuffix}`;
/** The domain of the organisations' inbound addresses (`ir+{slug}@…`) on the suite's server. */
export const E2E_INBOUND_DOMAIN = 'in.parley.test';
const origin = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `.tmp/playwright${runSuffix}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous waits, never timing assertions: the suite must pass on a busy 2-core machine, where a
  // sign-in and a first render can take several seconds.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx e2e/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_API_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'bash e2e/start-server.sh',
      url: `${origin}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        APP_ORIGIN: origin,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Parley <no-reply@parley.test>',
        EMAIL_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        // e2e/sso.spec.ts's OpenID Connect provider runs on loopback over plain http.
        SSO_ALLOW_INSECURE_ISSUER: 'true',
        // Investors' answers come back by SMTP on loopback (e2e/inbound-email.spec.ts, decision 058).
        INBOUND_EMAIL_DOMAIN: E2E_INBOUND_DOMAIN,
        INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
        INBOUND_SMTP_HOST: '127.0.0.1',
      },
    },
  ],
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERRORS, PASSKEY_TEXTS } from '@parley/contracts';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { enrolThroughDialog, verifyThroughDialog } from './fixtures';

/**
 * Passkeys (docs/decisions/057-passkeys.md) through the real UI with Chromium's virtual authenticator.
 * WebAuthn refuses an IP address as relying party, and the suite's server lives at 127.0.0.1, so this
 * journey runs a Parley of its own at http://localhost, on an empty database whose first admin is
 * made with the setup link: no other spec shares this user.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3196) + 4;
const ORIGIN = `http://localhost:${PORT}`;
const ADMIN = 'pat@passkeys.example';
const PASSWORD = 'a long enough passphrase';

function startParley(dataDir: string): { server: ChildProcess; setupLink: Promise<string> } {
  // The compiled server, which e2e/start-server.sh built before the suite started.
  const server = spawn('node', ['apps/server/dist/main.mjs'], {
    env: { ...process.env, PORT: String(PORT), APP_ORIGIN: ORIGIN, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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
  return { server, setupLink };
}

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  mkdirSync('/tmp/shots', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/shots/passkeys-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A platform authenticator that verifies the user, as a laptop's fingerprint reader does. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function signInWithPassword(page: Page) {
  await page.goto(`${ORIGIN}/auth`);
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  return dialog;
}

test.describe
  .serial('passkeys', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-passkeys-'));
    let started: ReturnType<typeof startParley>;
    test.beforeAll(() => {
      started = startParley(dataDir);
    });
    test.afterAll(async () => {
      const { server } = started;
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('a passkey added in Settings finishes sign-in after the password; a copied one is refused; it can be removed', async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      let authenticatorId = await addAuthenticator(cdp);

      // The first admin, made with the setup link, owes MFA enrolment: a passkey is offered beside the app.
      await page.goto(await started.setupLink);
      await page.getByLabel('Organisation name').fill('Passkey Capital');
      await page.getByLabel('Your name').fill('Pat Passkey');
      await page.getByLabel('Email').fill(ADMIN);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create organisation' }).click();
      const enrolment = page.getByRole('dialog');
      await expect(enrolment.getByTestId('mfa-secret')).toBeVisible();
      await expect(enrolment.getByRole('button', { name: PASSKEY_TEXTS.enrolWithPasskey })).toBeVisible();
      await shoot(page, 'gate-enrol');
      await enrolThroughDialog(page, ADMIN);
      await expect(page.getByTestId('user-name')).toHaveText('Pat Passkey');

      // Settings: add a passkey (the enrolment's code is recent, so no step-up is asked).
      await page.goto(`${ORIGIN}/settings`);
      await expect(page.getByText(PASSKEY_TEXTS.none)).toBeVisible();
      await page.getByRole('button', { name: PASSKEY_TEXTS.add }).click();
      const addDialog = page.getByRole('dialog');
      await addDialog.getByLabel(PASSKEY_TEXTS.nameLabel).fill('Work laptop');
      await addDialog.getByRole('button', { name: PASSKEY_TEXTS.add }).click();
      await expect(page.getByTestId('passkey-row')).toHaveCount(1);
      await expect(page.getByTestId('passkey-row')).toContainText('Work laptop');
      await expect(page.getByTestId('passkey-row')).toContainText(PASSKEY_TEXTS.neverUsed);
      await shoot(page, 'settings');

      // Sign out, then the password and the passkey.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      const verify = await signInWithPassword(page);
      await expect(verify.getByRole('button', { name: PASSKEY_TEXTS.usePasskey })).toBeVisible();
      await shoot(page, 'gate-verify');
      await verify.getByRole('button', { name: PASSKEY_TEXTS.usePasskey }).click();
      await expect(page.getByTestId('page-title')).toBeVisible();

      // A copy of the key on another authenticator, with a counter behind the real one's: refused.
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      const [credential] = credentials;
      if (!credential) throw new Error('the virtual authenticator holds no passkey');
      expect(credential.signCount).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      authenticatorId = await addAuthenticator(cdp);
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { ...credential, signCount: 0 },
      });
      const again = await signInWithPassword(page);
      await again.getByRole('button', { name: PASSKEY_TEXTS.usePasskey }).click();
      await expect(again.getByTestId('passkey-error')).toHaveText(ERRORS.PASSKEY_CLONE_SUSPECTED.message);

      // The authenticator app still works; then the passkey is removed in Settings.
      await verifyThroughDialog(page, ADMIN);
      await expect(page.getByTestId('page-title')).toBeVisible();
      await page.goto(`${ORIGIN}/settings`);
      await page.getByRole('button', { name: `${PASSKEY_TEXTS.remove} Work laptop` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: PASSKEY_TEXTS.remove }).click();
      await expect(page.getByText(PASSKEY_TEXTS.none)).toBeVisible();
      await expect(page.getByTestId('passkey-row')).toHaveCount(0);
    });
  });

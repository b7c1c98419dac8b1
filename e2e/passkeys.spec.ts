import { mkdirSync } from 'node:fs';
import { ERRORS, PASSKEY_TEXTS } from '@parley/contracts';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { type EmptyParley, startEmptyParley } from './empty-parley';
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
    let started: EmptyParley;
    test.beforeAll(() => {
      started = startEmptyParley({ port: PORT, origin: ORIGIN, name: 'passkeys' });
    });
    test.afterAll(() => started.stop());

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

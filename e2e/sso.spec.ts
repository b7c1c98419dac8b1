/// <reference path="../apps/server/test/oidc-provider-module.d.ts" />
import { expect, type Locator, type Page, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/oidc-provider';
import { E2E_PORT } from '../playwright.config';
import { seriousAccessibilityViolations, signInAs } from './fixtures';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const PROVIDER_NAME = 'Northwind ID';

/** The page (or one card of it) in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, target: Page | Locator, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const path = `/tmp/shots/sso-${name}-${scheme}.png`;
    // A whole page from its top: the sticky top bar would cover part of a card scrolled to the top.
    if (target === page) await page.evaluate(() => window.scrollTo(0, 0));
    await (target === page ? page.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Removes the demo organisation's provider, whatever the journey left: other specs share the demo users. */
async function removeProvider(page: Page) {
  const res = await page.request.fetch('/api/security/sso', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    data: {},
  });
  expect([204, 404]).toContain(res.status());
}

/**
 * Single sign-on through a real OpenID Connect provider (oidc-provider on loopback; its login signs in
 * the account the test chooses): the admin sets the provider up in Security Settings, an invited member
 * at the allowed domain signs in with it and lands in the inbox, a stranger at that domain is refused as
 * invite-only, and the member sees, unlinks (refused: it is their only way in) and links the identity
 * in Settings. The provider is removed at the end, through the UI.
 */
test('a member signs in with the organisation’s OpenID Connect provider', async ({ browser }) => {
  test.setTimeout(240_000);
  // A domain of this run only: no other spec's addresses see the button.
  const domain = `sso${Date.now().toString(36)}.example`;
  const memberEmail = `member@${domain}`;
  let provider: TestOidcProvider | null = null;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    provider = await startOidcProvider({ redirectUri: `${ORIGIN}/api/auth/sso/callback` });
    provider.setAccount('member-subject', { email: memberEmail, email_verified: true, name: 'Mira Member' });
    provider.setAccount('stranger-subject', {
      email: `stranger@${domain}`,
      email_verified: true,
      name: 'Sam Stranger',
    });

    // The admin configures the provider in Security Settings.
    await signInAs(admin, 'admin');
    await admin.goto('/admin/security');
    const card = admin.getByTestId('sso-provider-card');
    await expect(card.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
    await expect(card.getByLabel('Redirect (callback) URL')).toHaveValue(`${ORIGIN}/api/auth/sso/callback`);
    await expect(card.getByTestId('sso-empty')).toBeVisible();
    // The form says what is missing before asking the server.
    await card.getByRole('button', { name: 'Save provider' }).click();
    await expect(card.getByText('Enter the name shown on the sign-in button')).toBeVisible();
    await card.getByLabel('Name on the sign-in button').fill(PROVIDER_NAME);
    await card.getByLabel('Issuer URL').fill(provider.issuer);
    await card.getByLabel('Client ID').fill(provider.clientId);
    await card.getByLabel('Client secret').fill(provider.clientSecret);
    await card.getByLabel('Allowed e-mail domains').fill(`${domain}, Not A Domain`);
    await card.getByRole('button', { name: 'Save provider' }).click();
    await expect(card.getByText('Enter domains such as example.com, in lower case.')).toBeVisible();
    await card.getByLabel('Allowed e-mail domains').fill(domain);
    // The server checks the issuer by discovery: a URL that is no provider is refused under its field.
    await card.getByLabel('Issuer URL').fill(`${provider.issuer}/not-a-provider`);
    await card.getByRole('button', { name: 'Save provider' }).click();
    await expect(
      card.getByText(
        'The provider could not be reached at this issuer, or it is not an OpenID Connect provider.',
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await expect(card.getByLabel('Issuer URL')).toHaveAttribute('aria-invalid', 'true');
    await card.getByLabel('Issuer URL').fill(provider.issuer);
    await card.getByRole('button', { name: 'Save provider' }).click();
    await expect(admin.getByText('Single sign-on provider saved')).toBeVisible();
    await expect(card.getByTestId('sso-secret-saved')).toHaveText('saved');
    await expect(card.getByLabel('Client secret')).toHaveValue('');
    await expect(card.getByLabel('Allowed e-mail domains')).toHaveValue(domain);

    // A member at the domain is invited (the API the Invite Users page uses).
    const invited = await admin.request.post('/api/invitations', {
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      data: { email: memberEmail, role: 'ir_associate' },
    });
    expect(invited.status()).toBe(201);

    // The member signs in with the provider: the button appears for the address's domain.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    // A refused sign-in comes back with its reason; a code the page does not know gets a generic text.
    await member.goto('/auth?sso_error=domain');
    await expect(
      member
        .getByRole('alert')
        .filter({ hasText: 'Your e-mail domain is not allowed to sign in with this provider.' }),
    ).toBeVisible();
    await member.goto('/auth?sso_error=something_new');
    await expect(
      member.getByRole('alert').filter({ hasText: 'Single sign-on did not go through.' }),
    ).toBeVisible();
    await member.goto('/auth');
    await member.getByLabel('Email').fill('someone@elsewhere.example');
    await member.getByLabel('Email').fill(memberEmail);
    const ssoButton = member.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` });
    await expect(ssoButton).toBeVisible();
    expect(await seriousAccessibilityViolations(member)).toEqual([]);
    await shoot(member, member, 'sign-in-button');
    provider.loginAs('member-subject');
    await ssoButton.click();
    await expect(member).toHaveURL(/\/inbox$/, { timeout: 30_000 });
    await expect(member.getByTestId('page-title')).toHaveText('Investor Inbox');

    // A stranger at the allowed domain has no invitation: invite-only.
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await stranger.goto('/auth');
    await stranger.getByLabel('Email').fill(`stranger@${domain}`);
    provider.loginAs('stranger-subject');
    await stranger.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await expect(stranger).toHaveURL(/\/auth\?sso_error=not_invited$/, { timeout: 30_000 });
    await expect(
      stranger.getByRole('alert').filter({ hasText: 'Invite-only access. Contact an admin.' }),
    ).toBeVisible();
    await shoot(stranger, stranger, 'sign-in-error');
    await strangerContext.close();

    // In Settings the member sees the identity the sign-in linked; it is their only way in.
    await member.goto('/settings');
    const identities = member.getByTestId('linked-identities-card');
    const row = identities.getByTestId('linked-identity');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(memberEmail);
    await expect(row).toContainText(new URL(provider.issuer).host);
    await row.getByRole('button', { name: /Unlink/ }).click();
    await member.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await expect(
      identities.getByText(
        'This is your only way to sign in: set a password or link another identity before unlinking it.',
      ),
    ).toBeVisible();
    await expect(row).toHaveCount(1);

    // Linking goes to the provider and back: the same identity, confirmed.
    await identities.getByRole('button', { name: 'Link identity' }).click();
    // Back from the provider at /settings?sso_linked=1, which the page then takes off the address.
    await expect(identities.getByText('Identity linked.', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(member).toHaveURL(/\/settings$/);
    await expect(row).toHaveCount(1);
    expect(await seriousAccessibilityViolations(member)).toEqual([]);
    await shoot(member, identities, 'linked-identities-card');
    // A link the provider refused comes back to Settings with its reason.
    await member.goto('/settings?sso_error=identity_taken');
    await expect(
      identities.getByText('This identity is already linked to another Parley account.'),
    ).toBeVisible();
    await expect(member).toHaveURL(/\/settings$/);
    await memberContext.close();

    // The admin removes the provider through the card.
    await admin.reload();
    await expect(card.getByTestId('sso-secret-saved')).toBeVisible();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await shoot(admin, admin, 'provider-card');
    await card.getByRole('button', { name: 'Remove provider' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(admin.getByText('Single sign-on provider removed')).toBeVisible();
    await expect(card.getByTestId('sso-empty')).toBeVisible();
  } finally {
    if (admin.url().startsWith(ORIGIN)) await removeProvider(admin);
    await adminContext.close();
    await provider?.close();
  }
});

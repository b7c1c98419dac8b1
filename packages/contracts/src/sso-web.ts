import { SSO_ERROR_TEXTS, type SsoErrorCode } from './sso';

/**
 * The web app's texts of single sign-on (docs/decisions/056-single-sign-on.md): the sign-in page, the
 * admin's provider card and one's linked identities. The API's own texts are in `sso.ts`.
 */

/** Shown for an `sso_error` the web app has no text for (a newer server's code). */
export const SSO_ERROR_FALLBACK = 'Single sign-on did not go through. Try again, or ask your admin.';

/** What a callback's `?sso_error=<code>` means to the user; an unknown code gets the generic text. */
export function ssoErrorText(code: string): string {
  return Object.hasOwn(SSO_ERROR_TEXTS, code) ? SSO_ERROR_TEXTS[code as SsoErrorCode] : SSO_ERROR_FALLBACK;
}

/** The path of the provider's redirect that the admin registers at the provider (GET /api/auth/sso/callback). */
export const SSO_PROVIDER_CALLBACK_PATH = '/api/auth/sso/callback';

export const SSO_PROVIDER_TEXTS = {
  title: 'Single sign-on',
  description:
    "Members whose e-mail domain you list sign in with your organisation's OpenID Connect provider. Sign-in stays invite-only: the provider vouches for who someone is, an invitation still decides who gets in.",
  empty: 'No provider is set up. Fill in the form to add one; members keep their passwords meanwhile.',
  loadFailed: 'The single sign-on settings could not be loaded.',
  callbackLabel: 'Redirect (callback) URL',
  callbackHint: 'Register this URL at your provider as the application’s redirect URI.',
  copy: 'Copy',
  copyLabel: 'Copy the callback URL',
  copied: 'Callback URL copied',
  copyFailed: 'The URL could not be copied. Select it and copy it yourself.',
  providerHint:
    'Microsoft Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0 · Okta: https://<your domain>.okta.com · Google: https://accounts.google.com — a web application with the redirect URL above.',
  displayNameLabel: 'Name on the sign-in button',
  displayNameHint: 'Shown as "Sign in with …", such as Okta or Microsoft.',
  issuerLabel: 'Issuer URL',
  issuerHint:
    'Parley reads the provider’s settings from <issuer>/.well-known/openid-configuration when you save.',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretSavedHint: 'A secret is saved. Leave this empty to keep it, or enter a new one to replace it.',
  clientSecretHint: 'Kept encrypted and never shown again.',
  secretSavedBadge: 'saved',
  domainsLabel: 'Allowed e-mail domains',
  domainsHint: 'One per line or separated by commas, such as example.com. Only these domains see the button.',
  emailClaimLabel: 'E-mail claim',
  emailClaimHint: 'The ID token claim that holds the e-mail address; email for most providers.',
  enabledLabel: 'Enabled',
  enabledHint: 'When off, the button is hidden and nobody signs in with the provider; the settings stay.',
  save: 'Save provider',
  saved: 'Single sign-on provider saved',
  saveFailed: 'The provider could not be saved',
  remove: 'Remove provider',
  removeTitle: 'Remove the single sign-on provider?',
  removeBody:
    'Members can no longer sign in with it; linked identities stay until their owners unlink them. Anyone without a password will need a magic link or a password reset.',
  removeConfirm: 'Remove',
  removed: 'Single sign-on provider removed',
  removeFailed: 'The provider could not be removed',
  updatedAt: (when: string) => `Last saved ${when}`,
} as const;

export const LINKED_IDENTITIES_TEXTS = {
  title: 'Linked identities',
  description: "Accounts at your organisation's single sign-on provider that sign you in to Parley.",
  empty: 'No identity is linked. Link one to sign in with your organisation’s provider.',
  loadFailed: 'Your linked identities could not be loaded.',
  link: 'Link identity',
  linkFailed: 'The identity could not be linked',
  linked: 'Identity linked. You can now sign in with your organisation’s provider.',
  unlink: 'Unlink',
  unlinkTitle: 'Unlink this identity?',
  unlinkBody: (email: string) =>
    `You will no longer sign in with ${email} at this provider. You can link it again later.`,
  unlinkConfirm: 'Unlink',
  unlinked: 'Identity unlinked',
  unlinkFailed: 'The identity could not be unlinked',
  never: 'Never',
  issuer: 'Provider',
  email: 'E-mail',
  linkedAt: 'Linked',
  lastUsed: 'Last used',
} as const;

import type { DbOrTx } from '../src/db/client';
import { ssoProviders, userIdentities } from '../src/db/schema';
import { ssoSealingKey } from '../src/features/sso/sso-provider.service';
import { sealSecret } from '../src/lib/secret-box';
import { uniqueSuffix } from './factories';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider';
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN } from './test-app';

let shared: Promise<TestOidcProvider> | null = null;

/**
 * One real OpenID Connect provider for the tests of a process that only need one to answer (the route
 * scenes): started on first use, never closed (it does not keep the process alive). A context that
 * saves it needs SSO_ALLOW_INSECURE_ISSUER=true, since it listens on http.
 */
export function sharedOidcProvider(): Promise<TestOidcProvider> {
  shared ??= startOidcProvider({ redirectUri: `${TEST_ORIGIN}/api/auth/sso/callback`, unref: true });
  return shared;
}

/** A fresh e-mail domain: allowed domains belong to one organisation each. */
export const uniqueDomain = () => `${uniqueSuffix()}.example.com`;

/** The body of PUT /api/security/sso for a provider and one fresh domain. */
export function ssoProviderInput(provider: TestOidcProvider, domains = [uniqueDomain()]) {
  return {
    display_name: 'Acme Login',
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    allowed_domains: domains,
  };
}

/** A provider row of the organisation, stored as PUT would store it (without asking the provider). */
export async function insertSsoProvider(
  db: DbOrTx,
  input: { orgId: string; issuer: string; clientId?: string; clientSecret?: string; domains?: string[] },
) {
  const domains = input.domains ?? [uniqueDomain()];
  await db.insert(ssoProviders).values({
    orgId: input.orgId,
    displayName: 'Acme Login',
    issuer: input.issuer,
    clientId: input.clientId ?? 'parley-test',
    clientSecretSealed: sealSecret(ssoSealingKey(TEST_ENCRYPTION_KEY), input.clientSecret ?? 'secret'),
    allowedDomains: domains,
  });
  return { domains };
}

/** An identity linked to the user, as a first sign-in with the provider would link it. */
export async function insertUserIdentity(
  db: DbOrTx,
  input: { userId: string; orgId: string; issuer: string; email: string },
) {
  const [row] = await db
    .insert(userIdentities)
    .values({ ...input, subject: `sub-${uniqueSuffix()}` })
    .returning({ id: userIdentities.id });
  if (!row) throw new Error('no identity');
  return row.id;
}

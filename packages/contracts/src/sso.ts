import { z } from 'zod';

/**
 * OpenID Connect single sign-on per organisation (docs/decisions/056-single-sign-on.md): the admin's
 * provider settings, the sign-in page's discovery, the flow's error codes and one's linked identities.
 */

/** At most 20 allowed e-mail domains per provider: a company's domains, not a list of the internet. */
export const SSO_ALLOWED_DOMAINS_MAX = 20;
/** A sign-in or link started at the provider must come back within 10 minutes (ssoFlows.expires_at). */
export const SSO_FLOW_MINUTES = 10;
/** The scopes Parley asks the provider for: who the user is and their e-mail. */
export const SSO_SCOPE = 'openid email profile';

/** The user-facing texts of single sign-on. */
export const SSO_TEXTS = {
  issuerUnreachable:
    'The provider could not be reached at this issuer, or it is not an OpenID Connect provider. Check the issuer URL.',
  issuerNotHttps: 'Use an https:// issuer URL.',
  domainTaken: 'Another organisation already signs in with this domain.',
  secretRequired: 'Enter the client secret.',
  domainInvalid: 'Enter domains such as example.com, in lower case.',
  domainsDuplicate: 'List each domain once.',
  lastWayToSignIn:
    'This is your only way to sign in: set a password or link another identity before unlinking it.',
  identityNotFound: 'This identity is not linked to your account.',
  noProvider: 'Your organisation has no single sign-on provider.',
  signInWith: (displayName: string) => `Sign in with ${displayName}`,
} as const;

/**
 * Why a single sign-on did not go through, as the callback's redirect names it
 * (`/auth?sso_error=<code>`, `/settings?sso_error=<code>` for a link).
 */
export const SSO_ERROR_CODES = [
  /** The state is unknown, used or older than 10 minutes. */
  'state',
  /** The provider refused, or its answer did not verify (signature, issuer, audience, nonce, expiry). */
  'provider',
  /** The provider gave no e-mail, or one it says is not verified. */
  'email_missing',
  /** The e-mail's domain is not one the organisation allows. */
  'domain',
  /** No member and no pending invitation of the organisation has this e-mail (invite-only). */
  'not_invited',
  /** The member is deactivated. */
  'deactivated',
  /** Linking: the identity is already linked to another account. */
  'identity_taken',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];
export const ssoErrorCodeSchema = z.enum(SSO_ERROR_CODES);

/** What the sign-in or settings page says for each `sso_error`. `not_invited` is the sign-in page's own text. */
export const SSO_ERROR_TEXTS: Record<SsoErrorCode, string> = {
  state: 'That sign-in link has expired or was already used. Start again.',
  provider: 'Your identity provider did not confirm the sign-in. Try again, or ask your admin.',
  email_missing: 'Your identity provider did not give a verified e-mail address. Ask your admin.',
  domain: 'Your e-mail domain is not allowed to sign in with this provider. Ask your admin.',
  not_invited: 'Invite-only access. Contact an admin.',
  deactivated: 'Invite-only access. Contact an admin.',
  identity_taken: 'This identity is already linked to another Parley account.',
};

/** Lower-cased domain names (labels of letters, digits and hyphens, at least one dot). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const ssoDomainSchema = z
  .string({ error: SSO_TEXTS.domainInvalid })
  .trim()
  .toLowerCase()
  .refine((value) => DOMAIN.test(value), { error: SSO_TEXTS.domainInvalid });

const issuerSchema = z
  .string({ error: 'Enter the issuer URL' })
  .trim()
  .min(1, { error: 'Enter the issuer URL' })
  .max(500, { error: 'Use at most 500 characters' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter the issuer URL, such as https://login.example.com' }));

/** PUT /api/security/sso: creates or replaces the provider. The secret is write-only: leave it out to keep it. */
export const saveSsoProviderInputSchema = z.object({
  display_name: z
    .string({ error: 'Enter the name shown on the sign-in button' })
    .trim()
    .min(1, { error: 'Enter the name shown on the sign-in button' })
    .max(80, { error: 'Use at most 80 characters' }),
  issuer: issuerSchema,
  client_id: z
    .string({ error: 'Enter the client ID' })
    .trim()
    .min(1, { error: 'Enter the client ID' })
    .max(500, { error: 'Use at most 500 characters' }),
  client_secret: z
    .string({ error: SSO_TEXTS.secretRequired })
    .min(1, { error: SSO_TEXTS.secretRequired })
    .max(2000, { error: 'Use at most 2000 characters' })
    .optional(),
  allowed_domains: z
    .array(ssoDomainSchema, { error: 'List the e-mail domains that sign in with this provider' })
    .min(1, { error: 'List at least one e-mail domain' })
    .max(SSO_ALLOWED_DOMAINS_MAX, { error: `List at most ${SSO_ALLOWED_DOMAINS_MAX} domains` })
    .refine((domains) => new Set(domains).size === domains.length, { error: SSO_TEXTS.domainsDuplicate }),
  email_claim: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'Name one claim, such as email' })
    .default('email'),
  enabled: z.boolean({ error: 'Choose on or off' }).default(true),
});
export type SaveSsoProviderInput = z.infer<typeof saveSsoProviderInputSchema>;

/** GET/PUT /api/security/sso: the provider as an admin sees it, never its secret. */
export const ssoProviderSchema = z.object({
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  email_claim: z.string(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProviderResponseSchema = ssoProviderSchema.nullable();

/** GET /api/auth/sso?email= and /api/auth/sso/start?email=: the address typed on the sign-in page. */
export const ssoEmailQuerySchema = z.object({
  email: z
    .string({ error: 'Enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(
      z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Use at most 254 characters' }),
    ),
});

/**
 * GET /api/auth/sso: whether the address's domain signs in with a provider. Only the button's name and
 * where it leads: never the organisation.
 */
export const ssoDiscoveryResponseSchema = z.object({
  sso: z.object({ display_name: z.string(), start_url: z.string() }).nullable(),
});
export type SsoDiscoveryResponse = z.infer<typeof ssoDiscoveryResponseSchema>;

/** GET /api/auth/sso/callback: what the provider sends back (checked again by openid-client). */
export const ssoCallbackQuerySchema = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(500).optional(),
  })
  .loose();

/** One of the signed-in user's identities at their organisation's provider. */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  issuer: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
/**
 * GET /api/auth/identities: one's identities, and the organisation's enabled provider (its button's
 * name), or null when there is none to link with.
 */
export const listLinkedIdentitiesResponseSchema = z.object({
  items: z.array(linkedIdentitySchema),
  provider: z.object({ display_name: z.string() }).nullable(),
});
export type ListLinkedIdentitiesResponse = z.infer<typeof listLinkedIdentitiesResponseSchema>;

/** POST /api/auth/identities/link: where to send the browser (the provider's sign-in). */
export const startIdentityLinkResponseSchema = z.object({ url: z.string() });
export type StartIdentityLinkResponse = z.infer<typeof startIdentityLinkResponseSchema>;

export const identityIdParamSchema = z.object({ id: z.uuid({ error: 'Not a valid identity id' }) });

import { SSO_TEXTS, ssoErrorText } from '@parley/contracts';
import { Building2 } from 'lucide-react';
import { FormErrorAlert } from '@/components/form-error-alert';
import { Button } from '@/components/ui/button';
import { useSsoDiscovery } from '../api/discover-sso';

/**
 * 'Sign in with {provider}' (docs/decisions/056-single-sign-on.md): shown once the address typed belongs
 * to a domain with a provider. A link, not a fetch: the server's start URL redirects the whole page to
 * the provider, which comes back to the server's callback.
 */
export function SsoSignInButton({ email }: { email: string }) {
  const sso = useSsoDiscovery(email);
  if (!sso) return null;
  return (
    <Button asChild variant="outline" data-testid="sso-sign-in">
      <a href={sso.start_url}>
        <Building2 aria-hidden="true" />
        {SSO_TEXTS.signInWith(sso.display_name)}
      </a>
    </Button>
  );
}

/** The reason a single sign-on came back refused, in the sign-in form's error style. */
export function SsoErrorAlert({ id, code }: { id: string; code: string }) {
  return <FormErrorAlert id={id} description={ssoErrorText(code)} />;
}

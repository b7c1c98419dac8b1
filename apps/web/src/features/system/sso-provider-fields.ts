/** The single sign-on provider form's pure parts (components/sso-provider-card.tsx). */

export type FieldName =
  | 'display_name'
  | 'issuer'
  | 'client_id'
  | 'client_secret'
  | 'allowed_domains'
  | 'email_claim'
  | 'enabled';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Domains as an admin types them: one per line or separated by commas (and stray spaces). */
export function parseDomainList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter((domain) => domain.length > 0);
}

/** `allowed_domains.2` → `allowed_domains`: a field's message, wherever in it the problem is. */
export function fieldErrorsOf(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const name = path.split('.')[0] as FieldName;
    errors[name] ??= message;
  }
  return errors;
}

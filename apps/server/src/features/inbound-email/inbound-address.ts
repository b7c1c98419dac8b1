import { INBOUND_LOCAL_PART } from '@parley/contracts';

/**
 * An organisation's inbound address and its parts (docs/decisions/058-inbound-email.md):
 * `ir+{org-slug}@domain`, or `ir+{org-slug}.{fund-slug}@domain` to name a fund. The organisation's slug
 * is stored (organizations.inbound_slug); a fund's is its name in the same form, computed here.
 */

/** A name as a slug: lower-case ASCII letters and digits, runs of anything else one hyphen, at most 40. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
}

/** The address replies and the Email Health screen give: the fund's when `fundName` is given. */
export function inboundAddress(domain: string, orgSlug: string, fundName?: string | null): string {
  const fund = fundName ? slugOf(fundName) : '';
  return `${INBOUND_LOCAL_PART}+${orgSlug}${fund ? `.${fund}` : ''}@${domain}`;
}

export type InboundRecipient = { orgSlug: string; fundSlug: string | null };

/**
 * The organisation (and fund) an address is for, when it is one of ours: any local part with a
 * `+{org}` or `+{org}.{fund}` tag at `domain`, case-insensitive; null otherwise.
 */
export function parseInboundAddress(address: string, domain: string): InboundRecipient | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  const tag = /^[^+]+\+([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.([a-z0-9]+(?:-[a-z0-9]+)*))?$/.exec(local);
  if (!tag?.[1]) return null;
  return { orgSlug: tag[1], fundSlug: tag[2] ?? null };
}

import { Resolver } from 'node:dns/promises';
import { dmarcPolicyOf, findDmarc, findSpf, hasDkimKey } from './dns-records';
import { type DomainDnsFindings, gradeDomainDns } from './dns-rules';
import { type HealthCheck, settleWithin, TIMED_OUT } from './health-check';

const NAME = 'Domain & DNS';
const DEFAULT_TIMEOUT_MS = 3000;

/**
 * details.status, the spec's word for the domain's state (docs/operations.md, Email health checks).
 * SKIP is 'temporary_failure': the answer is unknown, not negative.
 */
const DOMAIN_STATUS: Record<'PASS' | 'WARN' | 'FAIL' | 'SKIP', string> = {
  PASS: 'verified',
  WARN: 'partially_verified',
  FAIL: 'failed',
  SKIP: 'temporary_failure',
};

/** No such domain (NXDOMAIN) or no record of the type: a finding about the domain, not a DNS outage. */
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/** A lookup that got no answer (timeout, refused, SERVFAIL…): the check cannot say anything. */
class LookupFailed extends Error {
  constructor(
    readonly lookup: string,
    readonly code: string,
  ) {
    super(`${lookup}: ${code}`);
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

async function lookup<T>(what: string, resolve: () => Promise<T[]>): Promise<T[]> {
  try {
    return await resolve();
  } catch (error) {
    if (NO_RECORD_CODES.has(codeOf(error))) return [];
    throw new LookupFailed(what, codeOf(error));
  }
}

/** TXT records at a name, each record's strings joined (a long key is split into 255-byte strings). */
function lookupTxt(resolver: Resolver, name: string): Promise<string[]> {
  return lookup(`TXT ${name}`, async () => (await resolver.resolveTxt(name)).map((s) => s.join('')));
}

function lookupMx(resolver: Resolver, name: string): Promise<unknown[]> {
  return lookup(`MX ${name}`, () => resolver.resolveMx(name));
}

function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

async function findDomainDns(
  resolver: Resolver,
  input: { domain: string; dkimSelector: string; returnPathDomain: string },
): Promise<DomainDnsFindings> {
  const { domain, returnPathDomain } = input;
  const dkimName = `${input.dkimSelector}._domainkey.${domain}`;
  const domainTxt = lookupTxt(resolver, domain);
  const [txt, dkimTxt, dmarcTxt, returnPathTxt, returnPathMx] = await Promise.all([
    domainTxt,
    lookupTxt(resolver, dkimName),
    lookupTxt(resolver, `_dmarc.${domain}`),
    returnPathDomain === domain ? domainTxt : lookupTxt(resolver, returnPathDomain),
    lookupMx(resolver, returnPathDomain),
  ]);
  const dmarc = findDmarc(dmarcTxt);
  return {
    domain,
    dkimName,
    returnPathDomain,
    spf: findSpf(txt),
    dkimVerified: hasDkimKey(dkimTxt),
    dmarc,
    dmarcPolicy: dmarc.record === null ? null : dmarcPolicyOf(dmarc.record),
    // Decision 040: an SPF record (receivers check SPF against the envelope sender) or an MX (bounces
    // come back to it) shows the return path domain was set up for mail.
    returnPathVerified: findSpf(returnPathTxt).record !== null || returnPathMx.length > 0,
  };
}

function createResolver(server: string | undefined, timeoutMs: number): Resolver {
  // One try of timeoutMs per server; settleWithin bounds the total when the system lists several.
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (server) resolver.setServers([server]);
  return resolver;
}

/**
 * The 'Domain & DNS' check of the email health report: SPF, DKIM, DMARC and the return path of the
 * sending domain, graded by DOMAIN_DNS_RULES (docs/operations.md, Email health checks).
 */
export async function checkDomainDns(input: {
  domain: string;
  dkimSelector: string;
  returnPathDomain?: string;
  resolver?: string;
  timeoutMs?: number;
}): Promise<HealthCheck> {
  const domain = normalizeDomain(input.domain);
  const returnPathDomain = normalizeDomain(input.returnPathDomain ?? domain);
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = {
    domain,
    dkim_selector: input.dkimSelector,
    return_path_domain: returnPathDomain,
    resolver: input.resolver ?? 'system',
  };
  const resolver = createResolver(input.resolver, timeoutMs);
  let findings: DomainDnsFindings | typeof TIMED_OUT;
  try {
    findings = await settleWithin(
      findDomainDns(resolver, { domain, dkimSelector: input.dkimSelector, returnPathDomain }),
      timeoutMs,
      () => resolver.cancel(),
    );
  } catch (error) {
    if (!(error instanceof LookupFailed)) throw error;
    return skipped(base, `the lookup of ${error.lookup} failed (${error.code})`);
  }
  if (findings === TIMED_OUT) return skipped(base, `DNS did not answer within ${timeoutMs} ms`);
  return graded(base, findings);
}

function graded(base: Record<string, unknown>, f: DomainDnsFindings): HealthCheck {
  const { status, problems } = gradeDomainDns(f);
  const summary =
    problems.length === 0
      ? `SPF, DKIM and DMARC are published for ${f.domain}; DMARC policy is ${f.dmarcPolicy}.`
      : `${capitalize(problems.join('; '))}.`;
  return {
    name: NAME,
    status,
    summary,
    details: {
      ...base,
      ...specFields(status, {
        spf: f.spf.record !== null,
        dkim: f.dkimVerified,
        returnPath: f.returnPathVerified,
        dmarc: f.dmarc.record !== null,
      }),
      dmarc_policy: f.dmarcPolicy,
      spf_record: f.spf.record,
      dmarc_record: f.dmarc.record,
    },
  };
}

function skipped(base: Record<string, unknown>, reason: string): HealthCheck {
  const unknown = { spf: false, dkim: false, returnPath: false, dmarc: false };
  return {
    name: NAME,
    status: 'SKIP',
    summary: `DNS of ${base.domain} could not be checked: ${reason}.`,
    details: {
      ...base,
      ...specFields('SKIP', unknown),
      dmarc_policy: null,
      spf_record: null,
      dmarc_record: null,
      reason,
    },
  };
}

/** The fields the spec names for this check (docs/product.md, Email health report). */
function specFields(
  status: keyof typeof DOMAIN_STATUS,
  verified: { spf: boolean; dkim: boolean; returnPath: boolean; dmarc: boolean },
) {
  return {
    spf_verified: verified.spf,
    dkim_verified: verified.dkim,
    return_path_verified: verified.returnPath,
    dmarc_present: verified.dmarc,
    status: DOMAIN_STATUS[status],
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

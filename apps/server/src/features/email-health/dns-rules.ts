import type { DmarcPolicy, RecordFinding } from './dns-records';
import type { CheckStatus } from './health-check';

/** What the lookups of the 'Domain & DNS' check found. */
export type DomainDnsFindings = {
  domain: string;
  /** `${selector}._domainkey.${domain}` */
  dkimName: string;
  returnPathDomain: string;
  spf: RecordFinding;
  dkimVerified: boolean;
  dmarc: RecordFinding;
  dmarcPolicy: DmarcPolicy | null;
  returnPathVerified: boolean;
};

type DomainDnsRule = {
  status: Extract<CheckStatus, 'WARN' | 'FAIL'>;
  applies: (f: DomainDnsFindings) => boolean;
  /** A clause of the check's summary naming the problem and where it was looked for. */
  problem: (f: DomainDnsFindings) => string;
};

const spfVerified = (f: DomainDnsFindings) => f.spf.record !== null;

function missing(kind: string, name: string, finding: RecordFinding): string {
  return finding.count > 1
    ? `${finding.count} ${kind} records at ${name}, so receivers ignore them all`
    : `no ${kind} record at ${name}`;
}

/**
 * The rules of the 'Domain & DNS' check, documented in docs/operations.md (Email health checks): the
 * check takes the worst status of the rules that apply, PASS when none does.
 */
export const DOMAIN_DNS_RULES: readonly DomainDnsRule[] = [
  {
    status: 'FAIL',
    applies: (f) => !spfVerified(f) && !f.dkimVerified,
    problem: (f) =>
      `${missing('SPF', f.domain, f.spf)} and no DKIM key at ${f.dkimName}: receivers cannot authenticate mail from ${f.domain}`,
  },
  {
    status: 'WARN',
    applies: (f) => !spfVerified(f) && f.dkimVerified,
    problem: (f) => missing('SPF', f.domain, f.spf),
  },
  {
    status: 'WARN',
    applies: (f) => spfVerified(f) && !f.dkimVerified,
    problem: (f) => `no DKIM key at ${f.dkimName}`,
  },
  {
    status: 'WARN',
    applies: (f) => f.dmarc.record === null,
    problem: (f) => missing('DMARC', `_dmarc.${f.domain}`, f.dmarc),
  },
  {
    // p=none asks receivers to do nothing with mail that fails: a monitoring policy, not protection.
    status: 'WARN',
    applies: (f) => f.dmarc.record !== null && f.dmarcPolicy !== 'quarantine' && f.dmarcPolicy !== 'reject',
    problem: (f) =>
      f.dmarcPolicy === 'none'
        ? `DMARC policy of ${f.domain} is none, so receivers take no action on mail that fails SPF and DKIM`
        : `the DMARC record of ${f.domain} has no valid policy (p=none, quarantine or reject)`,
  },
  {
    status: 'WARN',
    applies: (f) => !f.returnPathVerified,
    problem: (f) => `the return path domain ${f.returnPathDomain} has neither an SPF record nor an MX record`,
  },
];

/** The check's status and its problems, in the table's order. */
export function gradeDomainDns(findings: DomainDnsFindings): {
  status: Extract<CheckStatus, 'PASS' | 'WARN' | 'FAIL'>;
  problems: string[];
} {
  const applying = DOMAIN_DNS_RULES.filter((rule) => rule.applies(findings));
  const status = applying.some((rule) => rule.status === 'FAIL')
    ? 'FAIL'
    : applying.length > 0
      ? 'WARN'
      : 'PASS';
  return { status, problems: applying.map((rule) => rule.problem(findings)) };
}

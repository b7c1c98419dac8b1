import { AUDIT_CHAIN_TEXTS, type AuditVerifyResponse, COMPLIANCE_TEXTS } from '@parley/contracts';
import { formatNumber } from './format';

/** What the last recorded verification says, in the words the Compliance center and System Health share. */
export type ChainVerdict = {
  tone: 'pass' | 'fail' | 'none';
  label: string;
  /** How many entries it walked, or null before the first verification. */
  entries: string | null;
  /** The first problem found, when it failed. */
  problem: string | null;
};

export function chainVerdict(verification: AuditVerifyResponse | null): ChainVerdict {
  if (!verification) {
    return { tone: 'none', label: AUDIT_CHAIN_TEXTS.neverVerified, entries: null, problem: null };
  }
  const entries = formatNumber(verification.entries);
  return verification.valid
    ? {
        tone: 'pass',
        label: COMPLIANCE_TEXTS.chainVerified,
        entries: AUDIT_CHAIN_TEXTS.entriesVerified(entries),
        problem: null,
      }
    : {
        tone: 'fail',
        label: COMPLIANCE_TEXTS.chainBroken,
        entries: AUDIT_CHAIN_TEXTS.stoppedAfter(entries),
        problem: verification.problem?.message ?? null,
      };
}

import type { DbOrTx } from '../../db/client';
import {
  checkWithPolicy,
  loadCompliancePolicy,
  type OrgCheckResult,
  type OrgCompliancePolicy,
} from '../compliance/compliance.service';
import type { Opinion } from '../compliance/second-opinion';
import { type ClaimVersion, claimFlagsOf } from './claim-flags';
import { consistencyFlagsOf } from './earlier-answers';
import { selectiveDisclosureFlags } from './selective-disclosure';

/**
 * The organisation's check of a version of a reply: the checker on its text, the claim check against
 * its cited passages (docs/decisions/026-claim-check.md), the model's opinion when one was asked, and
 * its consistency with the fund's earlier sent replies (docs/decisions/027-consistency-across-investors.md)
 * and the non-public documents it cites (docs/decisions/053-non-public-documents.md).
 * Every check of a stored version goes through here — checking, Apply Fix, submitting, approving — so
 * they all see the same flags.
 */
export async function checkVersionText(
  db: DbOrTx,
  orgId: string,
  version: ClaimVersion,
  options: { policy?: OrgCompliancePolicy; opinion?: Opinion | undefined } = {},
): Promise<OrgCheckResult> {
  const policy = options.policy ?? (await loadCompliancePolicy(db, orgId));
  const claims = [
    ...(await claimFlagsOf(db, orgId, version)),
    ...(await selectiveDisclosureFlags(db, orgId, version)),
  ].sort((a, b) => a.start - b.start);
  const replyFlags = await consistencyFlagsOf(db, { orgId, message: version.message, text: version.text });
  return checkWithPolicy(policy, version.text, options.opinion, claims, replyFlags);
}
